let wholeStylesheet: Promise<void> | undefined;

/**
 * The page's inlined styles cover its server markup only (src/page-styles). What an island renders later (a
 * toast, an error, an open menu) may need any rule of the site's stylesheet, so the whole sheet is loaded,
 * once, before the first island hydrates; it repeats the inlined rules in the same order, so nothing already
 * on screen changes. If it fails to load, the islands start all the same.
 */
export function loadWholeStylesheet(): Promise<void> {
  return (wholeStylesheet ??= new Promise((resolve) => {
    const href = document.querySelector<HTMLElement>("style[data-full-stylesheet]")?.dataset.fullStylesheet;
    if (!href) return resolve();
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.appendChild(link);
  }));
}
