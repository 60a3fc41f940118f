import { type SQL, and, asc, desc, eq, gt, inArray, lt, notInArray, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { type ConflictQuery, type ConflictRecord, conflictQuery, matchedParts } from "./conflict-names.ts";
import {
  type ActivityAction,
  type ActivityEntry,
  adminActivity as activity,
  registerClients,
  contactSubmissions as submissions,
} from "./schema.ts";

/*
 * The activity log: every admin action, appended and never changed. Nothing here updates an entry but a
 * privacy deletion, which removes a person's name from the conflict searches that looked for them; the only
 * deletion is retention's, of entries older than their period.
 */

export interface NewActivity {
  readonly actor: string;
  readonly action: ActivityAction;
  readonly submissionId?: string;
  /** The conflict register's client acted on (the entry itself, or one of its matters or parties). */
  readonly registerClientId?: string;
  /** What changed or what was searched; never a message's words. */
  readonly detail?: string;
}

/** The longest detail kept: a search or a note is cut, never a reason to refuse the action. */
const DETAIL_MAX = 300;

export async function recordActivity(db: Database, entry: NewActivity, at: Date): Promise<void> {
  await db.insert(activity).values({ ...entry, detail: entry.detail?.slice(0, DETAIL_MAX) ?? null, at });
}

/** Actions that only read (an inquiry opened, an address looked up): the log shows them apart from changes. */
export const viewActions: readonly ActivityAction[] = ["viewed", "privacy-lookup"];

/** Which entries a page of the log shows: one action, or else the changes or the views; one person's, or all. */
export interface ActivityFilter {
  readonly action?: ActivityAction;
  readonly actor?: string;
  /** Without an action: the views (true) or the changes (false); every entry when not given. */
  readonly views?: boolean;
}

/**
 * An entry with the name of the inquiry or register client it concerns, as it is now: null once that inquiry
 * is deleted or that client removed.
 */
export type ActivityRow = ActivityEntry & { readonly inquiryName: string | null; readonly clientName: string | null };

/** Entries on one page of the log. */
const ACTIVITY_PAGE_SIZE = 50;

export interface ActivityPage {
  readonly entries: ActivityRow[];
  /** The id to pass as `before` for the next, older page, if there is one. */
  readonly older?: number;
}

function filterCondition(filter: ActivityFilter): SQL | undefined {
  // Changes or views are each a large share of the log: read newest first by id and skip the others (the
  // unary + keeps SQLite off the action index, which would gather every view and sort them).
  const action = sql`+${activity.action}`;
  const kind = filter.action
    ? eq(activity.action, filter.action)
    : filter.views === undefined
      ? undefined
      : filter.views
        ? inArray(action, [...viewActions])
        : notInArray(action, [...viewActions]);
  return and(kind, filter.actor ? eq(activity.actor, filter.actor) : undefined);
}

/** One page of the log, newest first; `before` (an entry's id) pages back. */
export async function activityPage(
  db: Database,
  options: { readonly before?: number; readonly filter?: ActivityFilter } = {},
): Promise<ActivityPage> {
  const entries = await db
    .select({
      id: activity.id,
      at: activity.at,
      actor: activity.actor,
      action: activity.action,
      submissionId: activity.submissionId,
      registerClientId: activity.registerClientId,
      detail: activity.detail,
      inquiryName: submissions.name,
      clientName: registerClients.name,
    })
    .from(activity)
    .leftJoin(submissions, eq(submissions.id, activity.submissionId))
    .leftJoin(registerClients, eq(registerClients.id, activity.registerClientId))
    .where(and(filterCondition(options.filter ?? {}), options.before === undefined ? undefined : lt(activity.id, options.before)))
    .orderBy(desc(activity.id))
    .limit(ACTIVITY_PAGE_SIZE + 1);
  const more = entries.length > ACTIVITY_PAGE_SIZE;
  const page = entries.slice(0, ACTIVITY_PAGE_SIZE);
  return { entries: page, older: more ? page.at(-1)!.id : undefined };
}

/** Everyone who has an entry in the log (the practice's own sign-ins: a handful), for its filter. */
export async function activityActors(db: Database): Promise<string[]> {
  // One step of the actor index per person (a loose index scan), not a read of every entry.
  const rows = await db.all<{ actor: string | null }>(sql`
    with recursive people(actor) as (
      select min(${activity.actor}) from ${activity}
      union all
      select (select min(${activity.actor}) from ${activity} where ${activity.actor} > people.actor) from people where people.actor is not null
    )
    select actor from people where actor is not null limit 50`);
  return rows.map((row) => row.actor!);
}

/** The most recent conflict searches, for the search page to show again (newest first). */
export async function recentConflictSearches(db: Database, limit = 10): Promise<ActivityEntry[]> {
  return db.select().from(activity).where(eq(activity.action, "conflict-search")).orderBy(desc(activity.id)).limit(limit);
}

/** A conflict search as the log writes it: what was searched for, and how many inquiries matched. */
export const conflictSearchDetail = (search: string, matches: string): string => `"${search}": ${matches}`;
const SEARCH_DETAIL = /^"([\s\S]*)": ([^"]*)$/;

/** What a conflict search says once the person it looked for asked for their data to be deleted. */
export const REDACTED_SEARCH = "A name removed at a privacy request";

/**
 * Whether a search looked for this person: it found them by their name, or it was their address. (Words that
 * found them only inside their address, such as their studio's name in its domain, were a search for
 * something else.)
 */
const searchedFor = (query: ConflictQuery, person: ConflictRecord) =>
  matchedParts(query, person).some((part) => part === "name" || ("address" in query && part === "email"));

/** Entries read at once while redacting. */
const REDACT_BATCH = 200;

/**
 * Removes from the conflict searches of the log the searches that looked for one of these people (by name or
 * address, as the search compares them), keeping how many inquiries each matched. Returns how many.
 */
export async function redactConflictSearches(db: Database, people: readonly ConflictRecord[]): Promise<number> {
  let redacted = 0;
  let after = 0;
  for (;;) {
    const entries = await db
      .select({ id: activity.id, detail: activity.detail })
      .from(activity)
      .where(and(eq(activity.action, "conflict-search"), gt(activity.id, after)))
      .orderBy(asc(activity.id))
      .limit(REDACT_BATCH);
    for (const entry of entries) {
      const [, search, matches] = SEARCH_DETAIL.exec(entry.detail ?? "") ?? [];
      const query = search === undefined ? undefined : conflictQuery(search);
      if (!query || !people.some((person) => searchedFor(query, person))) continue;
      await db
        .update(activity)
        .set({ detail: `${REDACTED_SEARCH}: ${matches}` })
        .where(eq(activity.id, entry.id));
      redacted++;
    }
    if (entries.length < REDACT_BATCH) return redacted;
    after = entries.at(-1)!.id;
  }
}

/** Deletes the entries older than `cutoff`, as retention does; returns how many. */
export async function deleteActivityBefore(db: Database, cutoff: Date): Promise<number> {
  const deleted = await db.delete(activity).where(lt(activity.at, cutoff)).returning({ id: activity.id });
  return deleted.length;
}
