import { type NotificationMessage, handleQueueBatch } from "../queue/notifications.ts";
import { sweepUnnotified } from "../queue/sweep.ts";
import { app } from "./app.ts";
import type { Env } from "./env.ts";

export default {
  fetch: app.fetch,
  queue: handleQueueBatch,
  async scheduled(controller, env) {
    await sweepUnnotified(env, new Date(controller.scheduledTime));
  },
} satisfies ExportedHandler<Env, NotificationMessage>;
