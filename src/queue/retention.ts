import { site } from "../content/index.ts";
import { deleteActivityBefore } from "../db/activity.ts";
import { database } from "../db/client.ts";
import { backfillConflictKeys } from "../db/conflicts.ts";
import { deleteSubmissionsBefore, eraseMessagesBefore } from "../db/submissions.ts";
import type { Env } from "../env.ts";

/**
 * The moment `months` before `now`, to the same day and time of the month, or the month's last day where it
 * is shorter (31 March less one month is 28 or 29 February; `setUTCMonth` alone would overflow into 3 March
 * and let a record go three days early).
 */
export function retentionCutoff(now: Date, months: number): Date {
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(now.getUTCFullYear(), month, Math.min(now.getUTCDate(), lastDay));
  return cutoff;
}

export interface RetentionRun {
  /** Messages erased, their conflict record kept. */
  readonly erased: number;
  /** Inquiries deleted whole: their conflict record's period is over too. */
  readonly deleted: number;
  /** Activity log entries deleted. */
  readonly activity: number;
}

/**
 * What the privacy policy promises, from the periods content/site.yaml gives (the policy states the same
 * ones, src/content/facts.ts): each message erased after `messageMonths`, keeping its inquiry's conflict
 * record; each inquiry deleted after `conflictRecordMonths`; each activity log entry after
 * `activityLogMonths`. Also gives older rows their conflict search keys.
 */
export async function applyRetention(env: Env, now: Date): Promise<RetentionRun> {
  const db = database(env.DB);
  const periods = site.retention;
  const run = {
    erased: await eraseMessagesBefore(db, retentionCutoff(now, periods.messageMonths), now),
    deleted: await deleteSubmissionsBefore(db, retentionCutoff(now, periods.conflictRecordMonths)),
    activity: await deleteActivityBefore(db, retentionCutoff(now, periods.activityLogMonths)),
  };
  await backfillConflictKeys(db);
  if (run.erased + run.deleted + run.activity > 0) {
    console.log(
      `Retention: erased ${run.erased} message(s) older than ${periods.messageMonths} months, deleted ${run.deleted} inquiry(ies) older than ${periods.conflictRecordMonths} months and ${run.activity} activity entry(ies) older than ${periods.activityLogMonths} months`,
    );
  }
  return run;
}
