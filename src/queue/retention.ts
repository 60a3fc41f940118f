import { site } from "../content/index.ts";
import { database } from "../db/client.ts";
import { deleteSubmissionsBefore } from "../db/submissions.ts";
import type { Env } from "../worker/env.ts";

/**
 * The moment before which a message is past its retention: the same months the privacy policy states, to
 * the same day and time of the month, or the month's last day where it is shorter (31 March less one month
 * is 28 or 29 February; `setUTCMonth` alone would overflow into 3 March and delete three days early).
 */
export function retentionCutoff(now: Date, months: number = site.retention.messageMonths): Date {
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(now.getUTCFullYear(), month, Math.min(now.getUTCDate(), lastDay));
  return cutoff;
}

/** Deletes the submissions received more than `retention.messageMonths` (content/site.yaml) ago, as the privacy policy promises. Returns how many. */
export async function deleteExpiredSubmissions(env: Env, now: Date): Promise<number> {
  const deleted = await deleteSubmissionsBefore(database(env.DB), retentionCutoff(now));
  if (deleted > 0) console.log(`Retention: deleted ${deleted} submission(s) received more than ${site.retention.messageMonths} months ago`);
  return deleted;
}
