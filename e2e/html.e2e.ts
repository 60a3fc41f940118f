import { routeTable } from "../scripts/lib/site-routes.ts";
import { expect, test } from "./fixtures.ts";
import { htmlProblems } from "./html-checker.ts";

/*
 * Valid HTML, as the W3C's Nu Html Checker (vnu.jar, run with Java) judges it: every page the built site lists
 * in its sitemap, the 404 page and the contact page's outcomes, in one run of the checker. Errors and warnings
 * fail the test (html-checker.ts runs it).
 */

/** A word of the first article's title, which the search without JavaScript finds. */
const searchedWord = routeTable.byKind.article[0]?.params.article.title.split(/\s+/).at(-1) ?? "contract";

test("every page is valid HTML", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the HTML is the same at every width; checked once");
  test.setTimeout(120_000);

  const sitemap = await (await request.get("/sitemap.xml")).text();
  const routes = Array.from(sitemap.matchAll(/<loc>([^<]+)<\/loc>/g), (match) => new URL(match[1]!).pathname);
  // Every page but the search's results, which are not for search engines; those are checked with a query.
  const listed = routeTable.routes.filter((route) => route.kind !== "search");
  expect(routes, "routes in the sitemap").toEqual(listed.map((route) => route.path));
  const searches = routeTable.byKind.search.map((route) => `${route.path}?q=${encodeURIComponent(searchedWord)}`);

  const pages = new Map<string, string>();
  for (const path of [...routes, ...searches, "/no-such-page", "/contact?sent=1"]) {
    const response = await request.get(path);
    expect([200, 404], path).toContain(response.status());
    pages.set(path, await response.text());
  }
  // The contact page as the plain (no JavaScript) form gets it back with errors.
  const invalid = await request.post("/api/contact", {
    form: { name: "", email: "not an address", message: "" },
    headers: { origin: new URL(testInfo.project.use.baseURL!).origin },
  });
  expect(invalid.status()).toBe(422);
  pages.set("/contact (form errors)", await invalid.text());

  expect(htmlProblems(pages), "Nu Html Checker errors and warnings").toEqual([]);
});
