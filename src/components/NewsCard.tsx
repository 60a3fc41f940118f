import type { NewsItem } from "../content/resources.ts";
import { Badge } from "./Badge.tsx";

/**
 * A news item's card: date, title and text. Like an article card, one flagged upcoming carries a
 * "Coming Soon" badge, and one without a link is plain text, not clickable.
 */
export function NewsCard({ item, headingLevel = 3 }: { item: NewsItem; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const linked = Boolean(item.link);
  return (
    <article
      className={`relative rounded-xl border border-line bg-white/60 p-6 md:p-8 ${linked ? "transition-shadow hover:shadow-lg has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-accent" : ""}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="text-sm font-medium text-muted">{item.date}</p>
        {item.upcoming && <Badge variant="outline">Coming Soon</Badge>}
      </div>
      <Heading className="mt-3 font-serif text-2xl font-semibold tracking-tight">
        {linked ? (
          <a href={item.link} className="after:absolute after:inset-0 after:rounded-xl hover:text-accent focus-visible:outline-none">
            {item.title}
          </a>
        ) : (
          item.title
        )}
      </Heading>
      <p className="mt-3 max-w-3xl leading-relaxed text-muted">{item.content}</p>
    </article>
  );
}
