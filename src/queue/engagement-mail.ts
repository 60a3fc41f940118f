import { consultations, pages, site } from "../content/index.ts";
import { database } from "../db/client.ts";
import { sealSignedEngagement } from "../db/engagements.ts";
import { errorSummary } from "../db/error-summary.ts";
import type { QueueMessage } from "../env.ts";
import type { MessageHandler } from "./consumer.ts";
import { retryBaseSeconds, retryDelaySeconds } from "./retry.ts";

/*
 * What follows an engagement letter's signature, off the client's path: its PDF sealed from the verified
 * record and stored in RECORDS, once (src/db/engagements.ts, sealSignedEngagement).
 */

type EngagementSignedMessage = Extract<QueueMessage, { kind: "engagement-signed" }>;

/** The words the signed PDF is made with: the practice's name, its time zone, the box the client ticked. */
const sealWords = () => ({ practiceName: site.practiceName, timeZone: consultations.timeZone, agreement: pages.engagement.agreeLabel });

/**
 * A signed letter (src/queue/consumer.ts): its PDF sealed, then acked; a letter not signed (or gone) is acked
 * with nothing done. A failure is retried with backoff; each part is done once, so a retry does only what failed.
 */
export const engagementSignedHandler: MessageHandler<EngagementSignedMessage> = {
  async deliver(message, env) {
    const { letterId } = message.body;
    try {
      const sealed = await sealSignedEngagement(database(env.DB), env.RECORDS, letterId, sealWords(), new Date());
      if (sealed.outcome === "broken") throw new Error(`its record does not verify (${JSON.stringify(sealed.check.broken)})`);
      message.ack();
    } catch (error) {
      console.error(`Engagement letter ${letterId}: signed copy failed (attempt ${message.attempts}): ${errorSummary(error)}`);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts, retryBaseSeconds(env.NOTIFY_RETRY_BASE_SECONDS)) });
    }
  },
  /** After every retry: logged for the operators; the sweep queues it again while the letter is recent. */
  async abandon({ letterId }) {
    console.error(`Engagement letter ${letterId}: signed copy NOT DONE after every retry; see its record in the inbox`);
  },
};
