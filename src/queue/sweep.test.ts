import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../db/client.ts";
import { contactSubmissions } from "../db/schema.ts";
import { GONE_QUIET_MS, LEASE_MS } from "../db/delivery.ts";
import { claimForNotification, markNotQueued, markNotified, releaseAfterFailure } from "../db/submissions.ts";
import { allSubmissions, clearSubmissions, storeSubmission } from "../test/submissions.ts";
import type { Env } from "../env.ts";
import { sweepUnnotified } from "./sweep.ts";

const minutesAgo = (minutes: number, now: Date) => new Date(now.getTime() - minutes * 60_000);

function recordingQueue() {
  const sent: unknown[] = [];
  const queue = { sendBatch: vi.fn(async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body))) };
  return { queue: queue as unknown as Env["CONTACT_QUEUE"], sent };
}

beforeEach(async () => {
  await clearSubmissions();
  await env.DB.exec("DELETE FROM engagement_letters");
  await env.DB.exec("DELETE FROM inquiry_digests");
  vi.spyOn(console, "log").mockImplementation(() => {});
});

describe("the sweep", () => {
  it("queues again the submissions the queue never received, once they are a few minutes old", async () => {
    const now = new Date();
    const db = database(env.DB);
    const unqueuedOld = await storeSubmission(minutesAgo(5, now));
    await markNotQueued(db, unqueuedOld);
    const unqueuedFresh = await storeSubmission(minutesAgo(0.5, now));
    await markNotQueued(db, unqueuedFresh);
    const queuedRecently = await storeSubmission(minutesAgo(5, now));
    const alreadySent = await storeSubmission(minutesAgo(60, now));
    await markNotified(db, alreadySent, now);
    await markNotQueued(db, alreadySent);

    const { queue, sent } = recordingQueue();
    expect(await sweepUnnotified({ ...env, CONTACT_QUEUE: queue }, now)).toBe(1);
    expect(sent).toEqual([{ kind: "notification", submissionId: unqueuedOld }]);
    const rows = await allSubmissions();
    expect(rows.find((row) => row.id === unqueuedOld)!.queuedAt?.getTime()).toBe(now.getTime());
    expect(rows.find((row) => row.id === queuedRecently)!.notificationStatus).toBe("pending");
  });

  it("queues again a pending submission whose message was lost long ago", async () => {
    const now = new Date();
    const lost = await storeSubmission(minutesAgo(8 * 60, now));
    const { queue, sent } = recordingQueue();
    await sweepUnnotified({ ...env, CONTACT_QUEUE: queue }, now);
    expect(sent).toEqual([{ kind: "notification", submissionId: lost }]);
  });

  it("queues again, well within the hour, a row whose queue message was lost or never sent", async () => {
    // Stored and marked queued, then nothing: the Worker stopped before queue.send, or the queue lost it.
    const now = new Date();
    const lost = await storeSubmission(new Date(now.getTime() - GONE_QUIET_MS - 60_000));
    const recent = await storeSubmission(new Date(now.getTime() - GONE_QUIET_MS + 60_000));
    const { queue, sent } = recordingQueue();
    expect(await sweepUnnotified({ ...env, CONTACT_QUEUE: queue }, now)).toBe(1);
    expect(sent).toEqual([{ kind: "notification", submissionId: lost }]);
    expect((await allSubmissions()).find((row) => row.id === recent)!.queuedAt).not.toBeNull();
    // Silent this long, plus at most one cron interval (10 minutes), is the longest a lost row waits.
    expect(GONE_QUIET_MS + 10 * 60_000).toBeLessThanOrEqual(35 * 60_000);
  });

  it("leaves a row alone while its retries are still due, and counts from its last attempt", async () => {
    const db = database(env.DB);
    const stored = new Date(Date.now() - 3 * 60 * 60_000);
    const id = await storeSubmission(stored);
    // A delivery tried (and failed) 20 minutes after the row was stored; the message waits for its retry.
    const attempt = new Date(stored.getTime() + 20 * 60_000);
    await claimForNotification(db, id, attempt, LEASE_MS);
    await releaseAfterFailure(db, id, "Error: upstream unavailable");
    const { queue, sent } = recordingQueue();
    await sweepUnnotified({ ...env, CONTACT_QUEUE: queue }, new Date(attempt.getTime() + 15 * 60_000));
    expect(sent).toEqual([]);
    await sweepUnnotified({ ...env, CONTACT_QUEUE: queue }, new Date(attempt.getTime() + GONE_QUIET_MS + 60_000));
    expect(sent).toEqual([{ kind: "notification", submissionId: id }]);
  });

  it("never queues a row while a delivery holds its lease, however quiet it has been", async () => {
    const db = database(env.DB);
    const now = new Date();
    const id = await storeSubmission(new Date(now.getTime() - 8 * 60 * 60_000));
    await markNotQueued(db, id);
    // A delivery claimed it a moment ago (its lease runs for another minute) and is sending right now.
    await claimForNotification(db, id, new Date(now.getTime() - 1000), LEASE_MS);
    const { queue, sent } = recordingQueue();
    expect(await sweepUnnotified({ ...env, CONTACT_QUEUE: queue }, now)).toBe(0);
    expect(sent).toEqual([]);
    expect(await sweepUnnotified({ ...env, CONTACT_QUEUE: queue }, new Date(now.getTime() + LEASE_MS / 2))).toBe(0);
    // The lease ran out with no outcome (that delivery died): now the row is the sweep's.
    expect(await sweepUnnotified({ ...env, CONTACT_QUEUE: queue }, new Date(now.getTime() + LEASE_MS))).toBe(1);
  });

  it("leaves failed submissions alone and does nothing when all is well", async () => {
    const now = new Date();
    const failed = await storeSubmission(minutesAgo(600, now));
    await database(env.DB).update(contactSubmissions).set({ notificationStatus: "failed" }).where(eq(contactSubmissions.id, failed));
    const { queue, sent } = recordingQueue();
    expect(await sweepUnnotified({ ...env, CONTACT_QUEUE: queue }, now)).toBe(0);
    expect(sent).toEqual([]);
  });

  it("delivers through the real queue and consumer when run as the cron trigger", async () => {
    const now = new Date();
    const id = await storeSubmission(minutesAgo(5, now));
    await markNotQueued(database(env.DB), id);
    expect(await sweepUnnotified(env, now)).toBe(1);
    await vi.waitFor(async () => expect((await allSubmissions())[0]!.notificationStatus).toBe("sent"), { timeout: 10_000, interval: 200 });
  });
});
