import { createMiddleware } from "hono/factory";
import { siteLocation } from "../../seo/origin.ts";
import type { AppEnv } from "../app-env.ts";

/** Works out the production origin and whether this host is a preview; previews say noindex on every response. */
export const withSiteLocation = createMiddleware<AppEnv>(async (c, next) => {
  const location = siteLocation(c.env.SITE_ORIGIN, c.req.url);
  c.set("site", location);
  await next();
  if (!location.indexable) c.header("X-Robots-Tag", "noindex");
});
