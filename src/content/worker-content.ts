import type { SiteContent, WorkerContent } from "./collections.ts";

/** How many articles the home carousel shows: the newest published. */
export const CAROUSEL_SIZE = 3;

/**
 * The part of the compiled content the Worker's code holds (see WorkerContent): everything but the pieces,
 * the legal notices' titles for the footer, and the newest published articles without their bodies.
 */
export function workerContentOf(content: SiteContent): WorkerContent {
  const { site, notices, pages, services, letters } = content;
  // The newest published articles: as many as the carousel or the feed shows, whichever is more.
  const latest = content.articles.filter((article) => article.status === "published").slice(0, Math.max(CAROUSEL_SIZE, site.feedEntries));
  return {
    site,
    notices,
    pages,
    services,
    letters,
    legal: content.legal.map(({ slug, title }) => ({ slug, title })),
    latestArticles: latest.map(({ html: _, ...summary }) => summary),
  };
}
