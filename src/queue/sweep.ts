import { database } from "../db/client.ts";
import { findStuck, markQueued } from "../db/submissions.ts";
import type { Env } from "../env.ts";
import { requeueUnconfirmedBookings } from "./booking-sweep.ts";
import { requeueLostDigests } from "./digest.ts";
import { requeueUnfinishedEngagements } from "./engagement-sweep.ts";
import { notificationMessage } from "./enqueue.ts";

const BATCH = 100;

/**
 * The cron trigger's job: put back on the queue every stuck submission (db/delivery.ts), whose
 * notification no queue message will deliver because the queue refused it, lost it, or never got it (and
 * the lost weekly digests, booking confirmations and signed engagement letters' copies likewise).
 * Returns how many were queued again.
 */
export async function sweepUnnotified(env: Env, now: Date): Promise<number> {
  const db = database(env.DB);
  const digests = await requeueLostDigests(env, now);
  if (digests > 0) console.log(`Sweep queued ${digests} weekly digest(s) again`);
  await requeueUnconfirmedBookings(env, now);
  await requeueUnfinishedEngagements(env, now);
  const ids = await findStuck(db, now, BATCH);
  if (ids.length === 0) return 0;
  await env.CONTACT_QUEUE.sendBatch(ids.map((id) => ({ body: notificationMessage(id) })));
  await markQueued(db, ids, now);
  console.log(`Sweep queued ${ids.length} notification(s) again`);
  return ids.length;
}
