import { EmailMessage } from "cloudflare:email";
import { database } from "../db/client.ts";
import { LEASE_MS, MAX_RETRY_DELAY_SECONDS } from "../db/delivery.ts";
import { claimForNotification, markNotificationFailed, markNotified, releaseAfterFailure } from "../db/submissions.ts";
import type { Env } from "../env.ts";
import { errorSummary } from "../db/error-summary.ts";
import type { NotificationMessage } from "../env.ts";
import { isDeadLetterQueue } from "./queues.ts";

/** The Worker's queue handler: notifications, or the dead letters of those that failed every retry. */
export function handleQueueBatch(batch: MessageBatch<NotificationMessage>, env: Env): Promise<void> {
  return isDeadLetterQueue(batch.queue) ? handleDeadLetterBatch(batch, env) : handleNotificationBatch(batch, env);
}

/**
 * The first retry's delay from NOTIFY_RETRY_BASE_SECONDS: 30 when it is unset or not a number of seconds.
 * 0 retries at once, which local test runs use to see a notification fail all its attempts in seconds.
 */
export function retryBaseSeconds(setting: string | undefined): number {
  const seconds = Number(setting);
  return setting?.trim() && Number.isFinite(seconds) && seconds >= 0 ? seconds : 30;
}

/** Exponential backoff: base, 2×base, 4×base… capped at 15 minutes. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_SECONDS);
}

/**
 * The e-mail builder (mimetext and the polyfills it brings), loaded by the first delivery: the build puts it
 * in a module of its own, so isolates that only answer pages never load or run it.
 */
const emailModule = () => import("./email.ts");

/** The weekly digest's sending, loaded by the first digest message. */
const digestModule = () => import("./digest.ts");

/** Sends the e-mail of each message on its own: ack on success (or nothing to do), retry with backoff on failure. */
async function handleNotificationBatch(batch: MessageBatch<NotificationMessage>, env: Env): Promise<void> {
  const db = database(env.DB);
  const baseDelay = retryBaseSeconds(env.NOTIFY_RETRY_BASE_SECONDS);
  for (const message of batch.messages) {
    const body = message.body;
    if ("digestWeek" in body) {
      try {
        await (await digestModule()).deliverDigest(env, body.digestWeek, new Date());
        message.ack();
      } catch (error) {
        console.error(`Digest ${body.digestWeek} failed (attempt ${message.attempts}): ${errorSummary(error)}`);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts, baseDelay) });
      }
      continue;
    }
    const id = body.submissionId;
    const now = new Date();
    try {
      const claim = await claimForNotification(db, id, now, LEASE_MS);
      if (claim.kind === "busy") {
        message.retry({ delaySeconds: LEASE_MS / 1000 });
        continue;
      }
      if (claim.kind === "missing") console.warn(`Notification skipped: submission ${id} no longer exists`);
      if (claim.kind !== "claimed") {
        message.ack();
        continue;
      }
      try {
        const { buildNotificationEmail } = await emailModule();
        const raw = buildNotificationEmail(claim.submission, { from: env.NOTIFY_FROM, to: env.NOTIFY_TO });
        await env.EMAIL.send(new EmailMessage(env.NOTIFY_FROM, env.NOTIFY_TO, raw));
      } catch (error) {
        await releaseAfterFailure(db, id, errorSummary(error));
        throw error;
      }
      await markNotified(db, id, new Date());
      message.ack();
    } catch (error) {
      console.error(`Notification for submission ${id} failed (attempt ${message.attempts}): ${errorSummary(error)}`);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts, baseDelay) });
    }
  }
}

/** Messages that used up their retries: record the final failure on the row, where operators can see it. */
async function handleDeadLetterBatch(batch: MessageBatch<NotificationMessage>, env: Env): Promise<void> {
  const db = database(env.DB);
  for (const message of batch.messages) {
    const body = message.body;
    if ("digestWeek" in body) {
      await (await digestModule()).abandonDigest(env, body.digestWeek);
      console.error(`Digest ${body.digestWeek} abandoned after every retry; marked failed`);
      message.ack();
      continue;
    }
    const id = body.submissionId;
    await markNotificationFailed(db, id, "E-mail not delivered after every retry");
    console.error(`Notification for submission ${id} abandoned after every retry; marked failed`);
    message.ack();
  }
}
