import type { ArticleSummary } from "../content/articles/index.ts";
import { Badge } from "./Badge.tsx";
import { Card, CardTitle } from "./Card.tsx";

/**
 * An article's card: category badge, title, excerpt, date. Used server-side (resources grid) and inside the
 * home carousel island, so it takes only plain data. An upcoming article carries a "Coming Soon" badge and
 * is not clickable until it is published; a card without a link is not clickable either.
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
  const href = article.upcoming ? undefined : article.path;
  return (
    <Card href={href} className="flex h-full flex-col p-6">
      <div className="flex flex-wrap gap-2">
        <Badge variant="secondary">{article.category}</Badge>
        {article.upcoming && <Badge variant="outline">Coming Soon</Badge>}
      </div>
      <CardTitle href={href} level={headingLevel} className="mt-4 font-serif text-xl font-semibold tracking-tight">
        {article.title}
      </CardTitle>
      <p className="mt-3 flex-1 leading-relaxed text-muted">{article.excerpt}</p>
      <p className="mt-5 text-sm text-muted">
        <time dateTime={article.publishedIso}>{date}</time>
      </p>
    </Card>
  );
}
