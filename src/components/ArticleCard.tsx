import type { Article } from "../content/collections.ts";
import { Badge } from "./Badge.tsx";
import { Card, CardTitle } from "./Card.tsx";
import { Picture } from "./Picture.tsx";
import { TopicCover } from "./TopicCover.tsx";

/** What an article's card shows; plain data, as the home carousel island receives it in the page. */
export type ArticleCardData = Pick<Article, "title" | "excerpt" | "category" | "date" | "status" | "path" | "previewDraft" | "cover">;

/**
 * An article's card: its cover (when it has one, in a 16:9 frame; its topic's drawn cover when others in the
 * list have one), category badge, title, excerpt, date. Used server-side (resources grid) and inside the home
 * carousel island, so it takes only plain data and the date already written out. An upcoming article
 * carries a "Coming Soon" badge and is not clickable until it is published.
 */
export function ArticleCard({
  article,
  date,
  comingSoonLabel,
  headingLevel = 3,
  coverSpace = false,
}: {
  article: ArticleCardData;
  /** Among cards of which some have a cover: one without shows its topic's drawn cover, so the row aligns. */
  coverSpace?: boolean;
  date: string;
  /** The upcoming badge's words (content/pages/resources.yaml); the home carousel shows published articles only. */
  comingSoonLabel?: string;
  headingLevel?: 2 | 3;
}) {
  const upcoming = article.status === "upcoming";
  const href = upcoming ? undefined : article.path;
  return (
    <Card href={href} className="flex h-full flex-col">
      {article.cover ? (
        <Picture picture={article.cover} slot="card" className="aspect-video w-full rounded-t-xl border-b border-line object-cover" />
      ) : (
        coverSpace && <TopicCover topic={article.category} />
      )}
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap gap-2">
          <Badge variant="secondary">{article.category}</Badge>
          {upcoming && comingSoonLabel && <Badge variant="outline">{comingSoonLabel}</Badge>}
          {article.previewDraft && <Badge variant="destructive">Draft</Badge>}
        </div>
        <CardTitle href={href} level={headingLevel} className="mt-4 font-serif text-xl font-semibold tracking-tight">
          {article.title}
        </CardTitle>
        <p className="mt-3 flex-1 leading-relaxed text-muted">{article.excerpt}</p>
        <p className="mt-5 text-sm text-muted">
          <time dateTime={article.date}>{date}</time>
        </p>
      </div>
    </Card>
  );
}
