import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { allSubmissions, clearSubmissions, storeSubmission } from "../test/submissions.ts";
import { recordIntake } from "../test/intake.ts";
import { database } from "./client.ts";
import { type DeliveryState, GONE_QUIET_MS, LEASE_MS, NEVER_QUEUED_GRACE_MS } from "./delivery.ts";
import { type InboxCursor, countFailed, countInbox, findInboxSubmission, firstLineOf, listInbox, requeueNotification } from "./inbox.ts";
import { deleteSubmissionsFrom } from "./privacy.ts";
import {
  claimForNotification,
  findStuck,
  markNotQueued,
  markNotificationFailed,
  markNotified,
  releaseAfterFailure,
} from "./submissions.ts";

const db = database(env.DB);
const minutes = (n: number) => n * 60_000;

beforeEach(clearSubmissions);

/** One row in each delivery state, as the pipeline leaves them; returns their ids by state. */
async function rowInEachState(now: Date): Promise<Record<DeliveryState, string>> {
  const queued = await storeSubmission(new Date(now.getTime() - minutes(1)), { name: "Queued" });
  const retrying = await storeSubmission(new Date(now.getTime() - minutes(5)), { name: "Retrying" });
  await claimForNotification(db, retrying, new Date(now.getTime() - minutes(4)), LEASE_MS);
  await releaseAfterFailure(db, retrying, "Error: upstream unavailable");
  const stuck = await storeSubmission(new Date(now.getTime() - GONE_QUIET_MS - minutes(1)), { name: "Stuck" });
  const sent = await storeSubmission(new Date(now.getTime() - minutes(10)), { name: "Sent" });
  await markNotified(db, sent, new Date(now.getTime() - minutes(9)));
  const failed = await storeSubmission(new Date(now.getTime() - minutes(60)), { name: "Failed" });
  await releaseAfterFailure(db, failed, "Error: mailbox unavailable");
  await markNotificationFailed(db, failed, "E-mail not delivered after every retry");
  return { queued, retrying, stuck, sent, failed };
}

describe("delivery states", () => {
  it("reads each row's state from its columns, and filters by each state", async () => {
    const now = new Date();
    const ids = await rowInEachState(now);
    const page = await listInbox(db, {}, {}, now);
    expect(Object.fromEntries(page.rows.map((row) => [row.name, row.state]))).toEqual({
      Queued: "queued",
      Retrying: "retrying",
      Stuck: "stuck",
      Sent: "sent",
      Failed: "failed",
    });
    for (const [state, id] of Object.entries(ids)) {
      const filtered = await listInbox(db, { state: state as DeliveryState }, {}, now);
      expect(
        filtered.rows.map((row) => row.id),
        state,
      ).toEqual([id]);
    }
    const failed = page.rows.find((row) => row.state === "failed")!;
    expect(failed.notificationError).toBe("E-mail not delivered after every retry; last error: Error: mailbox unavailable");
  });

  it("calls stuck exactly the rows the sweep would queue again", async () => {
    const now = new Date();
    await rowInEachState(now);
    const neverQueued = await storeSubmission(new Date(now.getTime() - NEVER_QUEUED_GRACE_MS - minutes(1)));
    await markNotQueued(db, neverQueued);
    const justRefused = await storeSubmission(new Date(now.getTime() - minutes(1)));
    await markNotQueued(db, justRefused);
    const stuck = (await listInbox(db, { state: "stuck" }, {}, now)).rows.map((row) => row.id);
    expect(stuck.sort()).toEqual((await findStuck(db, now, 100)).sort());
    expect(stuck).toHaveLength(2);
  });

  it("counts the failed notifications", async () => {
    await rowInEachState(new Date());
    expect(await countFailed(db)).toBe(1);
  });
});

describe("the inbox list", () => {
  /** 60 rows, several received in the same millisecond, so paging must order by id as well. */
  async function manyRows() {
    const base = Date.now() - minutes(600);
    for (let i = 0; i < 60; i++)
      await storeSubmission(new Date(base + Math.floor(i / 3) * 1000), { name: `Visitor ${i}`, email: `visitor-${i}@example.com` });
    return (await allSubmissions())
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
  }

  it("pages newest first by cursor, without gaps or repeats, both ways", async () => {
    const expected = await manyRows();
    const now = new Date();
    const seen: string[] = [];
    const pages: { first: InboxCursor; older?: InboxCursor }[] = [];
    let before: InboxCursor | undefined;
    for (;;) {
      const page = await listInbox(db, {}, { before }, now, 25);
      seen.push(...page.rows.map((row) => row.id));
      pages.push({ first: { createdAt: page.rows[0]!.createdAt.getTime(), id: page.rows[0]!.id }, older: page.older });
      if (!page.older) break;
      before = page.older;
    }
    expect(seen).toEqual(expected);
    expect(pages).toHaveLength(3);

    // Back from the last page: "newer" returns exactly the page before it.
    const last = await listInbox(db, {}, { before: pages[1]!.older }, now, 25);
    const back = await listInbox(db, {}, { after: last.newer }, now, 25);
    expect(back.rows.map((row) => row.id)).toEqual(expected.slice(25, 50));
    expect(back.newer).toBeDefined();
    const top = await listInbox(db, {}, { after: back.newer }, now, 25);
    expect(top.rows.map((row) => row.id)).toEqual(expected.slice(0, 25));
    expect(top.newer).toBeUndefined();
    expect(top.older).toEqual({ createdAt: top.rows.at(-1)!.createdAt.getTime(), id: top.rows.at(-1)!.id });
  });

  it("searches names and addresses in any case, taking % and _ literally", async () => {
    await storeSubmission(new Date(), { name: "Ada Lovelace", email: "ada@example.com" });
    await storeSubmission(new Date(), { name: "Grace Hopper", email: "grace_h@navy.example" });
    await storeSubmission(new Date(), { name: "100% Studio", email: "studio@example.com" });
    const names = async (search: string) => (await listInbox(db, { search }, {}, new Date())).rows.map((row) => row.name).sort();
    expect(await names("LOVE")).toEqual(["Ada Lovelace"]);
    expect(await names("navy.EXAMPLE")).toEqual(["Grace Hopper"]);
    expect(await names("example.com")).toEqual(["100% Studio", "Ada Lovelace"]);
    expect(await names("%")).toEqual(["100% Studio"]);
    expect(await names("_")).toEqual(["Grace Hopper"]);
  });

  it("filters by intake state, and by one address in any case", async () => {
    const open = await storeSubmission(new Date(), { email: "ada@example.com" });
    const cleared = await storeSubmission(new Date(), { email: "ADA@example.com" });
    await storeSubmission(new Date(), { email: "grace@example.com" });
    await recordIntake(db, cleared, "cleared");
    const ids = async (criteria: Parameters<typeof listInbox>[1]) =>
      (await listInbox(db, criteria, {}, new Date())).rows.map((row) => row.id).sort();
    expect(await ids({ intake: "cleared" })).toEqual([cleared]);
    expect(await ids({ intake: "new", email: "Ada@Example.com" })).toEqual([open]);
    expect(await ids({ email: "ada@example.com" })).toEqual([open, cleared].sort());
  });

  it("counts the inquiries at each intake state as they come, move and go, without reading them", async () => {
    const counted = async () => (await countInbox(db, new Date())).intake;
    const actual = async () =>
      Object.fromEntries(
        (
          await env.DB.prepare("SELECT intake_state AS state, count(*) AS n FROM contact_submissions GROUP BY intake_state").all<{
            state: string;
            n: number;
          }>()
        ).results.map((row) => [row.state, row.n]),
      );
    const ids = await Promise.all([
      storeSubmission(),
      storeSubmission(),
      storeSubmission(),
      storeSubmission(new Date(), { email: "grace@example.com" }),
    ]);
    expect(await counted()).toMatchObject({ new: 4, cleared: 0, closed: 0 });
    await recordIntake(db, ids[0]!, "cleared");
    await recordIntake(db, ids[1]!, "closed");
    await recordIntake(db, ids[0]!, "engaged");
    // A change that is refused, and an update that leaves the state, count nothing.
    await env.DB.prepare("UPDATE contact_submissions SET intake_note = 'x' WHERE id = ?").bind(ids[2]).run();
    await deleteSubmissionsFrom(db, "grace@example.com");
    expect(await counted()).toMatchObject({ new: 1, cleared: 0, engaged: 1, closed: 1 });
    const now = await counted();
    for (const [state, n] of Object.entries(await actual())) expect(now[state as keyof typeof now], state).toBe(n);
  });

  it("shows the first line of the message, shortened at a word", () => {
    expect(firstLineOf("\n\n  Hello there.  \nSecond line")).toBe("Hello there.");
    const long = firstLineOf(`${"word ".repeat(60)}end`);
    expect(long.length).toBeLessThanOrEqual(141);
    expect(long).toMatch(/word…$/);
  });
});

describe("sending a notification again", () => {
  it("re-queues a failed or stuck row once, and nothing else", async () => {
    const now = new Date();
    const ids = await rowInEachState(now);
    const results = Object.fromEntries(
      await Promise.all(Object.entries(ids).map(async ([state, id]) => [state, await requeueNotification(db, id, now)])),
    );
    expect(results).toEqual({ queued: false, retrying: false, stuck: true, sent: false, failed: true });
    // Pressed again: the rows are queued now, neither failed nor stuck.
    expect(await requeueNotification(db, ids.failed, now)).toBe(false);
    expect(await requeueNotification(db, ids.stuck, now)).toBe(false);
    const failed = await findInboxSubmission(db, ids.failed, now);
    expect(failed).toMatchObject({ state: "queued", notificationStatus: "pending", notificationError: null, queuedAt: now });
  });

  it("never while a delivery holds the lease, and a held lease survives the dead-letter verdict", async () => {
    const now = new Date();
    const id = await storeSubmission(new Date(now.getTime() - minutes(30)));
    await claimForNotification(db, id, now, LEASE_MS);
    await markNotificationFailed(db, id, "E-mail not delivered after every retry");
    expect((await findInboxSubmission(db, id, now))?.state).toBe("failed");
    expect(await requeueNotification(db, id, new Date(now.getTime() + LEASE_MS / 2))).toBe(false);
    // That delivery succeeds after all: the row says sent.
    await markNotified(db, id, new Date(now.getTime() + 1000));
    expect((await findInboxSubmission(db, id, now))?.state).toBe("sent");
  });
});
