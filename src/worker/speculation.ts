import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { SITEMAP_PATH } from "../seo/crawling.ts";
import { FEED_PATH } from "../seo/feed.ts";
import type { AppEnv } from "./app-env.ts";
import { STATIC_PAGE_CACHE_CONTROL } from "./page-cache.ts";

/*
 * Speculation rules (Chromium): a link to one of the site's pages that the visitor rests the pointer on
 * (or presses) is prerendered, so the click only shows it. The rules are a JSON file of the site, named by
 * a `Speculation-Rules` header on every page: no script, inline or not, so the Content-Security-Policy
 * stays as it is and pages load no extra JavaScript. What a prerendered page does before it is shown is
 * src/islands/client/activation.ts's concern; the API declines speculative requests (middleware/speculative.ts).
 */

/** Where the rules are served. */
export const SPECULATION_RULES_PATH = "/speculation-rules.json";

/**
 * Same-origin addresses never speculated on, as URL patterns (query and fragment free): the inquiry inbox,
 * the API, Cloudflare's own paths, the feed, the sitemap and the rules themselves. Only pages are.
 */
const NEVER_SPECULATED = ["/admin", "/admin/*", "/api", "/api/*", "/cdn-cgi/*", FEED_PATH, SITEMAP_PATH, SPECULATION_RULES_PATH] as const;

/**
 * Prerender at moderate eagerness: when the pointer rests on a link (200 ms in Chromium) or presses it.
 * Links marked `rel="nofollow"` or `download` are left alone.
 */
const rules = {
  prerender: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: [...NEVER_SPECULATED] } },
          { not: { selector_matches: "[rel~=nofollow], [download]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
};

const rulesJson = JSON.stringify(rules);

/** GET /speculation-rules.json, with the media type browsers require of it. */
export const speculationRoutes = new Hono<AppEnv>();

speculationRoutes.get(SPECULATION_RULES_PATH, (c) =>
  c.body(rulesJson, 200, { "Content-Type": "application/speculationrules+json", "Cache-Control": STATIC_PAGE_CACHE_CONTROL }),
);

/** Names the rules on every page the site renders (its 404 page too). */
export const withSpeculationRules = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.headers.get("content-type")?.startsWith("text/html")) c.header("Speculation-Rules", `"${SPECULATION_RULES_PATH}"`);
});
