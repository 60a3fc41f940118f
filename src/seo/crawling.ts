import type { RouteEntry } from "../routes/table.ts";
import { type SiteLocation, absoluteUrl } from "./origin.ts";

export const SITEMAP_PATH = "/sitemap.xml";

/** A page as the sitemap lists it: its path, and when its content last changed where the content says so. */
export interface SitemapEntry {
  readonly path: string;
  readonly modified?: string;
}

/** When a page's content last changed, where the content says so. */
function lastModified(route: RouteEntry): string | undefined {
  if (route.kind === "article") return route.params.article.updated ?? route.params.article.date;
  if (route.kind === "legal") return route.params.notice.updated ?? route.params.notice.effective;
  return undefined;
}

/** Every public route as the sitemap lists it (worked out at build: the list grows with the articles); search results are not listed. */
export const sitemapEntriesOf = (routes: readonly RouteEntry[]): SitemapEntry[] =>
  routes
    .filter((route) => route.kind !== "search")
    .map((route) => {
      const modified = lastModified(route);
      return modified ? { path: route.path, modified } : { path: route.path };
    });

/** The sitemap of `entries`, each with its absolute URL. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    ({ path, modified }) => `  <url><loc>${absoluteUrl(origin, path)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
}

/** Production invites crawling (except the API) and names the sitemap; previews forbid it. */
export function robotsTxt({ origin, indexable }: SiteLocation): string {
  if (!indexable) return "# Preview deployment: not for search engines.\nUser-agent: *\nDisallow: /\n";
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${absoluteUrl(origin, SITEMAP_PATH)}\n`;
}
