/**
 * The secrets the first deploy sends: a new backups' key (kept offline by the operator: without it no backup can
 * be read) and the attorney's calendar address. A secret the Worker already holds is left as it is.
 */
import { newBackupSecret } from "../../../src/queue/backup/seal.ts";
import { CloudflareError } from "../cloudflare.ts";
import { type Context, type Step, kept, made } from "../context.ts";

/** The names of the secrets the Worker holds; none before its first deploy. */
export async function workerSecrets(context: Context): Promise<Set<string>> {
  try {
    const secrets = await context.cloudflare.get<{ name: string }[]>(`/accounts/{account}/workers/scripts/${context.worker}/secrets`);
    return new Set(secrets.map((secret) => secret.name));
  } catch (error) {
    if (error instanceof CloudflareError && error.code === 10007) return new Set();
    throw error;
  }
}

export const secrets: Step = {
  title: "The backups' key and the calendar's address",
  does: "generates BACKUP_KEY (AES-256, to be kept offline too) and takes ATTORNEY_CALENDAR_URL from the answers, for the deploy to send; leaves any the Worker already holds",
  async run(context) {
    const held = await workerSecrets(context);
    const { state } = context;
    const changes: string[] = [];
    if (!held.has("BACKUP_KEY") && !state.secrets.BACKUP_KEY) {
      state.setSecret("BACKUP_KEY", newBackupSecret());
      changes.push("a new BACKUP_KEY");
    }
    if (
      context.target === "production" &&
      !held.has("ATTORNEY_CALENDAR_URL") &&
      state.secrets.ATTORNEY_CALENDAR_URL !== context.answers.calendarUrl
    ) {
      state.setSecret("ATTORNEY_CALENDAR_URL", context.answers.calendarUrl!);
      changes.push("the calendar's address");
    }
    return changes.length ? made(`${changes.join(" and ")} in ${state.secretsFile}`) : kept("held by the Worker or ready for the deploy");
  },
};
