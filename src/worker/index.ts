import type { NotificationMessage } from "../queue/message.ts";
import { handleQueueBatch } from "../queue/notifications.ts";
import { deleteExpiredSubmissions } from "../queue/retention.ts";
import { sweepUnnotified } from "../queue/sweep.ts";
import { app } from "./app.ts";
import type { Env } from "./env.ts";

export default {
  fetch: app.fetch,
  queue: handleQueueBatch,
  /** The cron trigger: re-queue notifications that never left, and delete submissions past retention. */
  async scheduled(controller, env) {
    const now = new Date(controller.scheduledTime);
    await Promise.all([sweepUnnotified(env, now), deleteExpiredSubmissions(env, now)]);
  },
} satisfies ExportedHandler<Env, NotificationMessage>;
