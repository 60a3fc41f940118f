/**
 * Splits the compiled content into what the Worker's code holds (WorkerContent, src/content/worker-content.ts)
 * and what is stored beside it (src/content/stored.ts): each route of the kinds that grow with the writing,
 * with everything its page shows; the sitemap's entries; the articles' summaries for a search without
 * JavaScript. The routes come from the one route table (src/routes/table.ts), so a stored page is the page
 * the table declares.
 */
import type { SearchSummary, SiteContent } from "../../src/content/collections.ts";
import { routeTableFor, storedKinds } from "../../src/routes/table.ts";
import { sitemapEntriesOf } from "../../src/seo/crawling.ts";

/** Every stored item by its key: `routes/<path>`, `sitemap`, `search`. */
export function storedFilesOf(content: SiteContent): Map<string, unknown> {
  const table = routeTableFor(content);
  const files = new Map<string, unknown>();
  for (const kind of storedKinds) for (const route of table.byKind[kind]) files.set(`routes${route.path}`, route);
  files.set("sitemap", sitemapEntriesOf(table.routes));
  files.set(
    "search",
    table.byKind.article.map(({ params: { article } }): SearchSummary => {
      const { path, title, excerpt, category, date } = article;
      return { path, title, excerpt, category, date };
    }),
  );
  return files;
}
