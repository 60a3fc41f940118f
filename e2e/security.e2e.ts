import { pages, routeTable } from "../scripts/lib/site-routes.ts";
import { STORED_DIR } from "../src/content/stored-keys.ts";
import { watchCspViolations } from "./csp.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

/*
 * Each kind of page breaks nothing under its Content-Security-Policy: the one visit a page of
 * accessibility.e2e.ts reads the browser's reports, and src/test/site/site.test.ts reads every page's inline
 * scripts. Here, what a visitor does next.
 */
test.describe("the Content-Security-Policy", () => {
  test("keeps the interactive parts working: menu, toast", async ({ page }) => {
    const violations = await watchCspViolations(page);
    await gotoHydrated(page, "/contact");
    await page.getByRole("button", { name: pages.contact.submitLabel }).click();
    await expect(page.getByRole("status").filter({ hasText: pages.contact.outcomes.missing.title })).toBeVisible();
    expect(await violations()).toEqual([]);
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
