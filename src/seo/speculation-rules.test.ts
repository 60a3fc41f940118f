import { describe, expect, it, vi } from "vitest";
import { cspHash } from "../csp-hash.ts";
import { routeTable } from "../test/routes.ts";
import { fetchPath } from "../test/html.ts";
import { SITEMAP_PATH } from "./crawling.ts";
import { FEED_PATH } from "./feed.ts";

interface Rule {
  source: string;
  eagerness: string;
  where: { and: [{ href_matches: string }, { not: { href_matches: string[] } }, { not: { selector_matches: string } }] };
}

const origin = "http://localhost";

/** The text of each `<script type="speculationrules">` in a page, as the browser reads it. */
const rulesElements = (html: string) =>
  Array.from(html.matchAll(/<script type="speculationrules">([\s\S]*?)<\/script>/g), (match) => match[1]!);

/** The rules of a page and its response's script-src sources. */
async function pageRules(path: string): Promise<{ text: string; rules: { prerender: Rule[] }; scriptSources: string[] }> {
  const response = await fetchPath(path);
  const elements = rulesElements(await response.text());
  expect(elements, path).toHaveLength(1);
  const policy = response.headers.get("content-security-policy") ?? "";
  const scriptSources = /(?:^|; )script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
  return { text: elements[0]!, rules: JSON.parse(elements[0]!), scriptSources };
}

/** Whether the home page's rules let the browser prerender a link to `path` (the URL patterns as Chromium reads them). */
async function speculated(path: string): Promise<boolean> {
  const [rule] = (await pageRules("/")).rules.prerender;
  const [included, excluded] = rule!.where.and;
  const url = new URL(path, origin).href;
  const matches = (pattern: string) => new URLPattern(pattern, origin).test(url);
  return matches(included.href_matches) && !excluded.not.href_matches.some(matches);
}

describe("speculation rules", () => {
  it("are in every page and the 404 page, allowed by their hash and no other inline script", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const path of [...routeTable.routes.map((route) => route.path), "/no-such-page"]) {
      const { text, scriptSources } = await pageRules(path);
      expect(scriptSources, path).toContain(`'${await cspHash(text)}'`);
      expect(
        scriptSources.filter((source) => source.startsWith("'sha")),
        path,
      ).toHaveLength(1);
      expect(scriptSources.join(" "), path).not.toMatch(/unsafe-inline|inline-speculation-rules/);
    }
    vi.restoreAllMocks();
  });

  it("are not allowed where no page of the site holds them: the API's answers, the feed and the sitemap", async () => {
    for (const path of ["/api/contact", FEED_PATH, SITEMAP_PATH]) {
      const policy = (await fetchPath(path)).headers.get("content-security-policy") ?? "";
      expect(policy, path).not.toContain("'sha256-");
    }
  });

  it("are named by no header, which would cost the page a request", async () => {
    expect((await fetchPath("/")).headers.get("speculation-rules")).toBeNull();
  });

  it("prerender at moderate eagerness, from the page's links", async () => {
    const { prerender } = (await pageRules("/")).rules;
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
    "https://elsewhere.example/services",
  ])("leave out %s", async (path) => {
    expect(await speculated(path)).toBe(false);
  });
});
