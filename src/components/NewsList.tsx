import type { NewsItem } from "../content/collections.ts";
import { NewsCard } from "./NewsCard.tsx";

/** News items as a list of cards, newest first; their titles at `headingLevel` (3 under a section's heading). */
export function NewsList({ news, headingLevel }: { news: readonly NewsItem[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="space-y-6">
      {news.map((item) => (
        <li key={item.slug}>
          <NewsCard item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
