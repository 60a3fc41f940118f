import type { Env, QueueMessage } from "../env.ts";
import { app } from "./app.ts";

/*
 * The queue consumer and the cron trigger load their code when they first run (a dynamic import is split
 * from the start-up bundle): an isolate serving pages never loads the e-mail or database code.
 */
export default {
  fetch: app.fetch,
  async queue(batch, env) {
    const { handleQueueBatch } = await import("../queue/consumer.ts");
    await handleQueueBatch(batch, env);
  },
  /**
   * The cron triggers: on Monday mornings, the weekly digest; every night, the backup; every ten minutes, the
   * sweep of e-mails that never left and of backups whose next step was lost, the retention clean-up, the
   * consultations' reminders that are due, and the attorney's own calendar (hourly at most).
   */
  async scheduled(controller, env) {
    const now = new Date(controller.scheduledTime);
    const { DIGEST_CRON, startWeeklyDigest } = await import("../queue/digest.ts");
    if (controller.cron === DIGEST_CRON) {
      await startWeeklyDigest(env, now);
      return;
    }
    const { BACKUP_CRON, resumeStalledBackups, startBackup } = await import("../queue/backup/run.ts");
    if (controller.cron === BACKUP_CRON) {
      await startBackup(env, now);
      return;
    }
    const [{ sweepUnnotified }, { applyRetention }, { queueDueReminders }, { readAttorneyCalendar }] = await Promise.all([
      import("../queue/sweep.ts"),
      import("../queue/retention.ts"),
      import("../queue/reminders.ts"),
      import("../queue/calendar-read.ts"),
    ]);
    await Promise.all([
      sweepUnnotified(env, now),
      applyRetention(env, now),
      resumeStalledBackups(env, now),
      queueDueReminders(env, now),
      readAttorneyCalendar(env, now),
    ]);
  },
} satisfies ExportedHandler<Env, QueueMessage>;
