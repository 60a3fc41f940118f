import type { Plugin } from "vite";

/**
 * Packages the Worker's bundle would import only for code that runs in a browser, with the exports it
 * imports from each. Ark's menu, toasts and carousel call them in their effects and event handlers (placing
 * the dropdown next to its trigger, closing a layer on a click outside it, telling keyboard from pointer
 * focus, measuring scroll-snap points), never while rendering markup, which is all the Worker does.
 */
const BROWSER_ONLY: Readonly<Record<string, readonly string[]>> = {
  "@floating-ui/dom": ["arrow", "autoUpdate", "computePosition", "flip", "hide", "limitShift", "offset", "shift", "size"],
  "@zag-js/dismissable": ["trackDismissableBranch", "trackDismissableElement"],
  "@zag-js/focus-visible": ["getInteractionModality", "setInteractionModality", "trackFocusVisible"],
  "@zag-js/scroll-snap": ["findSnapPoint", "getScrollSnapPositions"],
};

const PREFIX = "\0browser-only:";

/**
 * In the Worker's build only (the browser's keeps the real packages), resolves each browser-only package to
 * a stand-in with the same exports: less to upload and less for each new isolate to load. If the Worker ever
 * called one, the stand-in would throw, and the page's render would fail in the tests; an export missing
 * from the list fails the build.
 */
export function workerShims(): Plugin {
  return {
    name: "worker-shims",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "worker",
    resolveId: (id) => (id in BROWSER_ONLY ? `${PREFIX}${id}` : undefined),
    load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const name = id.slice(PREFIX.length);
      return BROWSER_ONLY[name]!.map(
        (exported) =>
          `export function ${exported}() { throw new Error(${JSON.stringify(`${name}'s ${exported}() runs in a browser; the Worker only renders markup`)}); }`,
      ).join("\n");
    },
  };
}
