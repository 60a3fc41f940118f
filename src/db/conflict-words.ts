import { type SQL, sql } from "drizzle-orm";
import type { ConflictQuery } from "./conflict-names.ts";
import type { conflictWords } from "./schema.ts";

type WordSource = (typeof conflictWords.source.enumValues)[number];
type WordsQuery = Extract<ConflictQuery, { readonly words: readonly string[] }>;

/** Postings of a word counted up to this, to find each query's rarest word without reading a common one whole. */
const POSTINGS_COUNTED = 1000;

/**
 * The ids of `source`'s entries whose keys hold every word of one of the queries, as a subquery for `IN`,
 * read from the conflict index (migration 0009) by its primary key, never by scanning the entries. Each query
 * starts from its rarest word (postings counted up to POSTINGS_COUNTED) and keeps the entries holding all its
 * words, so a name with a word every inquiry has ("studio") costs the postings of its rarest word, not of the
 * common one. The words travel as one JSON parameter of [word, query, the query's word count]: D1 binds at
 * most 100 values a statement. Each query's words are distinct (conflictQuery).
 */
export function entriesWithWords(source: WordSource, queries: readonly WordsQuery[]): SQL {
  const postings = JSON.stringify(queries.flatMap(({ words }, query) => words.map((word) => [word, query, words.length])));
  const from = sql.raw(`conflict_words WHERE source = '${source}'`);
  return sql`(WITH wanted AS (SELECT value ->> 0 AS word, value ->> 1 AS query, value ->> 2 AS words FROM json_each(${postings})),
    sized AS (SELECT word, query, words, (SELECT count(*) FROM (SELECT 1 FROM ${from} AND word = wanted.word LIMIT ${sql.raw(String(POSTINGS_COUNTED))})) AS size FROM wanted),
    rarest AS (SELECT query, word, words, min(size) FROM sized GROUP BY query)
    SELECT posting.entry_id FROM rarest JOIN (SELECT word, entry_id FROM ${from}) AS posting ON posting.word = rarest.word
    WHERE (SELECT count(*) FROM wanted JOIN (SELECT word, entry_id FROM ${from}) AS held ON held.word = wanted.word AND held.entry_id = posting.entry_id WHERE wanted.query = rarest.query) = rarest.words)`;
}

/** The queries of a list that search by words (the others are addresses). */
export const wordQueries = (queries: readonly ConflictQuery[]): WordsQuery[] =>
  queries.filter((query): query is WordsQuery => "words" in query);
