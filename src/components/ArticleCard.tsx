import type { ArticleSummary } from "../content/articles/index.ts";
import { Badge } from "./Badge.tsx";

/**
 * An article's card: category badge, title, excerpt, date. Used server-side (resources grid) and inside the
 * home carousel island, so it takes only plain data. A card without a link is not clickable; an upcoming
 * one carries a "Coming Soon" badge.
 */
export function ArticleCard({
  article,
  date,
  headingLevel = 3,
}: {
  article: Pick<ArticleSummary, "title" | "excerpt" | "category" | "upcoming" | "publishedIso"> & { readonly path?: string };
  date: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const linked = Boolean(article.path) && !article.upcoming;
  return (
    <article
      className={`relative flex h-full flex-col rounded-xl border border-line bg-white/60 p-6 transition-shadow ${linked ? "has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-accent hover:shadow-lg" : ""}`}
    >
      <div className="flex flex-wrap gap-2">
        <Badge variant="secondary">{article.category}</Badge>
        {article.upcoming && <Badge variant="outline">Coming Soon</Badge>}
      </div>
      <Heading className="mt-4 font-serif text-xl font-semibold tracking-tight">
        {linked ? (
          // The link covers the whole card (::after), so the card is one large target with one accessible name.
          <a href={article.path} className="after:absolute after:inset-0 after:rounded-xl hover:text-accent focus:outline-none">
            {article.title}
          </a>
        ) : (
          article.title
        )}
      </Heading>
      <p className="mt-3 flex-1 leading-relaxed text-muted">{article.excerpt}</p>
      <p className="mt-5 text-sm text-muted">
        <time dateTime={article.publishedIso}>{date}</time>
      </p>
    </article>
  );
}
