import { longDate } from "../content/dates.ts";
import { pages } from "../content/index.ts";
import { ArticleCard, type ArticleCardData } from "./ArticleCard.tsx";

/**
 * Articles as a list of cards, each dated in full, laid out by `className` (a grid on /resources, two columns
 * under an article). Server-side only: the carousel island dates its cards in the page, without this module.
 */
export function ArticleCardList({
  articles,
  className,
  headingLevel,
}: {
  articles: readonly ArticleCardData[];
  className: string;
  /** The cards' titles' level: 3 under a section's heading, 2 on a page that is the list alone. */
  headingLevel?: 2 | 3;
}) {
  const coverSpace = articles.some((article) => article.cover);
  return (
    <ul className={className}>
      {articles.map((article) => (
        <li key={article.path}>
          <ArticleCard
            article={article}
            date={longDate(article.date)}
            comingSoonLabel={pages.resources.comingSoonLabel}
            headingLevel={headingLevel}
            coverSpace={coverSpace}
          />
        </li>
      ))}
    </ul>
  );
}
