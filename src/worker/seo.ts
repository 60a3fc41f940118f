import { Hono } from "hono";
import { storedReader } from "../content/stored.ts";
import { robotsTxt, SITEMAP_PATH, type SitemapEntry, sitemapXml } from "../seo/crawling.ts";
import { FEED_PATH, atomFeed } from "../seo/feed.ts";
import type { AppEnv } from "./app-env.ts";

/** The files crawlers and feed readers ask for. */
export const seoRoutes = new Hono<AppEnv>();

/**
 * The sitemap and the feed depend on the build and the site's origin only: each is written once per isolate
 * and origin (one origin in production), then served as kept.
 */
const kept = new Map<string, Promise<string>>();
const once = (name: string, origin: string, make: () => Promise<string> | string) => {
  const key = `${name} ${origin}`;
  let text = kept.get(key);
  if (text === undefined) {
    text = Promise.resolve(make());
    kept.set(key, text);
    // A failed read is not kept: the next request tries again.
    text.catch(() => kept.delete(key));
  }
  return text;
};

seoRoutes.get("/robots.txt", (c) => c.text(robotsTxt(c.var.site)));
seoRoutes.get(SITEMAP_PATH, async (c) => {
  const { origin } = c.var.site;
  const xml = await once("sitemap", origin, async () => {
    const entries = await storedReader(c.env.ASSETS, c.req.url)<SitemapEntry[]>("sitemap");
    if (!entries) throw new Error("the build stored no sitemap");
    return sitemapXml(origin, entries);
  });
  return c.body(xml, 200, { "content-type": "application/xml; charset=utf-8" });
});
seoRoutes.get(FEED_PATH, async (c) =>
  c.body(await once("feed", c.var.site.origin, () => atomFeed(c.var.site.origin)), 200, {
    "content-type": "application/atom+xml; charset=utf-8",
  }),
);
