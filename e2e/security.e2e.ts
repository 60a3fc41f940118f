import { pages, routeTable } from "../scripts/lib/site-routes.ts";
import { STORED_DIR } from "../src/content/stored-keys.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

test.describe("the Content-Security-Policy", () => {
  test.beforeEach(async ({ page }) => {
    // Records every violation the browser reports, from the first byte of each page.
    await page.addInitScript(() => {
      (window as unknown as { cspViolations: string[] }).cspViolations = [];
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
  });

  for (const route of routeTable.routes) {
    test(`breaks nothing on ${route.path}`, async ({ page }) => {
      const response = await gotoHydrated(page, route.path);
      expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    });
  }

  test("keeps the interactive parts working: menu, toast", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.getByRole("button", { name: pages.contact.submitLabel }).click();
    await expect(page.getByRole("status").filter({ hasText: pages.contact.outcomes.missing.title })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
});

test.describe("the pages stored as data beside the Worker", () => {
  test("are never served to a visitor as they are: the Worker answers with its 404 page", async ({ request, console }) => {
    console.allow(/404 Not Found/);
    // The build stores every page of the articles and lists, and the sitemap's entries, under /_content/.
    for (const path of [`/${STORED_DIR}/sitemap.json`, `/${STORED_DIR}/routes${routeTable.byKind.resources[0]!.path}.json`]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"], path).toMatch(/^text\/html/);
    }
  });
});
