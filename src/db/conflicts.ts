import { and, desc, eq, isNull, like, or, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { type ConflictPart, type ConflictQuery, conflictKeys, matchedParts } from "./conflict-names.ts";
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
 * match). SQL finds the candidates by whole words in the stored keys; src/db/conflict-names.ts decides. Rows
 * stored before the keys existed are compared from their columns. Candidates are read newest first, a
 * batch at a time, until the page is full: a word most inquiries hold costs a few reads, not the table.
 */
export async function searchConflicts(
  db: Database,
  query: ConflictQuery,
  page: { readonly limit?: number; readonly after?: ConflictCursor } = {},
): Promise<ConflictMatch[]> {
  const limit = page.limit ?? CONFLICT_MATCHES_MAX;
  const candidates = or(
    "address" in query
      ? sql`${submissions.email} = ${query.address} collate nocase`
      : and(...query.words.map((word) => like(submissions.conflictKeys, `% ${word} %`))),
    isNull(submissions.conflictKeys),
  );
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
    for (const { messageErasedAt, ...row } of rows) {
      const parts = matchedParts(query, row);
      if (parts.length > 0) matches.push({ ...row, messageErased: messageErasedAt !== null, parts });
      if (matches.length === limit) return matches;
    }
    if (rows.length < CANDIDATES_PER_READ) return matches;
    after = rows.at(-1);
  }
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
