import type { Database } from "../db/client.ts";
import { errorSummary } from "../db/error-summary.ts";
import { markNotQueued } from "../db/submissions.ts";
import type { Env, QueueMessage } from "../env.ts";

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
