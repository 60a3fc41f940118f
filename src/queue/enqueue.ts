import type { Database } from "../db/client.ts";
import { errorSummary } from "../db/error-summary.ts";
import { markNotQueued } from "../db/submissions.ts";
import type { Env, QueueMessage } from "../env.ts";

/*
 * The one path that queues a stored inquiry's notification (the contact API, after answering the visitor,
 * and the inbox's "send again"); when the queue refuses it, the row is marked never queued, for the sweep.
 * Also `queueBookingMail`, which queues a booking change's confirmation (the booking link's path; a refused
 * one is the sweep's, as `booking-sweep.ts` finds it).
 */

/** The queue message that has the practice notified of a stored inquiry. */
export const notificationMessage = (submissionId: string): QueueMessage => ({ kind: "notification", submissionId });

/**
 * Puts a stored inquiry's notification on the queue: the contact API's path (after the visitor is answered)
 * and the inbox's "send again". When the queue refuses it, the row is marked never queued, which makes it the
 * sweep's to queue within minutes (src/queue/sweep.ts). Whether it was queued.
 */
export async function queueNotification(env: Env, db: Database, submissionId: string): Promise<boolean> {
  try {
    await env.CONTACT_QUEUE.send(notificationMessage(submissionId));
    return true;
  } catch (error) {
    console.error(`Submission ${submissionId} stored but not queued; the sweep will queue it: ${errorSummary(error)}`);
    await markNotQueued(db, submissionId).catch(() => {
      // Left marked as queued: the sweep treats a long-pending row as lost and queues it again.
    });
    return false;
  }
}

/**
 * Puts the confirmation of a booking's change (booked, moved, cancelled: the booking's sequence after it) on the
 * queue: the booking link's path, after the change is stored. When the queue refuses it, the change stays
 * unconfirmed in D1 and the sweep queues it within minutes (src/queue/booking-sweep.ts); the consumer claims
 * each change's mail once, so queuing one twice sends it once. Whether it was queued.
 */
export async function queueBookingMail(env: Pick<Env, "CONTACT_QUEUE">, bookingId: string, sequence: number): Promise<boolean> {
  try {
    await env.CONTACT_QUEUE.send({ kind: "booking-mail", bookingId, sequence });
    return true;
  } catch (error) {
    console.error(`Booking ${bookingId} changed but its confirmation not queued; the sweep will queue it: ${errorSummary(error)}`);
    return false;
  }
}

/**
 * Puts a signed engagement letter on the queue, for its PDF to be sealed, its matter added to the conflict
 * register and its signed copy mailed to the client and the attorney: the letter's link's path, after the
 * signature is stored. When the queue refuses it, the sweep queues it within minutes
 * (src/queue/engagement-sweep.ts); the consumer does each part once, so queuing it twice does nothing twice.
 * Whether it was queued.
 */
export async function queueEngagementSigned(env: Pick<Env, "CONTACT_QUEUE">, letterId: string): Promise<boolean> {
  try {
    await env.CONTACT_QUEUE.send({ kind: "engagement-signed", letterId });
    return true;
  } catch (error) {
    console.error(`Engagement letter ${letterId} signed but not queued; the sweep will queue it: ${errorSummary(error)}`);
    return false;
  }
}
