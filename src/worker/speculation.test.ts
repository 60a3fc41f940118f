import { describe, expect, it, vi } from "vitest";
import { routeTable } from "../routes/index.ts";
import { SITEMAP_PATH } from "../seo/crawling.ts";
import { FEED_PATH } from "../seo/feed.ts";
import { fetchPath } from "../test/html.ts";
import { SPECULATION_RULES_PATH } from "./speculation.ts";

interface Rule {
  source: string;
  eagerness: string;
  where: { and: [{ href_matches: string }, { not: { href_matches: string[] } }, { not: { selector_matches: string } }] };
}

const origin = "http://localhost";

async function servedRules(): Promise<{ prerender: Rule[] }> {
  const response = await fetchPath(SPECULATION_RULES_PATH);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/speculationrules+json");
  return response.json();
}

/** Whether the served rules let the browser prerender a link to `path` (the URL patterns as Chromium reads them). */
async function speculated(path: string): Promise<boolean> {
  const [rule] = (await servedRules()).prerender;
  const [included, excluded] = rule!.where.and;
  const url = new URL(path, origin).href;
  const matches = (pattern: string) => new URLPattern(pattern, origin).test(url);
  return matches(included.href_matches) && !excluded.not.href_matches.some(matches);
}

describe("speculation rules", () => {
  it("are named by a Speculation-Rules header on every page and the 404 page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const path of [...routeTable.routes.map((route) => route.path), "/no-such-page"]) {
      expect((await fetchPath(path)).headers.get("speculation-rules"), path).toBe(`"${SPECULATION_RULES_PATH}"`);
    }
    vi.restoreAllMocks();
  });

  it("are not on the API's answers, the feed or the sitemap", async () => {
    for (const path of ["/api/contact", FEED_PATH, SITEMAP_PATH, SPECULATION_RULES_PATH]) {
      expect((await fetchPath(path)).headers.get("speculation-rules"), path).toBeNull();
    }
  });

  it("prerender at moderate eagerness, from the page's links", async () => {
    const { prerender } = await servedRules();
    expect(prerender).toHaveLength(1);
    expect(prerender[0]).toMatchObject({ source: "document", eagerness: "moderate" });
  });

  it("take in every page of the site", async () => {
    for (const { path } of routeTable.routes) expect(await speculated(path), path).toBe(true);
    expect(await speculated("/services?ref=home#top")).toBe(true);
  });

  it.each([
    "/admin",
    "/admin/",
    "/admin?state=failed",
    "/admin/submissions/3f9a12c4-0000-4000-8000-000000000000",
    "/admin/privacy?email=ada@example.com",
    "/api",
    "/api/contact",
    "/cdn-cgi/l/email-protection",
    FEED_PATH,
    SITEMAP_PATH,
    SPECULATION_RULES_PATH,
    "https://elsewhere.example/services",
  ])("leave out %s", async (path) => {
    expect(await speculated(path)).toBe(false);
  });
});
