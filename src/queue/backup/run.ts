import { recordActivity } from "../../db/activity.ts";
import {
  backedUpTables,
  failRun,
  finishRun,
  lastMigration,
  noteFailure,
  recordPart,
  runOf,
  stalledRuns,
  startRun,
} from "../../db/backups.ts";
import { database } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { type BackupTable, BACKUP_FORMAT, type Manifest, manifestKey, partKey, runName } from "./manifest.ts";
import { type Row, backupKey, rowsToBytes, seal, sha256 } from "./seal.ts";

/*
 * The nightly backup: the cron starts a run; each queue message writes one part (up to PART_ROWS rows of one
 * table, read a page at a time in rowid order) and sends the next, so a database of any size is backed up
 * in steps that each fit an invocation; the manifest is written last. A message delivered twice, or a part
 * that failed and is retried, moves the run once (src/db/backups.ts). The sweep resumes a run whose next
 * message was lost.
 */

/** The nightly backup's cron (wrangler.toml): 10:00 UTC, 2 or 3 at night in Seattle. */
export const BACKUP_CRON = "0 10 * * *";

/** Rows read in one query. */
const PAGE_ROWS = 500;
/** Rows in one part: one file, one queue message. */
export const PART_ROWS = 5_000;
/** A run not moved for this long has lost its message: the sweep sends it again. */
const STALLED_MS = 15 * 60_000;
/** A run still going after this long is given up (and the next night's starts). */
const GIVE_UP_MS = 24 * 60 * 60_000;

/** Where the next part starts: the table's place in the run's list, and the last rowid read of it. */
interface Cursor {
  readonly table: number;
  readonly after: number;
}

/** Starts tonight's run; undefined when one is still going. */
export async function startBackup(env: Env, now: Date): Promise<string | undefined> {
  const run = runName(now);
  const tables: BackupTable[] = (await backedUpTables(env.DB)).map((name) => ({ name, rows: 0, parts: [] }));
  const cursor: Cursor = { table: 0, after: 0 };
  if (!(await startRun(database(env.DB), { id: run, cursor: JSON.stringify(cursor), files: JSON.stringify(tables) }, now)))
    return undefined;
  await env.CONTACT_QUEUE.send({ kind: "backup", run, step: 0 });
  return run;
}

/** The rows of `table` after rowid `after`, up to a part's worth, a page at a time; each with its rowid apart. */
async function readPart(d1: D1Database, table: string, after: number): Promise<{ rows: Row[]; last: number }> {
  const rows: Row[] = [];
  let last = after;
  while (rows.length < PART_ROWS) {
    const { results } = await d1
      .prepare(`SELECT rowid AS "__rowid", * FROM "${table}" WHERE rowid > ?1 ORDER BY rowid LIMIT ?2`)
      .bind(last, Math.min(PAGE_ROWS, PART_ROWS - rows.length))
      .all<Row & { __rowid: number }>();
    for (const { __rowid, ...row } of results) {
      rows.push(row);
      last = __rowid;
    }
    if (results.length < PAGE_ROWS) break;
  }
  return { rows, last };
}

export type StepOutcome = "part" | "finished" | "not-mine";

/**
 * One step of run `run` at `step`: the next part written and recorded, then the next message sent; or, when
 * every table is read, the manifest and the run finished. "not-mine" when the run is not at that step (a
 * second delivery, or a run already ended): nothing recorded.
 */
export async function backupStep(env: Env, run: string, step: number, now: Date): Promise<StepOutcome> {
  const db = database(env.DB);
  const state = await runOf(db, run);
  if (!state || state.step !== step || state.finishedAt || state.failedAt) return "not-mine";
  const key = await backupKey(env.BACKUP_KEY);
  const tables = JSON.parse(state.files) as BackupTable[];
  let cursor = JSON.parse(state.cursor) as Cursor;
  // Empty tables, and the end of one read last time, move the cursor on without a part.
  let read = { rows: [] as Row[], last: 0 };
  while (cursor.table < tables.length) {
    read = await readPart(env.DB, tables[cursor.table]!.name, cursor.after);
    if (read.rows.length > 0) break;
    cursor = { table: cursor.table + 1, after: 0 };
  }
  if (cursor.table >= tables.length) {
    await finish(env, run, tables, state.startedAt, now);
    return "finished";
  }
  const table = tables[cursor.table]!;
  const sealed = await seal(key, rowsToBytes(read.rows));
  const part = {
    key: partKey(run, table.name, table.parts.length, crypto.randomUUID()),
    rows: read.rows.length,
    bytes: sealed.length,
    sha256: await sha256(sealed),
  };
  await env.BACKUPS.put(part.key, sealed);
  tables[cursor.table] = { ...table, rows: table.rows + part.rows, parts: [...table.parts, part] };
  const next: Cursor = read.rows.length < PART_ROWS ? { table: cursor.table + 1, after: 0 } : { table: cursor.table, after: read.last };
  // Another delivery got there first: this part's file is left in the run's folder, unnamed by its manifest.
  if (!(await recordPart(db, run, step, { cursor: JSON.stringify(next), files: JSON.stringify(tables), bytes: part.bytes }, now)))
    return "not-mine";
  await env.CONTACT_QUEUE.send({ kind: "backup", run, step: step + 1 });
  return "part";
}

/** Writes the manifest, the run's last file, and marks the run finished. */
async function finish(env: Env, run: string, tables: readonly BackupTable[], startedAt: Date, now: Date): Promise<void> {
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    run,
    startedAt: startedAt.toISOString(),
    finishedAt: now.toISOString(),
    migration: await lastMigration(env.DB),
    tables,
  };
  const sealed = await seal(await backupKey(env.BACKUP_KEY), new TextEncoder().encode(JSON.stringify(manifest)));
  await env.BACKUPS.put(manifestKey(run), sealed);
  if (await finishRun(database(env.DB), run, sealed.length, now)) {
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backup ${run}: ${rows} rows in ${tables.length} tables`);
  }
}

/** A part that failed: why, kept on the run while the queue retries it. */
export const noteStepFailure = (env: Env, run: string, error: unknown, now: Date) =>
  noteFailure(database(env.DB), run, error instanceof Error ? error.message : String(error), now);

/** A run given up (its message out of retries, or too slow): recorded, and in the activity log with why. */
export async function giveUp(env: Env, run: string, reason: string | undefined, now: Date): Promise<void> {
  const db = database(env.DB);
  if (!(await failRun(db, run, reason, now))) return;
  const failure = (await runOf(db, run))?.failure ?? reason ?? "unknown";
  console.error(`Backup ${run} failed: ${failure}`);
  await recordActivity(db, { actor: "the nightly backup", action: "backup-failed", detail: `${run}: ${failure}` }, now);
}

/** For the sweep: a run whose next message was lost is sent it again; one going for over a day is given up. */
export async function resumeStalledBackups(env: Env, now: Date): Promise<void> {
  for (const run of await stalledRuns(database(env.DB), new Date(now.getTime() - STALLED_MS))) {
    if (now.getTime() - run.startedAt.getTime() > GIVE_UP_MS) await giveUp(env, run.id, "did not finish within a day", now);
    else await env.CONTACT_QUEUE.send({ kind: "backup", run: run.id, step: run.step });
  }
}
