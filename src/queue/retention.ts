import { site } from "../content/index.ts";
import { database } from "../db/client.ts";
import { deleteSubmissionsBefore } from "../db/submissions.ts";
import type { Env } from "../worker/env.ts";

/** The moment before which a message is past its retention: the same months the privacy policy states. */
export function retentionCutoff(now: Date, months: number = site.retention.messageMonths): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Deletes the submissions received more than `retention.messageMonths` (content/site.yaml) ago, as the privacy policy promises. Returns how many. */
export async function deleteExpiredSubmissions(env: Env, now: Date): Promise<number> {
  const deleted = await deleteSubmissionsBefore(database(env.DB), retentionCutoff(now));
  if (deleted > 0) console.log(`Retention: deleted ${deleted} submission(s) received more than ${site.retention.messageMonths} months ago`);
  return deleted;
}
