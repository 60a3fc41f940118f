import { routePerKind } from "../scripts/lib/site-routes.ts";
import { fullChromium } from "../test/support/chromium.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

/*
 * A page of each kind (routePerKind) comes back from the back/forward cache: Back shows the page as the
 * visitor left it, at once, without asking the server again. Playwright launches Chromium with the cache
 * switched off; here it is on. A restored page fires no load event, so Back waits only for the commit.
 */

// The full browser: the headless shell has no back/forward cache.
test.use({ launchOptions: { ...fullChromium, ignoreDefaultArgs: ["--disable-back-forward-cache"] } });

for (const { path } of routePerKind) {
  test(`${path} is restored from the back/forward cache, its islands live`, async ({ page }) => {
    // Every page notes in its `pageshow` whether it was restored; cleared before leaving, so only the one
    // after Back counts (a page loaded anew notes false).
    await page.addInitScript(() =>
      window.addEventListener("pageshow", (event) => ((window as unknown as { restored?: boolean }).restored = event.persisted)),
    );
    await gotoHydrated(page, path);
    await page.evaluate(() => delete (window as unknown as { restored?: boolean }).restored);
    await page.goto(path === "/" ? "/services" : "/");
    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(path);
    await page.waitForFunction(() => (window as unknown as { restored?: boolean }).restored !== undefined);
    const restored = await page.evaluate(() => (window as unknown as { restored?: boolean }).restored);
    const reasons = restored
      ? null
      : await page.evaluate(() =>
          JSON.stringify(
            (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { notRestoredReasons?: unknown })
              .notRestoredReasons,
          ),
        );
    expect(restored, `not restored: ${reasons}`).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
  });
}
