import { SITEMAP_PATH } from "./crawling.ts";
import { FEED_PATH } from "./feed.ts";

/*
 * Speculation rules (Chromium): a link to one of the site's pages that the visitor rests the pointer on
 * (or presses) is prerendered, so the click only shows it. The rules are inline in every page, allowed by
 * their hash in the Content-Security-Policy (src/worker/middleware/security-headers.ts): a
 * `Speculation-Rules` header would cost a request among the page's first ones, and no script runs. What a
 * prerendered page does before it is shown is src/islands/client/activation.ts's concern; the API declines
 * speculative requests (src/worker/middleware/speculative.ts).
 */

/**
 * Same-origin addresses never speculated on, as URL patterns (query and fragment free): the inquiry inbox,
 * the API, Cloudflare's own paths, the feed and the sitemap. Only pages are.
 */
const NEVER_SPECULATED = ["/admin", "/admin/*", "/api", "/api/*", "/cdn-cgi/*", FEED_PATH, SITEMAP_PATH] as const;

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

/** The rules as the page's `<script type="speculationrules">` holds them: JSON with no `<` to end the element. */
export const SPECULATION_RULES_JSON = JSON.stringify(rules).replaceAll("<", "\\u003c");
