import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../db/client.ts";
import { ARRIVAL_CHECKER } from "../db/conflict-check.ts";
import { addClient, addMatter } from "../db/register.ts";
import { recordingEmail } from "../test/email.ts";
import { QUEUE, runQueue } from "../test/queue.ts";
import { signedInInbox } from "../test/inbox.ts";
import { allSubmissions, clearSubmissions, storeSubmission } from "../test/submissions.ts";
import type { Env } from "../env.ts";
import worker from "../worker/index.ts";
import type { QueueMessage } from "../env.ts";
import { retryBaseSeconds, retryDelaySeconds } from "./retry.ts";
import { DEAD_LETTER_SUFFIX } from "./queues.ts";

const DEAD_LETTER_QUEUE = `${QUEUE}${DEAD_LETTER_SUFFIX}`;

/** Runs the Worker's queue handler on notifications, with an e-mail binding that records (or fails) each send. */
const deliver = (queue: string, messages: { id: string; submissionId: string; attempts?: number }[], email: Env["EMAIL"] = env.EMAIL) =>
  runQueue(
    queue,
    messages.map(({ id, submissionId, attempts }) => ({ id, attempts, body: { kind: "notification", submissionId } })),
    { EMAIL: email },
  );

beforeEach(async () => {
  await clearSubmissions();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("the notification consumer", () => {
  it("sends the e-mail through the send_email binding, acks, and marks the row sent", async () => {
    const id = await storeSubmission();
    const result = await deliver(QUEUE, [{ id: "m1", submissionId: id }]);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(result.retryMessages).toEqual([]);
    const [row] = await allSubmissions();
    expect(row).toMatchObject({ notificationStatus: "sent", notificationAttempts: 1, notificationError: null });
    expect(row!.notifiedAt).toBeInstanceOf(Date);
  });

  it("delivers a message queued without a kind, as a version before kinds queued them", async () => {
    const id = await storeSubmission();
    const batch = createMessageBatch(QUEUE, [{ id: "m1", timestamp: new Date(), attempts: 1, body: { submissionId: id } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as unknown as MessageBatch<QueueMessage>, env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["m1"]);
    expect((await allSubmissions())[0]).toMatchObject({ notificationStatus: "sent" });
  });

  it("addresses the e-mail from and to the configured addresses", async () => {
    const id = await storeSubmission();
    const email = recordingEmail();
    await deliver(QUEUE, [{ id: "m1", submissionId: id }], email.binding);
    expect(email.sent).toHaveLength(1);
    expect(email.sent[0]!.from).toBe(env.NOTIFY_FROM);
    expect(email.sent[0]!.to).toBe(env.NOTIFY_TO);
  });

  it("retries a failed send with backoff, then sends exactly once when the transport recovers", async () => {
    const id = await storeSubmission();
    const email = recordingEmail(2);

    const first = await deliver(QUEUE, [{ id: "m1", submissionId: id, attempts: 1 }], email.binding);
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages).toEqual([{ msgId: "m1" }]);
    expect(first.retryDelays).toEqual([30]);
    expect((await allSubmissions())[0]).toMatchObject({ notificationStatus: "pending", notificationLeaseUntil: null });
    expect((await allSubmissions())[0]!.notificationError).toMatch(/upstream unavailable/);

    const second = await deliver(QUEUE, [{ id: "m1", submissionId: id, attempts: 2 }], email.binding);
    expect(second.retryDelays).toEqual([60]);

    const third = await deliver(QUEUE, [{ id: "m1", submissionId: id, attempts: 3 }], email.binding);
    expect(third.explicitAcks).toEqual(["m1"]);
    expect(email.sent).toHaveLength(1);
    expect((await allSubmissions())[0]).toMatchObject({ notificationStatus: "sent", notificationAttempts: 3, notificationError: null });
  });

  it("logs and records a failure through the site's error summary: its cause, never the words a wrapper quotes", async () => {
    const id = await storeSubmission();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const quoting = {
      send: async () => {
        throw new Error("Failed query: params: a visitor's private words", { cause: new Error("send_email: upstream unavailable") });
      },
    } as unknown as Env["EMAIL"];
    await deliver(QUEUE, [{ id: "m1", submissionId: id }], quoting);
    expect(String(logged.mock.calls)).toContain("Error: send_email: upstream unavailable");
    expect(String(logged.mock.calls)).not.toContain("private words");
    expect((await allSubmissions())[0]!.notificationError).toBe("Error: send_email: upstream unavailable");
  });

  it("handles each message on its own: one failure does not hold back the others", async () => {
    const [a, b] = [await storeSubmission(), await storeSubmission()];
    const email = recordingEmail(1);
    const result = await deliver(
      QUEUE,
      [
        { id: "ma", submissionId: a },
        { id: "mb", submissionId: b },
      ],
      email.binding,
    );
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["ma"]);
    expect(result.explicitAcks).toEqual(["mb"]);
  });

  it("never sends twice for the same submission, whether duplicated in a batch, redelivered, or delivered concurrently", async () => {
    const id = await storeSubmission();
    const email = recordingEmail();
    const batch = await deliver(
      QUEUE,
      [
        { id: "m1", submissionId: id },
        { id: "m2", submissionId: id },
      ],
      email.binding,
    );
    expect(batch.explicitAcks).toEqual(["m1", "m2"]);
    await deliver(QUEUE, [{ id: "m3", submissionId: id, attempts: 2 }], email.binding);
    expect(email.sent).toHaveLength(1);

    const other = await storeSubmission();
    await Promise.all([
      deliver(QUEUE, [{ id: "c1", submissionId: other }], email.binding),
      deliver(QUEUE, [{ id: "c2", submissionId: other }], email.binding),
    ]);
    expect(email.sent).toHaveLength(2);
  });

  it("acks a message whose submission no longer exists", async () => {
    const result = await deliver(QUEUE, [{ id: "m1", submissionId: crypto.randomUUID() }], recordingEmail().binding);
    expect(result.explicitAcks).toEqual(["m1"]);
  });

  it("records the final failure when a message reaches the dead-letter queue", async () => {
    const id = await storeSubmission();
    await deliver(QUEUE, [{ id: "m1", submissionId: id, attempts: 6 }], recordingEmail(1).binding);
    const result = await deliver(DEAD_LETTER_QUEUE, [{ id: "m1", submissionId: id }]);
    expect(result.explicitAcks).toEqual(["m1"]);
    const [row] = await allSubmissions();
    expect(row).toMatchObject({ notificationStatus: "failed", notificationAttempts: 1 });
    expect(row!.notificationError).toMatch(/not delivered/);

    // A late redelivery of the same message does not send it any more.
    const email = recordingEmail();
    await deliver(QUEUE, [{ id: "m2", submissionId: id }], email.binding);
    expect(email.sent).toEqual([]);
  });

  it("recognises the preview environment's dead-letter queue too", async () => {
    const id = await storeSubmission();
    await deliver(`contact-notifications-preview${DEAD_LETTER_SUFFIX}`, [{ id: "m1", submissionId: id }]);
    expect((await allSubmissions())[0]).toMatchObject({ notificationStatus: "failed" });
  });
});

describe("the retry backoff", () => {
  it("doubles from the configured base and stops growing at 15 minutes", () => {
    expect([1, 2, 3, 4, 5, 6].map((attempts) => retryDelaySeconds(attempts, 30))).toEqual([30, 60, 120, 240, 480, 900]);
    expect(retryDelaySeconds(20, 30)).toBe(900);
  });

  it("takes its base from the setting, 0 (retry at once) included, and 30 seconds when it is unset or not a number", () => {
    expect(["45", "1", "0"].map(retryBaseSeconds)).toEqual([45, 1, 0]);
    expect([undefined, "", " ", "soon", "-5"].map(retryBaseSeconds)).toEqual([30, 30, 30, 30, 30]);
    expect([1, 2, 6].map((attempts) => retryDelaySeconds(attempts, 0))).toEqual([0, 0, 0]);
  });
});

describe("the conflict check on arrival", () => {
  const db = database(env.DB);
  const actor = { by: "attorney@example.com", now: new Date() };
  const checksOf = (id: string) =>
    env.DB.prepare("SELECT by, match_count AS matches, register_names AS registerNames FROM conflict_checks WHERE submission_id = ?")
      .bind(id)
      .all<{ by: string; matches: number; registerNames: number | null }>();

  it("checks a new inquiry once, against inquiries and the register, and the list marks its possible matches", async () => {
    const client = await addClient(db, { name: "Northwind Gallery" }, actor);
    await addMatter(
      db,
      client,
      { title: "Mural commission", status: "current", parties: [{ name: "Ortiz Properties", role: "adverse" }] },
      actor,
    );
    const id = await storeSubmission(new Date(), { name: "Dana Ruiz", parties: "Ortiz Properties, LLC" });
    const email = recordingEmail();
    await deliver(QUEUE, [{ id: "m1", submissionId: id }], email.binding);
    expect(email.sent).toHaveLength(1);
    expect((await checksOf(id)).results).toEqual([{ by: ARRIVAL_CHECKER, matches: 1, registerNames: 2 }]);
    // A second delivery (the e-mail already sent) or a redelivery checks nothing more.
    await deliver(QUEUE, [{ id: "m2", submissionId: id }], email.binding);
    expect((await checksOf(id)).results).toHaveLength(1);
    const inbox = await signedInInbox();
    const list = await inbox.page("/admin");
    expect(list).toContain("Possible match");
    const page = await inbox.page(`/admin/submissions/${id}`);
    expect(page).toMatch(/Checked [^<]+ as it arrived: 1 possible match\./);
  });

  it("sends the notification all the same when the check fails, and says the check did not run", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const id = await storeSubmission();
    await env.DB.exec("ALTER TABLE register_parties RENAME TO register_parties_away");
    try {
      const result = await deliver(QUEUE, [{ id: "m1", submissionId: id }]);
      expect(result.explicitAcks).toEqual(["m1"]);
    } finally {
      await env.DB.exec("ALTER TABLE register_parties_away RENAME TO register_parties");
    }
    expect((await allSubmissions())[0]).toMatchObject({ notificationStatus: "sent", latestCheckMatches: null });
    expect((await checksOf(id)).results).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`Conflict check on arrival of submission ${id} failed`));
  });
});
