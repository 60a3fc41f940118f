import type { NewsItem } from "../content/collections.ts";
import { monthAndYear } from "../content/dates.ts";
import { pages } from "../content/index.ts";
import { Badge } from "./Badge.tsx";
import { Card, CardTitle } from "./Card.tsx";

/**
 * A news item's card: date, title and text. Like an article card, an upcoming one carries a "Coming Soon"
 * badge and is not yet clickable, and one without a link is plain text.
 */
export function NewsCard({ item, headingLevel = 3 }: { item: NewsItem; headingLevel?: 2 | 3 }) {
  const upcoming = item.status === "upcoming";
  const href = upcoming ? undefined : item.link;
  return (
    <Card href={href} className="p-6 md:p-8">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="text-sm font-medium text-muted">
          <time dateTime={item.date}>{monthAndYear(item.date)}</time>
        </p>
        {upcoming && <Badge variant="outline">{pages.resources.comingSoonLabel}</Badge>}
        {item.previewDraft && <Badge variant="destructive">Draft</Badge>}
      </div>
      <CardTitle href={href} level={headingLevel} className="mt-3 font-serif text-2xl font-semibold tracking-tight">
        {item.title}
      </CardTitle>
      {/* The item's text, compiled from its Markdown file at build time (build/content). */}
      <div className="prose mt-3 max-w-3xl space-y-3 text-muted" dangerouslySetInnerHTML={{ __html: item.html }} />
    </Card>
  );
}
