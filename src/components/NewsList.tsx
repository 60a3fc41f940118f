import type { NewsItem } from "../content/collections.ts";
import { NewsCard } from "./NewsCard.tsx";

/** News items as a list of cards, newest first. */
export function NewsList({ news }: { news: readonly NewsItem[] }) {
  return (
    <ul className="space-y-6">
      {news.map((item) => (
        <li key={item.slug}>
          <NewsCard item={item} />
        </li>
      ))}
    </ul>
  );
}
