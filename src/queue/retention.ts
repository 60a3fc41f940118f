import { site } from "../content/index.ts";
import { deleteActivityBefore } from "../db/activity.ts";
import { deleteOffersBefore } from "../db/bookings.ts";
import { database } from "../db/client.ts";
import { backfillConflictKeys } from "../db/conflicts.ts";
import { seattleDay } from "../db/days.ts";
import { deleteEngagementRecordsBefore } from "../db/engagements.ts";
import { clientsClosedBefore, removeClients } from "../db/register.ts";
import { deleteSubmissionsBefore, eraseMessagesBefore } from "../db/submissions.ts";
import type { Env } from "../env.ts";

/*
 * The cron job that applies the retention periods of content/site.yaml (docs/operators.md), the conflict
 * register's included, and the engagement letters' (each batch's signed PDFs deleted from `RECORDS` before
 * its letters, so a failure leaves both for the next night).
 */

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
  /** Conflict register clients removed, with their matters and parties. */
  readonly clients: number;
  /** Consultation offers deleted, with their bookings. */
  readonly consultations: number;
  /** Engagement letters deleted, with the records of their signing and their signed PDFs. */
  readonly engagements: number;
}

/** Register clients removed a statement at a time: D1 binds at most 100 values. */
const CLIENTS_PER_REMOVAL = 90;

/** Removes the register's clients whose every matter closed before the cutoff; returns how many. */
async function removeClosedClients(db: ReturnType<typeof database>, cutoff: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = await clientsClosedBefore(db, seattleDay(cutoff), CLIENTS_PER_REMOVAL);
    await removeClients(db, ids);
    removed += ids.length;
    if (ids.length < CLIENTS_PER_REMOVAL) return removed;
  }
}

/**
 * What the privacy policy promises, from the periods content/site.yaml gives (the policy states the same
 * ones, src/content/facts.ts): each message erased after `messageMonths`, keeping its inquiry's conflict
 * record; each inquiry deleted after `conflictRecordMonths`; each activity log entry after
 * `activityLogMonths`; each register client once every matter of theirs closed over `registerMonthsAfterClose`
 * ago (a privacy deletion of an inquiry never touches the register); each consultation offer, with its booking,
 * once its time (or an unused offer's last day) is over `bookingMonths` ago; each engagement letter, with its
 * record and its signed PDF in RECORDS, once its last event is over `engagementRecordMonths` ago. Also gives
 * older rows their conflict search keys.
 */
export async function applyRetention(env: Env, now: Date): Promise<RetentionRun> {
  const db = database(env.DB);
  const periods = site.retention;
  const run = {
    erased: await eraseMessagesBefore(db, retentionCutoff(now, periods.messageMonths), now),
    deleted: await deleteSubmissionsBefore(db, retentionCutoff(now, periods.conflictRecordMonths)),
    activity: await deleteActivityBefore(db, retentionCutoff(now, periods.activityLogMonths)),
    clients: await removeClosedClients(db, retentionCutoff(now, periods.registerMonthsAfterClose)),
    consultations: await deleteOffersBefore(db, retentionCutoff(now, periods.bookingMonths)),
    engagements: await deleteEngagementRecordsBefore(db, retentionCutoff(now, periods.engagementRecordMonths), (keys) =>
      env.RECORDS.delete(keys),
    ),
  };
  await backfillConflictKeys(db);
  if (run.erased + run.deleted + run.activity + run.clients + run.consultations + run.engagements > 0) {
    console.log(
      `Retention: erased ${run.erased} message(s) older than ${periods.messageMonths} months, deleted ${run.deleted} inquiry(ies) older than ${periods.conflictRecordMonths} months, ${run.activity} activity entry(ies) older than ${periods.activityLogMonths} months ${run.clients} register client(s) whose last matter closed over ${periods.registerMonthsAfterClose} months ago ${run.consultations} consultation offer(s) whose time or last day passed over ${periods.bookingMonths} months ago and ${run.engagements} engagement letter(s) whose last event is over ${periods.engagementRecordMonths} months old`,
    );
  }
  return run;
}
