import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";

/**
 * On the production host, a request over plain HTTP is sent to the same address over HTTPS (HSTS then keeps
 * browsers there): 301 for GET and HEAD, 308 for other methods so a form post is not turned into a GET.
 * Previews and localhost, which are not the production host, are left alone.
 */
export const httpsOnProduction = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const { origin, indexable } = c.var.site;
  if (url.protocol !== "http:" || !indexable || !origin.startsWith("https:")) return next();
  url.protocol = "https:";
  return c.redirect(url.href, c.req.method === "GET" || c.req.method === "HEAD" ? 301 : 308);
});
