import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { type ConflictPart, type ConflictQuery, conflictKeys, matchedParts } from "./conflict-names.ts";
import { entriesWithWords, wordQueries } from "./conflict-words.ts";
import { type IntakeState, contactSubmissions as submissions } from "./schema.ts";

/** An inquiry a conflict search found, and where. */
export interface ConflictMatch {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly organization: string | null;
  readonly parties: string | null;
  readonly createdAt: Date;
  readonly intakeState: IntakeState;
  /** Retention erased its message; the conflict record is what is left. */
  readonly messageErased: boolean;
  readonly parts: readonly ConflictPart[];
}

/** The most matches one read of a search lists: a page; the next starts after its last match. */
export const CONFLICT_MATCHES_MAX = 50;

/** Where a page of matches starts: after this match, the newest first. */
export interface ConflictCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** Candidates read per query: enough for most searches in one, and never the whole table for a common word. */
const CANDIDATES_PER_READ = 250;

/** The fields a conflict check compares, and the row's id. */
const conflictRecordColumns = {
  id: submissions.id,
  name: submissions.name,
  email: submissions.email,
  organization: submissions.organization,
  parties: submissions.parties,
};

/**
 * The inquiries ever stored (their message erased or not) whose conflict record matches the query, newest
 * first: at most `limit`, older than `after` when given (the next page starts after a full page's last
 * match). SQL finds the candidates by whole words in the conflict index; src/db/conflict-names.ts decides. Rows
 * stored before the keys existed are compared from their columns. Candidates are read newest first, a
 * batch at a time, until the page is full: a word most inquiries hold costs a few reads, not the table.
 */
export async function searchConflicts(
  db: Database,
  query: ConflictQuery,
  page: { readonly limit?: number; readonly after?: ConflictCursor } = {},
): Promise<ConflictMatch[]> {
  const limit = page.limit ?? CONFLICT_MATCHES_MAX;
  const candidates = candidatesOf([query]);
  const matches: ConflictMatch[] = [];
  let after = page.after;
  for (;;) {
    const rows = await db
      .select({
        ...conflictRecordColumns,
        createdAt: submissions.createdAt,
        intakeState: submissions.intakeState,
        messageErasedAt: submissions.messageErasedAt,
      })
      .from(submissions)
      .where(
        after
          ? and(candidates, sql`(${submissions.createdAt}, ${submissions.id}) < (${after.createdAt.getTime()}, ${after.id})`)
          : candidates,
      )
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(CANDIDATES_PER_READ);
    for (const row of rows) {
      const match = matchOf(query, row);
      if (match) matches.push(match);
      if (matches.length === limit) return matches;
    }
    if (rows.length < CANDIDATES_PER_READ) return matches;
    after = rows.at(-1);
  }
}

/**
 * The rows SQL reads as candidates for any of the queries: keys holding every word of one (found through the
 * conflict index), the address itself, or rows stored before keys existed (compared from their columns). Each
 * part is a lookup by an index, so SQLite reads them as one "multi-index OR" rather than scanning the table.
 */
const candidatesOf = (queries: readonly ConflictQuery[]) =>
  or(
    sql`${submissions.id} IN ${entriesWithWords("inquiry", wordQueries(queries))}`,
    sql`${submissions.id} IN (SELECT ${submissions.id} FROM ${submissions} WHERE ${submissions.conflictKeys} IS NULL)`,
    ...queries.flatMap((query) => ("address" in query ? [sql`${submissions.email} = ${query.address} collate nocase`] : [])),
  );

type CandidateRow = Omit<ConflictMatch, "messageErased" | "parts"> & { readonly messageErasedAt: Date | null };

/** A candidate as a match of the query, if it is one. */
function matchOf(query: ConflictQuery, { messageErasedAt, ...row }: CandidateRow): ConflictMatch | undefined {
  const parts = matchedParts(query, row);
  return parts.length > 0 ? { ...row, messageErased: messageErasedAt !== null, parts } : undefined;
}

/** Candidates one read for several names takes; a read that fills it leaves each name to its own search. */
export const CANDIDATES_AT_ONCE = 500;

/**
 * The most words one read for several names takes: a bound on one statement's work. Words travel as one
 * JSON parameter; an address binds a value of its own, and D1 binds at most 100 values a statement.
 */
const WORDS_AT_ONCE = 80;

/** Queries in groups of at most WORDS_AT_ONCE words (an address counting as one), in order. */
export function inGroupsOfWords(queries: readonly ConflictQuery[]): ConflictQuery[][] {
  const groups: ConflictQuery[][] = [];
  let words = WORDS_AT_ONCE;
  for (const query of queries) {
    const size = "address" in query ? 1 : query.words.length;
    if (words + size > WORDS_AT_ONCE) {
      groups.push([]);
      words = 0;
    }
    groups.at(-1)!.push(query);
    words += size;
  }
  return groups;
}

/** The read of a group of names' candidates, newest first: one statement, run alone or in a check's batch. */
export const groupCandidates = (db: Database, group: readonly ConflictQuery[]) =>
  db
    .select({
      ...conflictRecordColumns,
      createdAt: submissions.createdAt,
      intakeState: submissions.intakeState,
      messageErasedAt: submissions.messageErasedAt,
    })
    .from(submissions)
    .where(candidatesOf(group))
    // Unordered, so SQLite sorts nothing: a read that is not full holds every candidate, put newest first by
    // groupMatches; a full one is searched again name by name.
    .limit(CANDIDATES_AT_ONCE);

/**
 * Each name's newest `limit` matches among its group's candidates, as searchConflicts finds them; when the read
 * was full, some may lie past it, and each name is searched on its own. A check reads its names' candidates a
 * group at a time (inGroupsOfWords), one pass over the table for a group rather than one per name
 * (src/db/conflict-check.ts).
 */
export async function groupMatches(
  db: Database,
  group: readonly ConflictQuery[],
  rows: readonly CandidateRow[],
  limit: number,
): Promise<ConflictMatch[][]> {
  const newestFirst = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const found: ConflictMatch[][] = [];
  for (const query of group)
    found.push(
      rows.length < CANDIDATES_AT_ONCE
        ? newestFirst.flatMap((row) => matchOf(query, row) ?? []).slice(0, limit)
        : await searchConflicts(db, query, { limit }),
    );
  return found;
}

/** Stores the keys of rows stored before they existed, so later searches find them by SQL. Returns how many. */
export async function backfillConflictKeys(db: Database, limit = 500): Promise<number> {
  const rows = await db.select(conflictRecordColumns).from(submissions).where(isNull(submissions.conflictKeys)).limit(limit);
  for (const row of rows)
    await db
      .update(submissions)
      .set({ conflictKeys: conflictKeys(row) })
      .where(eq(submissions.id, row.id));
  return rows.length;
}
