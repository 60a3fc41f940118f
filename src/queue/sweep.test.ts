import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../db/client.ts";
import { contactSubmissions } from "../db/schema.ts";
import { markNotQueued, markNotified } from "../db/submissions.ts";
import { allSubmissions, clearSubmissions, storeSubmission } from "../test/submissions.ts";
import type { Env } from "../worker/env.ts";
import { sweepUnnotified } from "./sweep.ts";

const minutesAgo = (minutes: number, now: Date) => new Date(now.getTime() - minutes * 60_000);

function recordingQueue() {
  const sent: unknown[] = [];
  const queue = { sendBatch: vi.fn(async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body))) };
  return { queue: queue as unknown as Env["CONTACT_QUEUE"], sent };
}

beforeEach(async () => {
  await clearSubmissions();
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
    expect(sent).toEqual([{ submissionId: unqueuedOld }]);
    const rows = await allSubmissions();
    expect(rows.find((row) => row.id === unqueuedOld)!.queuedAt?.getTime()).toBe(now.getTime());
    expect(rows.find((row) => row.id === queuedRecently)!.notificationStatus).toBe("pending");
  });

  it("queues again a pending submission whose message was lost long ago", async () => {
    const now = new Date();
    const lost = await storeSubmission(minutesAgo(8 * 60, now));
    const { queue, sent } = recordingQueue();
    await sweepUnnotified({ ...env, CONTACT_QUEUE: queue }, now);
    expect(sent).toEqual([{ submissionId: lost }]);
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
