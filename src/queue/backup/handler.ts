import { errorSummary } from "../../db/error-summary.ts";
import type { QueueMessage } from "../../env.ts";
import type { MessageHandler } from "../consumer.ts";
import { retryBaseSeconds, retryDelaySeconds } from "../retry.ts";
import { removeOldBackups } from "./retention.ts";
import { backupStep, giveUp, noteStepFailure } from "./run.ts";

/**
 * The queue's `backup` messages: one step of a run each; a step that fails is retried, and out of retries the
 * run fails. Once a run has finished, what retention no longer keeps is removed.
 */
export const backupHandler: MessageHandler<Extract<QueueMessage, { kind: "backup" }>> = {
  async deliver(message, env) {
    const { run, step } = message.body;
    try {
      if ((await backupStep(env, run, step, new Date())) === "finished") await removeOldBackups(env, new Date());
      message.ack();
    } catch (error) {
      console.error(`Backup ${run}, step ${step} failed (attempt ${message.attempts}): ${errorSummary(error)}`);
      await noteStepFailure(env, run, error, new Date());
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts, retryBaseSeconds(env.NOTIFY_RETRY_BASE_SECONDS)) });
    }
  },
  async abandon({ run }, env) {
    await giveUp(env, run, undefined, new Date());
  },
};
