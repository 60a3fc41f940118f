import { env } from "cloudflare:workers";
import PostalMime from "postal-mime";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "../content/index.ts";
import { database } from "../db/client.ts";
import { addEngagedInquiry } from "../db/register.ts";
import { type EngagementMatter, engagementRecord } from "../db/engagements.ts";
import { sha256Hex } from "../engagement/chain.ts";
import type { Env, QueueMessage } from "../env.ts";
import { asInsider } from "../test/insider.ts";
import { storeSubmission } from "../test/submissions.ts";
import { capturedMailboxes } from "../test/email.ts";
import { clearEngagements, signedFlatFeeLetter } from "../test/engagement.ts";
import { QUEUE, numbered, runQueue } from "../test/queue.ts";
import { queueEngagementSigned } from "./enqueue.ts";
import { DEAD_LETTER_SUFFIX } from "./queues.ts";
import { requeueUnfinishedEngagements } from "./engagement-sweep.ts";

const db = database(env.DB);

const VALUES = {
  clientName: "Mina Park",
  client: "Park Studio LLC",
  matter: "the licensing of the mural at 1201 Western Avenue",
  scope: "Review the building owner's license.",
  exclusions: "Litigation of any kind.",
  flatFee: "$1,800",
  feeTerms: "In full before work begins.",
};

const CLIENT_FROM = "office@meridian-creative-law.example";
const MATTER: EngagementMatter = {
  title: "Mural license, 1201 Western Avenue",
  parties: [{ name: "Western Avenue Holdings", role: "adverse" }],
};

/**
 * A flat-fee letter sent from a new inquiry (cleared, unless `state` says otherwise), naming `matter`, and
 * signed by its link at `now`.
 */
async function signedLetter(options: { matter?: EngagementMatter | null; state?: string; now?: Date; email?: string } = {}) {
  const now = options.now ?? new Date();
  const submissionId = await storeSubmission(now, { name: "Mina Park", email: "mina@example.com", organization: "Park Studio LLC" });
  await env.DB.prepare("UPDATE contact_submissions SET intake_state = ?2 WHERE id = ?1")
    .bind(submissionId, options.state ?? "cleared")
    .run();
  const matter = options.matter === undefined ? MATTER : (options.matter ?? undefined);
  const signed = await signedFlatFeeLetter(db, submissionId, {
    values: VALUES,
    clientEmail: options.email ?? "mina@example.com",
    now,
    matter,
  });
  return { submissionId, ...signed };
}

let mail = capturedMailboxes();

/** The Worker's queue handler on messages, both mail bindings captured, CLIENT_MAIL_FROM set unless overridden. */
const deliver = (bodies: QueueMessage[], overrides: Partial<Env> = {}, queue = QUEUE) =>
  runQueue(queue, numbered(bodies), {
    CLIENT_MAIL_FROM: CLIENT_FROM,
    EMAIL: mail.attorney.binding,
    CLIENT_EMAIL: mail.client.binding,
    ...overrides,
  });

/** A mail's PDF attachment, as a mail program reads it. */
async function attachedPdf(raw: string) {
  const email = await PostalMime.parse(raw);
  const pdf = email.attachments.find((part) => part.mimeType === "application/pdf");
  const content = pdf?.content;
  return {
    email,
    bytes: content === undefined ? undefined : typeof content === "string" ? new TextEncoder().encode(content) : new Uint8Array(content),
  };
}

const registerOf = async (submissionId: string) =>
  (
    await env.DB.prepare(
      `SELECT c.name AS client, c.email, m.title, m.status, (SELECT group_concat(p.name || ':' || p.role, '|') FROM register_parties p WHERE p.matter_id = m.id) AS parties
       FROM register_matters m JOIN register_clients c ON c.id = m.client_id WHERE m.from_submission_id = ?1`,
    )
      .bind(submissionId)
      .all<{ client: string; email: string; title: string; status: string; parties: string }>()
  ).results;

const signedOf = (letterId: string): QueueMessage => ({ kind: "engagement-signed", letterId });

beforeEach(async () => {
  await clearEngagements();
  mail = capturedMailboxes();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

// Letters signed at today's time are the sweep's: none is left for another file's sweep to find.
afterEach(() => env.DB.exec("DELETE FROM engagement_letters"));

describe("a signed engagement letter's message", () => {
  it("seals the PDF, adds the matter to the register, and mails the PDF to the attorney and the client, each once", async () => {
    const { letter, submissionId } = await signedLetter();
    const first = await deliver([signedOf(letter.id), signedOf(letter.id)]);
    expect(first.explicitAcks).toEqual(["m0", "m1"]);
    await deliver([signedOf(letter.id)]);

    const { pdfKey, pdfSha256, signedMailedAt, signedNoticedAt } = (await engagementRecord(db, letter.id))!.letter;
    expect((await env.RECORDS.list()).objects.map((object) => object.key)).toEqual([pdfKey]);
    expect(signedMailedAt).toBeInstanceOf(Date);
    expect(signedNoticedAt).toBeInstanceOf(Date);

    expect(await registerOf(submissionId)).toEqual([
      {
        client: "Mina Park",
        email: "mina@example.com",
        title: MATTER.title,
        status: "current",
        parties: expect.stringContaining("Western Avenue Holdings:adverse"),
      },
    ]);
    expect((await registerOf(submissionId))[0]!.parties).toContain("Park Studio LLC:client");

    expect(mail.attorney.sent.map(({ from, to }) => ({ from, to }))).toEqual([{ from: env.NOTIFY_FROM, to: env.NOTIFY_TO }]);
    expect(mail.client.sent.map(({ from, to }) => ({ from, to }))).toEqual([{ from: CLIENT_FROM, to: "mina@example.com" }]);
    for (const { raw } of [...mail.attorney.sent, ...mail.client.sent]) {
      const { bytes } = await attachedPdf(raw);
      expect(bytes && (await sha256Hex(bytes))).toBe(pdfSha256);
      // The link is the client's alone: never in a mail of the signed copy.
      expect(raw).not.toContain("/engage/");
    }
    const { email } = await attachedPdf(mail.client.sent[0]!.raw);
    expect(email.replyTo?.[0]).toMatchObject({ address: site.email });
    const notice = (await attachedPdf(mail.attorney.sent[0]!.raw)).email;
    expect(notice.replyTo?.[0]).toMatchObject({ address: "mina@example.com" });
  });

  it("sends again only the mail that failed, and the register gets the matter once", async () => {
    const { letter, submissionId } = await signedLetter();
    mail.client.state.failures = 1;
    const failed = await deliver([signedOf(letter.id)]);
    expect(failed.retryMessages.map((retry) => retry.msgId)).toEqual(["m0"]);
    expect(mail.attorney.sent).toHaveLength(1);
    expect(mail.client.sent).toHaveLength(0);
    expect((await engagementRecord(db, letter.id))!.letter).toMatchObject({ signedMailedAt: null, signedMailClaimedAt: null });

    expect((await deliver([signedOf(letter.id)])).explicitAcks).toEqual(["m0"]);
    expect(mail.attorney.sent).toHaveLength(1);
    expect(mail.client.sent).toHaveLength(1);
    expect(await registerOf(submissionId)).toHaveLength(1);
  });

  it("retries the attorney's notice when it fails, sending the client nothing until it went", async () => {
    const { letter, submissionId } = await signedLetter();
    mail.attorney.state.failures = 1;
    expect((await deliver([signedOf(letter.id)])).retryMessages.map((retry) => retry.msgId)).toEqual(["m0"]);
    expect(mail.client.sent).toHaveLength(0);
    expect((await engagementRecord(db, letter.id))!.letter).toMatchObject({ signedNoticedAt: null, signedNoticeClaimedAt: null });
    await deliver([signedOf(letter.id)]);
    expect(mail.attorney.sent).toHaveLength(1);
    expect(mail.client.sent).toHaveLength(1);
    expect(await registerOf(submissionId)).toHaveLength(1);
  });

  it("leaves a mail another delivery holds to it, and takes it over once that claim is stale", async () => {
    const { letter } = await signedLetter();
    await env.DB.prepare("UPDATE engagement_letters SET signed_mail_claimed_at = ?2 WHERE id = ?1").bind(letter.id, Date.now()).run();
    await deliver([signedOf(letter.id)]);
    expect(mail.client.sent).toHaveLength(0);
    await env.DB.prepare("UPDATE engagement_letters SET signed_mail_claimed_at = ?2 WHERE id = ?1")
      .bind(letter.id, Date.now() - 11 * 60_000)
      .run();
    await deliver([signedOf(letter.id)]);
    expect(mail.client.sent).toHaveLength(1);
  });

  it("mails no client when the practice does not mail clients, and counts that mail done", async () => {
    const { letter } = await signedLetter();
    expect((await deliver([signedOf(letter.id)], { CLIENT_MAIL_FROM: "" })).explicitAcks).toEqual(["m0"]);
    expect(mail.client.sent).toHaveLength(0);
    expect(mail.attorney.sent).toHaveLength(1);
    expect((await attachedPdf(mail.attorney.sent[0]!.raw)).bytes).toBeDefined();
    expect((await engagementRecord(db, letter.id))!.letter.signedMailedAt).toBeInstanceOf(Date);
  });

  it("mails no client whose address no header can hold, and counts that mail done; the attorney still has the PDF", async () => {
    const { letter } = await signedLetter({ email: "mina@example.com>\r\nBcc: someone@example.net" });
    expect((await deliver([signedOf(letter.id)])).explicitAcks).toEqual(["m0"]);
    expect(mail.client.sent).toHaveLength(0);
    expect(mail.attorney.sent).toHaveLength(1);
    expect((await attachedPdf(mail.attorney.sent[0]!.raw)).email.replyTo).toBeUndefined();
    expect((await engagementRecord(db, letter.id))!.letter.signedMailedAt).toBeInstanceOf(Date);
  });

  it("from the dead-letter queue, is acked and logged, sending nothing", async () => {
    const { letter } = await signedLetter();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await deliver([signedOf(letter.id)], {}, `${QUEUE}${DEAD_LETTER_SUFFIX}`)).explicitAcks).toEqual(["m0"]);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(letter.id));
    expect(mail.attorney.sent).toHaveLength(0);
    expect(mail.client.sent).toHaveLength(0);
  });

  it("adds nothing to the register for an inquiry that has its client there already, names no matter, or is not engaged", async () => {
    const known = await signedLetter({ state: "engaged" });
    await addEngagedInquiry(
      db,
      { id: known.submissionId, name: "Mina Park", email: "mina@example.com", organization: null },
      { title: "Engaged by hand", parties: [], openedOn: "2027-03-01" },
      { by: "attorney@example.com", now: new Date() },
    );
    const none = await signedLetter({ matter: null });
    // Signed while the inquiry is new: the signature does not engage it (only a cleared one).
    const unengaged = await signedLetter({ state: "new" });
    await deliver([signedOf(known.letter.id), signedOf(none.letter.id), signedOf(unengaged.letter.id)]);
    expect((await registerOf(known.submissionId)).map((row) => row.title)).toEqual(["Engaged by hand"]);
    expect(await registerOf(none.submissionId)).toEqual([]);
    expect(await registerOf(unengaged.submissionId)).toEqual([]);
    expect(mail.attorney.sent).toHaveLength(3);
  });

  it("is acked with nothing done for a letter unknown or not signed", async () => {
    const result = await deliver([signedOf("no-such-letter")]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect((await env.RECORDS.list()).objects).toHaveLength(0);
    expect(mail.attorney.sent).toHaveLength(0);
  });

  it("makes no PDF and sends nothing when the record does not verify", async () => {
    const { letter } = await signedLetter();
    await asInsider(() =>
      env.DB.prepare("UPDATE engagement_events SET ip = '192.0.2.1' WHERE letter_id = ?1 AND kind = 'signed'").bind(letter.id).run(),
    );
    expect((await deliver([signedOf(letter.id)])).explicitAcks).toEqual(["m0"]);
    expect((await env.RECORDS.list()).objects).toHaveLength(0);
    expect(mail.attorney.sent).toHaveLength(0);
    expect(mail.client.sent).toHaveLength(0);
  });

  it("sends nothing when the stored PDF is not the one recorded, and retries", async () => {
    const { letter } = await signedLetter();
    mail.attorney.state.failures = 1;
    await deliver([signedOf(letter.id)]);
    const { pdfKey } = (await engagementRecord(db, letter.id))!.letter;
    await env.RECORDS.put(pdfKey!, new TextEncoder().encode("%PDF-1.7 another document"));
    const result = await deliver([signedOf(letter.id)]);
    expect(result.retryMessages.map((retry) => retry.msgId)).toEqual(["m0"]);
    expect(mail.attorney.sent).toHaveLength(0);
    expect(mail.client.sent).toHaveLength(0);
  });

  it("is retried when the PDF cannot be stored", async () => {
    const { letter } = await signedLetter();
    const failing = { ...env.RECORDS, put: () => Promise.reject(new Error("R2 unavailable")) } as unknown as R2Bucket;
    const result = await deliver([signedOf(letter.id)], { RECORDS: failing });
    expect(result.retryMessages.map((retry) => retry.msgId)).toEqual(["m0"]);
    expect((await engagementRecord(db, letter.id))!.letter.pdfKey).toBeNull();
    expect(mail.attorney.sent).toHaveLength(0);
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

describe("the sweep of signed letters", () => {
  it("queues again a letter signed minutes ago whose PDF or mail is not done, within a day", async () => {
    const now = new Date();
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const lost = await signedLetter({ now: minutesAgo(6) });
    await signedLetter({ now: minutesAgo(1) });
    await signedLetter({ now: minutesAgo(25 * 60) });
    const done = await signedLetter({ now: minutesAgo(6) });
    await deliver([signedOf(done.letter.id)]);
    const sent: unknown[] = [];
    const queue = { sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body)) };
    vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await requeueUnfinishedEngagements({ ...env, CONTACT_QUEUE: queue as unknown as Env["CONTACT_QUEUE"] }, now)).toBe(1);
    expect(sent).toEqual([{ kind: "engagement-signed", letterId: lost.letter.id }]);
  });
});
