import type { NotificationMessage } from "../queue/message.ts";
import { app } from "./app.ts";
import type { Env } from "./env.ts";

/*
 * The queue consumer and the cron trigger load their code when they first run (a dynamic import is split
 * from the start-up bundle): an isolate serving pages never loads the e-mail or database code.
 */
export default {
  fetch: app.fetch,
  async queue(batch, env) {
    const { handleQueueBatch } = await import("../queue/notifications.ts");
    await handleQueueBatch(batch, env);
  },
  /** The cron trigger: re-queue notifications that never left, and delete submissions past retention. */
  async scheduled(controller, env) {
    const [{ sweepUnnotified }, { deleteExpiredSubmissions }] = await Promise.all([
      import("../queue/sweep.ts"),
      import("../queue/retention.ts"),
    ]);
    const now = new Date(controller.scheduledTime);
    await Promise.all([sweepUnnotified(env, now), deleteExpiredSubmissions(env, now)]);
  },
} satisfies ExportedHandler<Env, NotificationMessage>;
