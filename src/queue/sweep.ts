import { database } from "../db/client.ts";
import { findUnnotified, markQueued } from "../db/submissions.ts";
import type { Env } from "../worker/env.ts";

/** A row whose queueing failed is picked up after this long… */
const GRACE_MS = 2 * 60_000;
/** …and a row queued this long ago yet still pending was lost (every retry would have ended by then). */
const STALE_MS = 6 * 60 * 60_000;
const BATCH = 100;

/**
 * The cron trigger's job: put back on the queue every submission whose notification never went out,
 * because the queue refused it or lost it. Returns how many were queued again.
 */
export async function sweepUnnotified(env: Env, now: Date): Promise<number> {
  const db = database(env.DB);
  const ids = await findUnnotified(db, now, GRACE_MS, STALE_MS, BATCH);
  if (ids.length === 0) return 0;
  await env.CONTACT_QUEUE.sendBatch(ids.map((submissionId) => ({ body: { submissionId } })));
  await markQueued(db, ids, now);
  console.log(`Sweep queued ${ids.length} notification(s) again`);
  return ids.length;
}
