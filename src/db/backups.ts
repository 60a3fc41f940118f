import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { backupRuns as runs } from "./schema.ts";

/*
 * The nightly backups' runs (src/backup): started, moved on a part at a time, finished or failed, and removed
 * once their files are. Each move is a compare-and-set on the run's step, so a queue message delivered twice
 * moves a run once.
 */

export type BackupRun = typeof runs.$inferSelect;

/** The last finished backup, as the inbox and the digest tell it. */
export interface LastBackup {
  readonly id: string;
  readonly finishedAt: Date | null;
  readonly bytes: number;
}

/**
 * Every table of the database but the migrations' own record, the backups' and the conflict index (written by
 * triggers as a restore writes the tables it indexes): what a backup holds.
 */
export async function backedUpTables(d1: D1Database): Promise<string[]> {
  const { results } = await d1
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT IN ('d1_migrations', 'backup_runs', 'conflict_words') ORDER BY rowid",
    )
    .all<{ name: string }>();
  return results.map((row) => row.name);
}

/** The last migration applied, as `wrangler d1 migrations apply` records it. */
export async function lastMigration(d1: D1Database): Promise<string> {
  const row = await d1.prepare("SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1").first<{ name: string }>();
  return row?.name ?? "";
}

/** Starts a run, unless one is still going (begun less than a day ago and neither finished nor failed). */
export async function startRun(db: Database, run: Pick<BackupRun, "id" | "cursor" | "files">, now: Date): Promise<boolean> {
  const going = await db
    .select({ id: runs.id })
    .from(runs)
    .where(and(isNull(runs.finishedAt), isNull(runs.failedAt), sql`${runs.startedAt} > ${now.getTime() - 86_400_000}`))
    .get();
  if (going) return false;
  const inserted = await db
    .insert(runs)
    .values({ ...run, startedAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: runs.id });
  return inserted.length > 0;
}

export const runOf = (db: Database, id: string) => db.select().from(runs).where(eq(runs.id, id)).get();

/** Records a part: only if the run is still at `step`. False when another delivery recorded it first. */
export async function recordPart(
  db: Database,
  id: string,
  step: number,
  next: { cursor: string; files: string; bytes: number },
  now: Date,
): Promise<boolean> {
  const moved = await db
    .update(runs)
    .set({
      step: step + 1,
      cursor: next.cursor,
      files: next.files,
      bytes: sql`${runs.bytes} + ${next.bytes}`,
      updatedAt: now,
      failure: null,
    })
    .where(and(eq(runs.id, id), eq(runs.step, step), isNull(runs.finishedAt), isNull(runs.failedAt)))
    .returning({ id: runs.id });
  return moved.length > 0;
}

export async function finishRun(db: Database, id: string, manifestBytes: number, now: Date): Promise<boolean> {
  const finished = await db
    .update(runs)
    .set({ finishedAt: now, updatedAt: now, bytes: sql`${runs.bytes} + ${manifestBytes}` })
    .where(and(eq(runs.id, id), isNull(runs.finishedAt), isNull(runs.failedAt)))
    .returning({ id: runs.id });
  return finished.length > 0;
}

/** Why the last attempt at a part failed; the run goes on being retried. */
export const noteFailure = (db: Database, id: string, failure: string, now: Date) =>
  db.update(runs).set({ failure, updatedAt: now }).where(eq(runs.id, id));

/** Gives a run up, keeping why; false when it had already finished or failed. */
export async function failRun(db: Database, id: string, failure: string | undefined, now: Date): Promise<boolean> {
  const failed = await db
    .update(runs)
    .set({ failedAt: now, updatedAt: now, failure: sql`coalesce(${failure ?? null}, ${runs.failure}, 'unknown')` })
    .where(and(eq(runs.id, id), isNull(runs.finishedAt), isNull(runs.failedAt)))
    .returning({ id: runs.id });
  return failed.length > 0;
}

/** Runs going but not moved since `before`: their next message was lost, or they are slower than a day. */
export const stalledRuns = (db: Database, before: Date) =>
  db
    .select()
    .from(runs)
    .where(and(isNull(runs.finishedAt), isNull(runs.failedAt), lt(runs.updatedAt, before)))
    .all();

/** The last finished backup: what the inbox shows and the digest warns about. */
export const lastFinishedRun = (db: Database): Promise<LastBackup | undefined> =>
  db
    .select({ id: runs.id, finishedAt: runs.finishedAt, bytes: runs.bytes })
    .from(runs)
    .where(isNotNull(runs.finishedAt))
    .orderBy(desc(runs.finishedAt))
    .limit(1)
    .get();

/** Every run that has ended, oldest first: what retention chooses among. */
export const endedRuns = (db: Database) =>
  db
    .select({ id: runs.id, finishedAt: runs.finishedAt, failedAt: runs.failedAt })
    .from(runs)
    .where(sql`${runs.finishedAt} IS NOT NULL OR ${runs.failedAt} IS NOT NULL`)
    .orderBy(asc(runs.id))
    .all();

export const forgetRun = (db: Database, id: string) => db.delete(runs).where(eq(runs.id, id));
