import type { SiteContent, WorkerContent } from "./collections.ts";

/** How many articles the home carousel shows: the newest published. */
export const CAROUSEL_SIZE = 3;

/**
 * The part of the compiled content the Worker's code holds (see WorkerContent): everything but the pieces,
 * the legal notices' titles for the footer, and the newest published articles without their bodies.
 */
export function workerContentOf(content: SiteContent): WorkerContent {
  const { site, shareCard, notices, pages, services, letters, engagementLetters, consultations } = content;
  // The newest published articles: as many as the carousel or the feed shows, whichever is more.
  const latest = content.articles.filter((article) => article.status === "published").slice(0, Math.max(CAROUSEL_SIZE, site.feedEntries));
  return {
    site,
    shareCard,
    notices,
    pages,
    services,
    letters,
    engagementLetters,
    consultations,
    legal: content.legal.map(({ slug, title }) => ({ slug, title })),
    // What the Worker's code holds must not grow with the pieces: only the carousel's cards show a cover.
    latestArticles: latest.map(({ html: _, card: __, cover, ...summary }, index) =>
      index < CAROUSEL_SIZE && cover ? { ...summary, cover } : summary,
    ),
  };
}
