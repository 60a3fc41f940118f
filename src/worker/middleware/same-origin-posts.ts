import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";

/**
 * Refuses state-changing requests made by another site's pages: a browser names the page's origin in
 * `Origin` (and says `Sec-Fetch-Site: cross-site`). Requests without either come from non-browser clients,
 * which cannot be tricked into posting on a visitor's behalf.
 *
 * `Origin: null` names no site: a page sent with `Referrer-Policy: no-referrer` (a private link's) makes its
 * own form posts say it (the Fetch standard), but so do a sandboxed frame, a `data:` page and a redirect
 * through another site. It passes only with `Sec-Fetch-Site: same-origin`, which every browser that sends
 * `Origin: null` from this site's own pages also sends.
 *
 * Not `hono/csrf` (hono 4.13): it checks form-like bodies only, so a cross-site JSON post would pass it, and
 * it refuses a form post that names neither header, which is how non-browser clients post.
 */
export const sameOriginPosts = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
  const origin = c.req.header("origin");
  const fetchSite = c.req.header("sec-fetch-site");
  const allowed = new Set([new URL(c.req.url).origin, c.var.site.origin]);
  const crossSite =
    origin === undefined ? fetchSite === "cross-site" : origin === "null" ? fetchSite !== "same-origin" : !allowed.has(origin);
  if (crossSite) return c.json({ error: "cross_site_request", message: "Requests from other sites are not accepted." }, 403);
  return next();
});
