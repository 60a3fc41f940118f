import { test as base, expect, type Page } from "@playwright/test";
import { headlessShell } from "../test/support/chromium.ts";

export interface ConsoleRecord {
  /** console.error calls and uncaught page errors seen while the test ran. */
  readonly errors: string[];
  /** console.warn calls (React's hydration warnings among them). */
  readonly warnings: string[];
}

/**
 * `test` with a `console` fixture: every test records the page's errors and warnings and, unless it
 * calls `console.allow()` for an expected one, fails when any appeared. Each test's page is a visitor of
 * its own (see ownClientAddress) whose pointer rests outside the window (see restPointerOutside).
 */
export const test = base.extend<{ console: ConsoleRecord & { allow(pattern: RegExp): void } }>({
  page: async ({ page, baseURL, launchOptions }, use) => {
    await ownClientAddress(page);
    if (launchOptions.executablePath === headlessShell.executablePath) await restPointerOutside(page, baseURL!);
    await use(page);
  },
  console: [
    async ({ page }, use) => {
      const record = { errors: [] as string[], warnings: [] as string[], allowed: [] as RegExp[] };
      page.on("console", (message) => {
        if (message.type() === "error") record.errors.push(message.text());
        if (message.type() === "warning") record.warnings.push(message.text());
      });
      page.on("pageerror", (error) => record.errors.push(`${error.name}: ${error.message}`));
      await use({
        errors: record.errors,
        warnings: record.warnings,
        allow: (pattern) => record.allowed.push(pattern),
      });
      const unexpected = [...record.errors, ...record.warnings].filter((text) => !record.allowed.some((p) => p.test(text)));
      expect(unexpected, "console errors or warnings").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Opens a page and makes every island live before the test goes on. Islands hydrate lazily (on
 * interaction or when scrolled near, see src/islands/registry.ts), so this asks the page to hydrate them
 * all now, without moving the pointer, focus or scroll position, then waits until the client marks the
 * page hydrated. Returns the page's response.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrateIslands(page);
  return response;
}

/** Hydrates every island of the current page now and waits until all are live. */
async function hydrateIslands(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event("hydrate-islands")));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Rests the headless shell's mouse pointer outside the window, where a phone has none and a desktop
 * visitor's is until they reach for the page (the full browser has none until a test moves it). The shell
 * otherwise puts it at the window's top-left corner and sends a pointerover there as each page loads: over
 * the header, which starts the phone's menu that no visitor touched. The pointer's place is kept by the
 * site's documents, so it is moved on one (robots.txt, the lightest).
 */
async function restPointerOutside(page: Page, origin: string) {
  await page.goto(new URL("/robots.txt", origin).href);
  await page.mouse.move(-1, -1);
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/**
 * Makes the page a visitor of its own: the contact API allows 5 posts a minute per client (an IPv6 client
 * counts by its /64), and tests running side by side would otherwise all post from one. Every test's `page`
 * gets this; a page a test opens itself needs it too.
 */
export async function ownClientAddress(page: Page) {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": `2001:db8:${group()}:${group()}::${group()}` });
}
