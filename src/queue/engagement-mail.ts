import { EmailMessage } from "cloudflare:email";
import { consultations, pages, site } from "../content/index.ts";
import { type Database, database } from "../db/client.ts";
import { type SignedMail, claimSignedMail, markSignedMail, registerSignedMatter, releaseSignedMail } from "../db/engagement-delivery.ts";
import { sealSignedEngagement } from "../db/engagements.ts";
import { errorSummary } from "../db/error-summary.ts";
import type { EngagementLetter } from "../db/schema.ts";
import { sha256Hex } from "../engagement/chain.ts";
import type { Env, QueueMessage } from "../env.ts";
import type { MessageHandler } from "./consumer.ts";
import { type ClientCopy, signedCopyForClient, signedNotice } from "./engagement-messages.ts";
import { safeAddress } from "./mail-parts.ts";
import { retryBaseSeconds, retryDelaySeconds } from "./retry.ts";

/*
 * What follows an engagement letter's signature, off the client's path, each part once however often its
 * message comes: the PDF sealed from the verified record into RECORDS; under the attorney notice's claim, the
 * letter's matter added to the conflict register and the notice sent (through EMAIL, as notifications go);
 * then, under its own claim, the client's copy (through CLIENT_EMAIL from CLIENT_MAIL_FROM, Reply-To the
 * practice). Both carry the signed PDF. A failure gives back the claim it held and the message is retried, so
 * a retry does what failed and nothing twice; the sweep queues a letter left unfinished (engagement-sweep.ts).
 */

type EngagementSignedMessage = Extract<QueueMessage, { kind: "engagement-signed" }>;

/** The words the signed PDF is made with: the practice's name, its time zone, the box the client ticked. */
const sealWords = () => ({ practiceName: site.practiceName, timeZone: consultations.timeZone, agreement: pages.engagement.agreeLabel });

/** Whether the client's copy can go by e-mail, and if not, why. */
function clientCopy(env: Pick<Env, "CLIENT_MAIL_FROM">, letter: Pick<EngagementLetter, "clientEmail">): ClientCopy {
  if (env.CLIENT_MAIL_FROM.trim() === "") return "not-mailing-clients";
  return safeAddress(letter.clientEmail) ? "mailed" : "address-unwritable";
}

/** The sealed PDF read back from RECORDS, refused unless its bytes are the ones recorded. */
async function sealedPdf(bucket: R2Bucket, key: string, sha256: string): Promise<Uint8Array> {
  const object = await bucket.get(key);
  if (!object) throw new Error(`the signed PDF ${key} is missing from RECORDS`);
  const bytes = new Uint8Array(await object.arrayBuffer());
  if ((await sha256Hex(bytes)) !== sha256) throw new Error(`the signed PDF ${key} is not the one recorded`);
  return bytes;
}

/** Claims one mail, does `send` with the letter claimed, marks it done; gives the claim back if `send` fails. */
async function once(db: Database, letterId: string, mail: SignedMail, send: (letter: EngagementLetter) => Promise<void>) {
  const now = new Date();
  const letter = await claimSignedMail(db, letterId, mail, now);
  if (!letter) return;
  try {
    await send(letter);
  } catch (error) {
    await releaseSignedMail(db, letterId, mail, now);
    throw error;
  }
  await markSignedMail(db, letterId, mail, new Date());
}

/**
 * A signed letter (src/queue/consumer.ts): sealed, registered, both mails sent, then acked; a letter not signed
 * (or gone) is acked with nothing done, and so is one whose record does not verify (no PDF is made of it: the
 * log says so). A failure is retried with backoff.
 */
export const engagementSignedHandler: MessageHandler<EngagementSignedMessage> = {
  async deliver(message, env) {
    const { letterId } = message.body;
    const db = database(env.DB);
    try {
      const sealed = await sealSignedEngagement(db, env.RECORDS, letterId, sealWords(), new Date());
      if (sealed.outcome === "broken")
        console.error(
          `Engagement letter ${letterId}: its record does not verify (${JSON.stringify(sealed.check.broken)}); no PDF made, nothing sent`,
        );
      if (sealed.outcome !== "stored") {
        message.ack();
        return;
      }
      let pdf: Uint8Array | undefined;
      const pdfOnce = async () => (pdf ??= await sealedPdf(env.RECORDS, sealed.key, sealed.sha256));
      await once(db, letterId, "notice", async (letter) => {
        const registered = await registerSignedMatter(db, letter, new Date());
        const route = { from: env.NOTIFY_FROM, to: env.NOTIFY_TO, origin: new URL(env.SITE_ORIGIN).origin };
        const raw = signedNotice(letter, await pdfOnce(), route, {
          registered,
          clientCopy: clientCopy(env, letter),
          sha256: sealed.sha256,
        });
        await env.EMAIL.send(new EmailMessage(env.NOTIFY_FROM, env.NOTIFY_TO, raw));
      });
      await once(db, letterId, "client", async (letter) => {
        const copy = clientCopy(env, letter);
        if (copy !== "mailed") {
          console.warn(`Engagement letter ${letterId}: no copy mailed to the client (${copy}); the attorney's notice says so`);
          return;
        }
        const from = env.CLIENT_MAIL_FROM.trim();
        await env.CLIENT_EMAIL.send(new EmailMessage(from, letter.clientEmail, signedCopyForClient(letter, await pdfOnce(), from)));
      });
      message.ack();
    } catch (error) {
      console.error(`Engagement letter ${letterId}: signed copy failed (attempt ${message.attempts}): ${errorSummary(error)}`);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts, retryBaseSeconds(env.NOTIFY_RETRY_BASE_SECONDS)) });
    }
  },
  /** After every retry: logged for the operators; the sweep queues it again while the signature is recent. */
  async abandon({ letterId }) {
    console.error(`Engagement letter ${letterId}: signed copy NOT DONE after every retry; the sweep tries again for a day`);
  },
};
