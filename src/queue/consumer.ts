import type { Env, QueueMessage } from "../env.ts";
import { isDeadLetterQueue } from "./queues.ts";

/*
 * The Worker's queue handler. Each message carries a `kind` (`src/env.ts`, `QueueMessage`: a new inquiry's
 * notification, a week's digest, a backup's next step, a consultation's confirmation or reminder, a signed
 * engagement letter, nothing personal) and goes to that kind's handler, loaded by its first message; from a
 * dead-letter queue, to the handler's record of its final failure. A message without a kind, as an earlier
 * version queued them, is read by its fields.
 */

/** What handles one kind of queue message: its delivery (which acks or retries it), and its final failure. */
export interface MessageHandler<M extends QueueMessage> {
  deliver(message: Message<M>, env: Env): Promise<void>;
  /** The message used up its retries (the dead-letter queue): record that it failed, where operators see it. */
  abandon(body: M, env: Env): Promise<void>;
}

type Handlers = { readonly [K in QueueMessage["kind"]]: () => Promise<MessageHandler<Extract<QueueMessage, { kind: K }>>> };

/**
 * Each kind's handler, loaded by its first message: the e-mail builder and the digest's queries stay out of
 * isolates that never send them.
 */
const handlers: Handlers = {
  notification: () => import("./notifications.ts").then((module) => module.notificationHandler),
  digest: () => import("./digest.ts").then((module) => module.digestHandler),
  backup: () => import("./backup/handler.ts").then((module) => module.backupHandler),
  "booking-mail": () => import("./booking-mail.ts").then((module) => module.bookingMailHandler),
  "booking-reminder": () => import("./booking-mail.ts").then((module) => module.bookingReminderHandler),
  "engagement-signed": () => import("./engagement-mail.ts").then((module) => module.engagementSignedHandler),
};

/** A message without a kind, as the queue may still hold from a version before kinds, is read by its fields. */
type Unkinded = { readonly submissionId: string } | { readonly digestWeek: string };
const kinded = (body: QueueMessage | Unkinded): QueueMessage =>
  "kind" in body ? body : "digestWeek" in body ? { kind: "digest", week: body.digestWeek } : { kind: "notification", ...body };

/** The Worker's queue handler: each message to its kind's handler, or, from a dead-letter queue, its final failure. */
export async function handleQueueBatch(batch: MessageBatch<QueueMessage>, env: Env): Promise<void> {
  const deadLetters = isDeadLetterQueue(batch.queue);
  for (const message of batch.messages) {
    const body = kinded(message.body);
    // The union of handlers and messages pairs each kind with its own; TypeScript cannot follow it through the lookup.
    const handler = (await handlers[body.kind]()) as MessageHandler<QueueMessage>;
    if (deadLetters) {
      await handler.abandon(body, env);
      message.ack();
    } else await handler.deliver(message as Message<QueueMessage>, env);
  }
}
