import { site } from "../../content/index.ts";
import { endedRuns, forgetRun } from "../../db/backups.ts";
import { database } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { RUN_NAME, runFolder } from "./manifest.ts";

/** A failed run's parts are kept this long, for whoever looks into why, then removed. */
const FAILED_KEPT_MS = 7 * 24 * 60 * 60_000;

interface EndedRun {
  readonly id: string;
  readonly finishedAt: Date | null;
  readonly failedAt: Date | null;
}

/**
 * The runs retention removes, from those that ended (oldest first): every finished run but the newest `nights`
 * and the first of each of the newest `months` months (UTC, as runs are named); every failed run older
 * than a week. A run still going is never among them, nor anything the job did not write.
 */
export function runsToRemove(ended: readonly EndedRun[], keep: { nights: number; months: number }, now: Date): string[] {
  const finished = ended.filter((run) => run.finishedAt);
  const kept = new Set(finished.slice(-keep.nights).map((run) => run.id));
  const firstOfMonth = new Map<string, string>();
  for (const run of finished) if (!firstOfMonth.has(run.id.slice(0, 7))) firstOfMonth.set(run.id.slice(0, 7), run.id);
  for (const id of [...firstOfMonth.values()].slice(-keep.months)) kept.add(id);
  const failedLongAgo = (run: EndedRun) => run.failedAt && now.getTime() - run.failedAt.getTime() > FAILED_KEPT_MS;
  return ended.filter((run) => RUN_NAME.test(run.id) && (run.finishedAt ? !kept.has(run.id) : failedLongAgo(run))).map((run) => run.id);
}

/** Deletes every object in a run's folder, a listing page at a time, then the run's record. */
async function removeRun(env: Env, run: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const listed = await env.BACKUPS.list({ prefix: runFolder(run), cursor });
    if (listed.objects.length > 0) await env.BACKUPS.delete(listed.objects.map((object) => object.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  await forgetRun(database(env.DB), run);
}

/** Keeps what content/site.yaml's retention says of backups, removing the rest. */
export async function removeOldBackups(env: Env, now: Date): Promise<string[]> {
  const removed = runsToRemove(await endedRuns(database(env.DB)), site.retention.backups, now);
  for (const run of removed) await removeRun(env, run);
  if (removed.length > 0) console.log(`Backups: removed ${removed.join(", ")}`);
  return removed;
}
