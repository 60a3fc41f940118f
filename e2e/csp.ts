import type { Page } from "@playwright/test";

type WatchedWindow = Window & { cspViolations: string[] };

/**
 * Records every Content-Security-Policy violation the browser reports, from the first byte of each page the
 * tab opens from now on; the returned function reads those of the page shown.
 */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    (window as unknown as WatchedWindow).cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as WatchedWindow).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as WatchedWindow).cspViolations);
}
