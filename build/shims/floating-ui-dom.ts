/**
 * Stands in for @floating-ui/dom in the Worker's build (see worker-shims.ts). Ark's menu imports it to place
 * its dropdown next to its trigger, which only ever happens in a browser, in the menu's effects; the Worker
 * only renders the menu's markup. Each export has the original's name, and says so if it is ever called.
 */
const browserOnly =
  (name: string) =>
  (..._args: unknown[]): never => {
    throw new Error(`@floating-ui/dom's ${name}() positions elements in a browser; the Worker only renders markup`);
  };

export const arrow = browserOnly("arrow");
export const autoUpdate = browserOnly("autoUpdate");
export const computePosition = browserOnly("computePosition");
export const flip = browserOnly("flip");
export const hide = browserOnly("hide");
export const limitShift = browserOnly("limitShift");
export const offset = browserOnly("offset");
export const shift = browserOnly("shift");
export const size = browserOnly("size");
