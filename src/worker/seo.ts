import { Hono } from "hono";
import { robotsTxt, SITEMAP_PATH, sitemap } from "../seo/crawling.ts";
import { FEED_PATH, atomFeed } from "../seo/feed.ts";
import type { AppEnv } from "./app-env.ts";

/** The files crawlers and feed readers ask for. */
export const seoRoutes = new Hono<AppEnv>();

seoRoutes.get("/robots.txt", (c) => c.text(robotsTxt(c.var.site)));
seoRoutes.get(SITEMAP_PATH, (c) => c.body(sitemap(c.var.site.origin), 200, { "content-type": "application/xml; charset=utf-8" }));
seoRoutes.get(FEED_PATH, (c) => c.body(atomFeed(c.var.site.origin), 200, { "content-type": "application/atom+xml; charset=utf-8" }));
