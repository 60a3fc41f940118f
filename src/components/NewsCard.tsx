import type { NewsItem } from "../content/resources.ts";
import { Badge } from "./Badge.tsx";
import { Card, CardTitle } from "./Card.tsx";

/**
 * A news item's card: date, title and text. Like an article card, one flagged upcoming carries a
 * "Coming Soon" badge and is not yet clickable, and one without a link is plain text.
 */
export function NewsCard({ item, headingLevel = 3 }: { item: NewsItem; headingLevel?: 2 | 3 }) {
  const href = item.upcoming ? undefined : item.link;
  return (
    <Card href={href} className="p-6 md:p-8">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="text-sm font-medium text-muted">{item.date}</p>
        {item.upcoming && <Badge variant="outline">Coming Soon</Badge>}
      </div>
      <CardTitle href={href} level={headingLevel} className="mt-3 font-serif text-2xl font-semibold tracking-tight">
        {item.title}
      </CardTitle>
      <p className="mt-3 max-w-3xl leading-relaxed text-muted">{item.content}</p>
    </Card>
  );
}
