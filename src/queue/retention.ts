import { database } from "../db/client.ts";
import { deleteSubmissionsBefore } from "../db/submissions.ts";
import type { Env } from "../worker/env.ts";

const DAY_MS = 24 * 60 * 60_000;

/** Deletes the submissions older than RETENTION_DAYS, as the privacy policy promises. Returns how many. */
export async function deleteExpiredSubmissions(env: Env, now: Date): Promise<number> {
  const days = Number(env.RETENTION_DAYS);
  if (!Number.isFinite(days) || days < 1) throw new Error(`RETENTION_DAYS must be a positive number of days, not "${env.RETENTION_DAYS}"`);
  const deleted = await deleteSubmissionsBefore(database(env.DB), new Date(now.getTime() - days * DAY_MS));
  if (deleted > 0) console.log(`Retention: deleted ${deleted} submission(s) older than ${days} days`);
  return deleted;
}
