import { EmailMessage } from "cloudflare:email";
import { database } from "../db/client.ts";
import { LEASE_MS } from "../db/delivery.ts";
import { claimForNotification, markNotificationFailed, markNotified, releaseAfterFailure } from "../db/submissions.ts";
import { errorSummary } from "../db/error-summary.ts";
import type { QueueMessage } from "../env.ts";
import { arrivalCheck } from "./arrival-check.ts";
import type { MessageHandler } from "./consumer.ts";
import { retryBaseSeconds, retryDelaySeconds } from "./retry.ts";

/*
 * The notification's handler. It claims the row (a lease, so a duplicated or retried message never sends
 * twice), checks the inquiry for conflicts (`arrival-check.ts`: once, across inquiries and the conflict
 * register; a check that fails is logged and the e-mail goes without it), builds the e-mail saying how many
 * possible matches it found and sends it through the `send_email` binding, then acks; on failure it retries
 * that message alone with exponential backoff (`retry.ts`). After every retry it marks the row `failed`.
 */

/**
 * The e-mail builder (mimetext and the polyfills it brings), loaded by the first delivery: the build puts it
 * in a module of its own, so isolates that only answer pages never load or run it.
 */
const emailModule = () => import("./email.ts");

type NotificationMessage = Extract<QueueMessage, { kind: "notification" }>;

/**
 * A new inquiry's notification (src/queue/consumer.ts): checks it for conflicts (arrival-check.ts; once, and
 * never in the way of the e-mail), sends its e-mail saying how many possible matches the check found, acks on
 * success (or when there is nothing to do), retries with backoff on failure; after every retry, records the
 * failure on the row.
 */
export const notificationHandler: MessageHandler<NotificationMessage> = {
  async deliver(message, env) {
    const db = database(env.DB);
    const id = message.body.submissionId;
    const now = new Date();
    try {
      const claim = await claimForNotification(db, id, now, LEASE_MS);
      if (claim.kind === "busy") {
        message.retry({ delaySeconds: LEASE_MS / 1000 });
        return;
      }
      if (claim.kind === "missing") console.warn(`Notification skipped: submission ${id} no longer exists`);
      if (claim.kind !== "claimed") {
        message.ack();
        return;
      }
      const check = await arrivalCheck(db, claim.submission, now);
      try {
        const { buildNotificationEmail } = await emailModule();
        const raw = buildNotificationEmail(claim.submission, { from: env.NOTIFY_FROM, to: env.NOTIFY_TO }, check);
        await env.EMAIL.send(new EmailMessage(env.NOTIFY_FROM, env.NOTIFY_TO, raw));
      } catch (error) {
        await releaseAfterFailure(db, id, errorSummary(error));
        throw error;
      }
      await markNotified(db, id, new Date());
      message.ack();
    } catch (error) {
      console.error(`Notification for submission ${id} failed (attempt ${message.attempts}): ${errorSummary(error)}`);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts, retryBaseSeconds(env.NOTIFY_RETRY_BASE_SECONDS)) });
    }
  },
  async abandon({ submissionId }, env) {
    await markNotificationFailed(database(env.DB), submissionId, "E-mail not delivered after every retry");
    console.error(`Notification for submission ${submissionId} abandoned after every retry; marked failed`);
  },
};
