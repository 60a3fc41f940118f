/**
 * The two builds of Debian's Chromium the browser tests and the lab launch, and the flags every launch
 * passes. `CHROMIUM_PATH` and `CHROMIUM_HEADLESS_SHELL_PATH` point elsewhere.
 */

/** No sandbox (tests run as root in a container), no GPU, and none of the browser's own traffic. */
const chromiumFlags = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/**
 * The browser visitors run (package chromium, in its headless mode). The tests whose subject is the browser's
 * own behaviour run in it, where the headless shell below behaves otherwise: it has no back/forward cache,
 * and it sets text a little narrower or wider. (It also puts a mouse pointer at the window's corner:
 * e2e/fixtures.ts moves it out.)
 */
export const fullChromium = { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumFlags };

/**
 * Chromium's headless shell (package chromium-headless-shell): the same engine without the browser's window
 * layers, which Playwright itself runs headless tests in. Each page costs about half the CPU it costs the full
 * browser (docs/contributing.md), so every other browser test runs in it.
 */
export const headlessShell = {
  executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell",
  args: chromiumFlags,
};
