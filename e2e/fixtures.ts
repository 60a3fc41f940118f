import { test as base, expect, type Page } from "@playwright/test";

export interface ConsoleRecord {
  /** console.error calls and uncaught page errors seen while the test ran. */
  readonly errors: string[];
  /** console.warn calls (React's hydration warnings among them). */
  readonly warnings: string[];
}

/**
 * `test` with a `console` fixture: every test records the page's errors and warnings and, unless it
 * calls `console.allow()` for an expected one, fails when any appeared.
 */
export const test = base.extend<{ console: ConsoleRecord & { allow(pattern: RegExp): void } }>({
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

/** Waits until every island on the page has hydrated (the client marks none; we wait for idle JS). */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;
