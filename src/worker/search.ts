import type { SearchSummary } from "../content/collections.ts";
import { longDate } from "../content/dates.ts";
import type { StoredReader } from "../content/stored.ts";
import { RESULTS_SHOWN, type SearchResults } from "../islands/ArticleSearch.tsx";

/** The longest query searched: the search box takes no more. */
const QUERY_LENGTH = 200;

/**
 * A search without JavaScript (the search form's own action): the articles whose title, summary or topic hold
 * every word of the query, newest first, from the summaries the build stored. The browser's search, once the
 * form is live, reads every word of every article instead (build/content/search-index.ts).
 */
export async function searchSummaries(query: string, readStored: StoredReader): Promise<SearchResults> {
  const words = query.slice(0, QUERY_LENGTH).toLowerCase().split(/\s+/).filter(Boolean);
  const summaries = (await readStored<SearchSummary[]>("search")) ?? [];
  const matches =
    words.length === 0
      ? []
      : summaries.filter((summary) => {
          const text = `${summary.title} ${summary.excerpt} ${summary.category}`.toLowerCase();
          return words.every((word) => text.includes(word));
        });
  return {
    query: query.slice(0, QUERY_LENGTH).trim(),
    count: matches.length,
    found: matches.slice(0, RESULTS_SHOWN).map((summary) => ({
      url: summary.path,
      title: summary.title,
      meta: `${summary.category} · ${longDate(summary.date)}`,
      excerpt: [summary.excerpt],
    })),
  };
}
