import { desc, eq, lt } from "drizzle-orm";
import type { Database } from "./client.ts";
import { type ActivityAction, type ActivityEntry, adminActivity as activity } from "./schema.ts";

/*
 * The activity log: every admin action, appended and never changed. Nothing here updates an entry; the only
 * deletion is retention's, of entries older than their period.
 */

export interface NewActivity {
  readonly actor: string;
  readonly action: ActivityAction;
  readonly submissionId?: string;
  /** What changed or what was searched; never a message's words. */
  readonly detail?: string;
}

/** The longest detail kept: a search or a note is cut, never a reason to refuse the action. */
const DETAIL_MAX = 300;

export async function recordActivity(db: Database, entry: NewActivity, at: Date): Promise<void> {
  await db.insert(activity).values({ ...entry, detail: entry.detail?.slice(0, DETAIL_MAX) ?? null, at });
}

/** Entries on one page of the log. */
const ACTIVITY_PAGE_SIZE = 50;

export interface ActivityPage {
  readonly entries: ActivityEntry[];
  /** The id to pass as `before` for the next, older page, if there is one. */
  readonly older?: number;
}

/** One page of the log, newest first; `before` (an entry's id) pages back. */
export async function activityPage(db: Database, before?: number): Promise<ActivityPage> {
  const entries = await db
    .select()
    .from(activity)
    .where(before === undefined ? undefined : lt(activity.id, before))
    .orderBy(desc(activity.id))
    .limit(ACTIVITY_PAGE_SIZE + 1);
  const more = entries.length > ACTIVITY_PAGE_SIZE;
  const page = entries.slice(0, ACTIVITY_PAGE_SIZE);
  return { entries: page, older: more ? page.at(-1)!.id : undefined };
}

/** The most recent conflict searches, for the search page to show again (newest first). */
export async function recentConflictSearches(db: Database, limit = 10): Promise<ActivityEntry[]> {
  return db.select().from(activity).where(eq(activity.action, "conflict-search")).orderBy(desc(activity.id)).limit(limit);
}

/** Deletes the entries older than `cutoff`, as retention does; returns how many. */
export async function deleteActivityBefore(db: Database, cutoff: Date): Promise<number> {
  const deleted = await db.delete(activity).where(lt(activity.at, cutoff)).returning({ id: activity.id });
  return deleted.length;
}
