import { database } from "../db/client.ts";
import { unfinishedSignedLetters } from "../db/engagement-delivery.ts";
import type { Env } from "../env.ts";
import { queueAll } from "./queue-all.ts";

/** A signed letter whose PDF or mail is not done this long after its signature has lost its queue message. */
const LOST_AFTER_MS = 5 * 60_000;
/** Signatures older than this are not followed up again: the operators' log has said why for a day. */
const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/**
 * Part of the cron's sweep: puts back on the queue every signed letter whose PDF, attorney's notice or client's
 * copy is not done some minutes after its signature (its message refused, lost, or used up by failures). The
 * consumer does each part once, so a message that was only slow does nothing twice. Returns how many.
 */
export async function requeueUnfinishedEngagements(env: Env, now: Date): Promise<number> {
  const since = new Date(now.getTime() - GIVE_UP_AFTER_MS);
  const ids = await unfinishedSignedLetters(database(env.DB), since, new Date(now.getTime() - LOST_AFTER_MS));
  const messages = ids.map((letterId) => ({ kind: "engagement-signed" as const, letterId }));
  return queueAll(env, messages, (count) => `Sweep queued ${count} signed engagement letter(s) again`);
}
