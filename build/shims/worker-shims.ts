import { createRequire } from "node:module";
import { dirname, join } from "node:path";
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

/**
 * Packages of which the Worker's render uses some exports and never calls the others: the used ones come from
 * the package's own files, by path; the rest are stand-ins. Zag's popper computes the dropdown's styles while
 * rendering, and places it (with Floating UI) only in the browser.
 */
const PARTLY_BROWSER_ONLY: Readonly<
  Record<string, { readonly used: Readonly<Record<string, readonly string[]>>; readonly browserOnly: readonly string[] }>
> = {
  "@zag-js/popper": {
    used: { "dist/get-styles.mjs": ["getPlacementStyles"], "dist/placement.mjs": ["getPlacementSide", "isValidPlacement"] },
    browserOnly: ["getPlacement"],
  },
};

const PREFIX = "\0browser-only:";

const standIn = (name: string, exported: string) =>
  `export function ${exported}() { throw new Error(${JSON.stringify(`${name}'s ${exported}() runs in a browser; the Worker only renders markup`)}); }`;

/** Where a package's files are (its package.json's folder), from the project's root. */
const packageFolder = (name: string) => dirname(createRequire(join(process.cwd(), "package.json")).resolve(`${name}/package.json`));

function standInModule(name: string): string {
  const partly = PARTLY_BROWSER_ONLY[name];
  if (!partly) return BROWSER_ONLY[name]!.map((exported) => standIn(name, exported)).join("\n");
  const folder = packageFolder(name);
  const used = Object.entries(partly.used).map(
    ([file, names]) => `export { ${names.join(", ")} } from ${JSON.stringify(join(folder, file))};`,
  );
  return [...used, ...partly.browserOnly.map((exported) => standIn(name, exported))].join("\n");
}

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
    resolveId: (id) => (id in BROWSER_ONLY || id in PARTLY_BROWSER_ONLY ? `${PREFIX}${id}` : undefined),
    load: (id) => (id.startsWith(PREFIX) ? standInModule(id.slice(PREFIX.length)) : undefined),
  };
}
