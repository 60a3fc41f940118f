import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { consultations, engagementLetters, pages } from "../content/index.ts";
import { database } from "../db/client.ts";
import { createEngagementLetter, engagementRecord, signEngagementLetter } from "../db/engagements.ts";
import { disclosureText, fillEngagementLetter } from "../engagement/letter.ts";
import type { Env, QueueMessage } from "../env.ts";
import { clearSubmissions, storeSubmission } from "../test/submissions.ts";
import worker from "../worker/index.ts";
import { queueEngagementSigned } from "./enqueue.ts";

const QUEUE = "contact-notifications";
const db = database(env.DB);
const phone = { ip: "198.51.100.7", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 19_0) Safari" };

const VALUES = {
  clientName: "Mina Park",
  client: "Park Studio LLC",
  matter: "the licensing of the mural at 1201 Western Avenue",
  scope: "Review the building owner's license.",
  exclusions: "Litigation of any kind.",
  flatFee: "$1,800",
  feeTerms: "In full before work begins.",
};

/** A flat-fee letter sent from a new inquiry and signed by its link now. */
async function signedLetter() {
  const now = new Date();
  const submissionId = await storeSubmission(now, { name: "Mina Park", email: "mina@example.com" });
  const template = engagementLetters["flat-fee"];
  const filled = fillEngagementLetter(template, VALUES, now, consultations.timeZone);
  if (!filled.ok) throw new Error("not filled");
  const created = await createEngagementLetter(
    db,
    {
      submissionId,
      kind: "flat-fee",
      title: template.title,
      clientName: "Mina Park",
      clientEmail: "mina@example.com",
      fieldValues: filled.values,
      letterText: filled.text,
      disclosureText: disclosureText(pages.engagement.disclosure),
      expiresAt: new Date(now.getTime() + 14 * 86_400_000),
    },
    { by: "attorney@example.com", now },
    { ip: null, userAgent: null },
  );
  if (created.outcome !== "created") throw new Error("not created");
  const signed = await signEngagementLetter(
    db,
    created.token,
    { name: "Mina Park", consent: true, agreed: true, version: 1 },
    new Date(now.getTime() + 1),
    phone,
  );
  if (signed.outcome !== "signed") throw new Error(`not signed: ${signed.reason}`);
  return { submissionId, letter: signed.letter, token: created.token };
}

/** The Worker's queue handler on messages. */
async function deliver(bodies: QueueMessage[], overrides: Partial<Env> = {}) {
  const batch = createMessageBatch<QueueMessage>(
    QUEUE,
    bodies.map((body, index) => ({ id: `m${index}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...overrides });
  return getQueueResult(batch, ctx);
}

const signedOf = (letterId: string): QueueMessage => ({ kind: "engagement-signed", letterId });

beforeEach(async () => {
  await env.DB.exec("DELETE FROM engagement_letters");
  await clearSubmissions();
  const listed = await env.RECORDS.list();
  for (const object of listed.objects) await env.RECORDS.delete(object.key);
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("a signed engagement letter's message", () => {
  it("seals the PDF once, however often it comes", async () => {
    const { letter } = await signedLetter();
    const first = await deliver([signedOf(letter.id), signedOf(letter.id)]);
    expect(first.explicitAcks).toEqual(["m0", "m1"]);
    const { pdfKey, pdfSha256 } = (await engagementRecord(db, letter.id))!.letter;
    expect(pdfKey && (await env.RECORDS.head(pdfKey))).toBeTruthy();
    expect((await env.RECORDS.list()).objects).toHaveLength(1);
    await deliver([signedOf(letter.id)]);
    expect((await engagementRecord(db, letter.id))!.letter.pdfSha256).toBe(pdfSha256);
  });

  it("is acked with nothing done for a letter unknown", async () => {
    const result = await deliver([signedOf("no-such-letter")]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect((await env.RECORDS.list()).objects).toHaveLength(0);
  });

  it("is retried when the PDF cannot be stored", async () => {
    const { letter } = await signedLetter();
    const failing = { ...env.RECORDS, put: () => Promise.reject(new Error("R2 unavailable")) } as unknown as R2Bucket;
    const result = await deliver([signedOf(letter.id)], { RECORDS: failing });
    expect(result.retryMessages.map((retry) => retry.msgId)).toEqual(["m0"]);
    expect((await engagementRecord(db, letter.id))!.letter.pdfKey).toBeNull();
  });
});

describe("queueing a signed letter", () => {
  it("says whether the queue took it", async () => {
    const sent: QueueMessage[] = [];
    const queue = { send: async (body: QueueMessage) => void sent.push(body) } as unknown as Queue<QueueMessage>;
    expect(await queueEngagementSigned({ CONTACT_QUEUE: queue }, "letter-1")).toBe(true);
    expect(sent).toEqual([{ kind: "engagement-signed", letterId: "letter-1" }]);
    const refusing = { send: () => Promise.reject(new Error("queue full")) } as unknown as Queue<QueueMessage>;
    expect(await queueEngagementSigned({ CONTACT_QUEUE: refusing }, "letter-1")).toBe(false);
  });
});
