import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { consultations, pages, site } from "../content/index.ts";
import { bookWithOffer, createOffer } from "../db/bookings.ts";
import { database } from "../db/client.ts";
import { DIGEST_LIST_MAX, RETENTION_NOTICE_DAYS, digestContents } from "../db/digest.ts";
import { createEngagementLetter, declineEngagement, withdrawEngagementLetter } from "../db/engagements.ts";
import { addNote } from "../db/notes.ts";
import { inquiryDigests } from "../db/schema.ts";
import { markNotificationFailed } from "../db/submissions.ts";
import { recordingEmail } from "../test/email.ts";
import { QUEUE, runQueue } from "../test/queue.ts";
import { recordIntake } from "../test/intake.ts";
import { clearSubmissions, storeSubmission, storeSubmissions } from "../test/submissions.ts";
import type { Env } from "../env.ts";
import worker from "../worker/index.ts";
import { DIGEST_CRON, buildDigestEmail, digestWeekOf } from "./digest.ts";
import type { QueueMessage } from "../env.ts";
import { retentionCutoff } from "./retention.ts";

const DAY = 24 * 60 * 60_000;
/** A Monday at 16:00 UTC: the digest's cron. */
const MONDAY = new Date("2026-11-30T16:00:00Z");
const db = database(env.DB);

function recordingQueue() {
  const sent: QueueMessage[] = [];
  const queue = {
    send: async (body: QueueMessage) => void sent.push(body),
    sendBatch: async (messages: { body: QueueMessage }[]) => void sent.push(...messages.map((message) => message.body)),
  } as unknown as Env["CONTACT_QUEUE"];
  return { queue, sent };
}

/** The digest of a week as its delivery builds it: from the period its row records. */
async function digestOf(week: string): Promise<Awaited<ReturnType<typeof PostalMime.parse>>> {
  const [row] = await db.select().from(inquiryDigests).where(eq(inquiryDigests.week, week));
  const soon = new Date(row!.createdAt.getTime() + RETENTION_NOTICE_DAYS * DAY);
  const contents = await digestContents(
    db,
    { since: row!.since, until: row!.createdAt },
    { erase: retentionCutoff(soon, site.retention.messageMonths), delete: retentionCutoff(soon, site.retention.conflictRecordMonths) },
    consultations.offerFollowUpDays,
  );
  return PostalMime.parse(buildDigestEmail(contents, new URL(env.SITE_ORIGIN).origin, { from: env.NOTIFY_FROM, to: env.NOTIFY_TO }));
}

/** Fires the Worker's cron trigger as Cloudflare does, with the given schedule and time. */
async function fire(cron: string, at: Date, overrides: Partial<Env>) {
  const controller = createScheduledController({ cron, scheduledTime: at });
  await worker.scheduled(controller, { ...env, ...overrides });
}

/** Delivers digest messages through the Worker's queue handler. */
const deliver = (weeks: string[], email: Env["EMAIL"]) =>
  runQueue(
    QUEUE,
    weeks.map((week, i) => ({ id: `d${i}`, body: { kind: "digest", week } as const })),
    { EMAIL: email },
  );

beforeEach(async () => {
  await clearSubmissions();
  await env.DB.exec("DELETE FROM inquiry_digests");
  await env.DB.exec("DELETE FROM engagement_letters");
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the weekly digest", () => {
  it("is claimed and queued once a week, however often its cron fires", async () => {
    const { queue, sent } = recordingQueue();
    await fire(DIGEST_CRON, MONDAY, { CONTACT_QUEUE: queue });
    await fire(DIGEST_CRON, new Date(MONDAY.getTime() + 60_000), { CONTACT_QUEUE: queue });
    expect(sent).toEqual([{ kind: "digest", week: "2026-11-30" }]);
    // The next Monday is a week of its own.
    await fire(DIGEST_CRON, new Date(MONDAY.getTime() + 7 * DAY), { CONTACT_QUEUE: queue });
    expect(sent).toEqual([
      { kind: "digest", week: "2026-11-30" },
      { kind: "digest", week: "2026-12-07" },
    ]);
    // The ten-minute cron starts none (its sweep may queue again the first, never delivered here).
    await fire("*/10 * * * *", new Date(MONDAY.getTime() + 7 * DAY + 120_000), { CONTACT_QUEUE: queue });
    expect(new Set(sent.map((message) => (message as { week: string }).week))).toEqual(new Set(["2026-11-30", "2026-12-07"]));
  });

  it("names the week by the day in Seattle", () => {
    expect(digestWeekOf(MONDAY)).toBe("2026-11-30");
    expect(digestWeekOf(new Date("2026-12-01T07:59:00Z"))).toBe("2026-11-30");
  });

  it("e-mails the practice what came in, what waits for a conflict check, failed notifications and retention soon", async () => {
    const received = await storeSubmission(new Date(MONDAY.getTime() - DAY), { name: "Zoë Ōtani", organization: "Studio North" });
    const waiting = await storeSubmission(new Date(MONDAY.getTime() - 4 * DAY), { name: "Ada Waiting" });
    const checked = await storeSubmission(new Date(MONDAY.getTime() - 5 * DAY), { name: "Grace Checked" });
    await recordIntake(db, checked, "cleared", { now: MONDAY });
    const failed = await storeSubmission(new Date(MONDAY.getTime() - 2 * DAY), { name: "Alan Failed" });
    await markNotificationFailed(db, failed, "E-mail not delivered after every retry");
    // Older than the period, less ten days: retention erases its message within the month.
    await storeSubmission(new Date(retentionCutoff(MONDAY, site.retention.messageMonths).getTime() + 10 * DAY), { name: "Old Timer" });

    const { queue, sent } = recordingQueue();
    await fire(DIGEST_CRON, MONDAY, { CONTACT_QUEUE: queue });
    const { binding, sent: mails } = recordingEmail();
    const result = await deliver([(sent[0] as { week: string }).week], binding);
    expect(result.explicitAcks).toEqual(["d0"]);
    expect(mails).toEqual([expect.objectContaining({ from: env.NOTIFY_FROM, to: env.NOTIFY_TO })]);
    const [row] = await db.select().from(inquiryDigests);
    expect(row).toMatchObject({ week: "2026-11-30", status: "sent", attempts: 1 });

    const mail = await digestOf("2026-11-30");
    expect(mail.subject).toMatch(/^Weekly inquiry digest: /);
    expect(mail.from).toMatchObject({ address: env.NOTIFY_FROM });
    expect(mail.to).toEqual([expect.objectContaining({ address: env.NOTIFY_TO })]);
    const text = mail.text!.replace(/\r\n/g, "\n");
    const origin = new URL(env.SITE_ORIGIN).origin;
    const section = (heading: string) => text.slice(text.indexOf(heading), text.indexOf("\n\n", text.indexOf(heading)));
    expect(section("Received since the last digest")).toContain(`Zoë Ōtani (Studio North): ${origin}/admin/submissions/${received}`);
    expect(section("Received since the last digest")).toContain("Alan Failed");
    expect(section("Waiting three days or more for a conflict check")).toContain(`Ada Waiting: ${origin}/admin/submissions/${waiting}`);
    expect(section("Waiting three days or more for a conflict check")).not.toContain("Grace Checked");
    expect(section("Notifications that failed")).toContain(`${origin}/admin/submissions/${failed}`);
    expect(text).toContain("1 message will be erased under the retention policy in the next 30 days");
    expect(mail.html).toContain(`<a href="${origin}/admin/submissions/${waiting}">Ada Waiting</a>`);

    // Delivered again (a duplicated message): sent once.
    await deliver(["2026-11-30"], binding);
    expect(mails).toHaveLength(1);
  });

  it("is retried like a notification when sending fails, and the next digest starts where the last one ended", async () => {
    const { queue, sent } = recordingQueue();
    await fire(DIGEST_CRON, MONDAY, { CONTACT_QUEUE: queue });
    const failing = recordingEmail(1);
    const first = await deliver(["2026-11-30"], failing.binding);
    expect(failing.sent).toEqual([]);
    expect(first.retryMessages).toEqual([expect.objectContaining({ msgId: "d0" })]);
    await deliver(["2026-11-30"], failing.binding);
    expect(failing.sent).toHaveLength(1);
    const [first_] = await db.select().from(inquiryDigests);
    expect(first_).toMatchObject({ status: "sent", attempts: 2 });

    const afterLast = await storeSubmission(new Date(MONDAY.getTime() + DAY), { name: "Next Week" });
    await storeSubmission(new Date(MONDAY.getTime() - DAY), { name: "Last Week" });
    await fire(DIGEST_CRON, new Date(MONDAY.getTime() + 7 * DAY), { CONTACT_QUEUE: queue });
    const next = recordingEmail();
    await deliver([(sent[1] as { week: string }).week], next.binding);
    expect(next.sent).toHaveLength(1);
    const text = (await digestOf("2026-12-07")).text!;
    const receivedSection = text.slice(text.indexOf("Received since"), text.indexOf("Waiting three days"));
    expect(receivedSection).toContain(`/admin/submissions/${afterLast}`);
    expect(receivedSection).not.toContain("Last Week");
  });

  it("lists at most 50 inquiries under each heading, then how many more, linking to the inbox's view of them all", async () => {
    const flood = Array.from({ length: DIGEST_LIST_MAX + 70 }, (_, i) => ({
      createdAt: new Date(MONDAY.getTime() - 5 * DAY + i * 60_000),
      overrides: { name: `Flood ${i}` },
    }));
    await storeSubmissions(flood);
    await fire(DIGEST_CRON, MONDAY, { CONTACT_QUEUE: recordingQueue().queue });
    const mail = await digestOf("2026-11-30");
    const origin = new URL(env.SITE_ORIGIN).origin;
    const text = mail.text!.replace(/\r\n/g, "\n");
    const section = (heading: string) => text.slice(text.indexOf(heading), text.indexOf("\n\n", text.indexOf(heading)));
    for (const [heading, link] of [
      ["Received since the last digest", `${origin}/admin`],
      ["Waiting three days or more for a conflict check", `${origin}/admin?intake=new`],
    ]) {
      expect(section(heading!).match(/^- Flood \d+/gm), heading).toHaveLength(DIGEST_LIST_MAX);
      expect(section(heading!)).toContain(`- and 70 more: ${link}\n`.trimEnd());
    }
    expect(mail.html).toContain(`<a href="${origin}/admin?intake=new">and 70 more</a>`);
    expect(mail.subject).toContain(`${DIGEST_LIST_MAX + 70} new inquiries, ${DIGEST_LIST_MAX + 70} waiting for a conflict check`);
    expect(mail.text!.length).toBeLessThan(40_000);
  });

  it("lists the follow-ups due by the week's end and the declines whose letter is not marked sent after three days", async () => {
    const due = await storeSubmission(new Date(MONDAY.getTime() - 20 * DAY), { name: "Ada Due" });
    const later = await storeSubmission(new Date(MONDAY.getTime() - 20 * DAY), { name: "Grace Later" });
    const set = (id: string, day: string) =>
      env.DB.prepare("UPDATE contact_submissions SET follow_up_on = ? WHERE id = ?").bind(day, id).run();
    await set(due, "2026-12-03");
    await set(later, "2026-12-10");
    const unsent = await storeSubmission(new Date(MONDAY.getTime() - 20 * DAY), { name: "Alan Unsent" });
    await recordIntake(db, unsent, "declining", { now: new Date(MONDAY.getTime() - 4 * DAY) });
    const recent = await storeSubmission(new Date(MONDAY.getTime() - 20 * DAY), { name: "Zoë Recent" });
    await recordIntake(db, recent, "declining", { now: new Date(MONDAY.getTime() - DAY) });
    const sent = await storeSubmission(new Date(MONDAY.getTime() - 20 * DAY), { name: "Kate Sent" });
    await recordIntake(db, sent, "declining", { now: new Date(MONDAY.getTime() - 5 * DAY) });
    await recordIntake(db, sent, "declined", { now: new Date(MONDAY.getTime() - 4 * DAY), sentOn: "2026-11-26" });
    await addNote(db, due, { text: "Private words about the matter", by: "attorney@example.com", now: MONDAY });

    await fire(DIGEST_CRON, MONDAY, { CONTACT_QUEUE: recordingQueue().queue });
    const mail = await digestOf("2026-11-30");
    const text = mail.text!.replace(/\r\n/g, "\n");
    const section = (heading: string) => text.slice(text.indexOf(heading), text.indexOf("\n\n", text.indexOf(heading)));
    const followUps = section("Follow-ups due by Sun, Dec 6");
    expect(followUps).toContain(`Ada Due, due Thu, Dec 3: `);
    expect(followUps).not.toContain("Grace Later");
    const declines = section("Declined three days ago or more, the letter not marked sent");
    expect(declines).toContain("Alan Unsent");
    expect(declines).not.toContain("Zoë Recent");
    expect(declines).not.toContain("Kate Sent");
    // Notes are the practice's own: never in an e-mail.
    expect(`${mail.text}${mail.html}`).not.toContain("Private words");
  });

  it("lists the coming week's consultations and the offers no one booked after the days content/ gives", async () => {
    const offer = async (name: string, offeredDaysAgo: number) => {
      const submissionId = await storeSubmission(new Date(MONDAY.getTime() - 20 * DAY), { name });
      const at = new Date(MONDAY.getTime() - offeredDaysAgo * DAY);
      return (
        await createOffer(
          db,
          { submissionId, kinds: ["video"], kindNames: "Video call", expiresAt: new Date(MONDAY.getTime() + 9 * DAY) },
          { by: "a@example.com", now: at },
        )
      ).offer;
    };
    const book = async (name: string, daysAhead: number) => {
      const start = MONDAY.getTime() + daysAhead * DAY;
      const meeting = { start, end: start + 1_800_000 };
      await bookWithOffer(
        db,
        await offer(name, 1),
        { kind: "video", meeting, held: meeting, day: { start, end: start + 1 }, perDay: 9 },
        { clientZone: "UTC", detail: "" },
        new Date(MONDAY.getTime() - DAY),
      );
    };
    await book("Ada Soon", 2);
    await book("Grace Later", 9);
    await offer("Alan Waiting", consultations.offerFollowUpDays + 1);
    await offer("Zoë Fresh", consultations.offerFollowUpDays - 1);

    await fire(DIGEST_CRON, MONDAY, { CONTACT_QUEUE: recordingQueue().queue });
    const text = (await digestOf("2026-11-30")).text!.replace(/\r\n/g, "\n");
    const section = (heading: string) => text.slice(text.indexOf(heading), text.indexOf("\n\n", text.indexOf(heading)));
    const coming = section("Consultations in the coming week");
    expect(coming).toContain("Ada Soon, Wednesday, December 2, 2026");
    expect(coming).not.toContain("Grace Later");
    const waiting = section("Consultations offered");
    expect(waiting).toContain("Alan Waiting");
    expect(waiting).not.toContain("Zoë Fresh");
    expect(waiting).not.toContain("Ada Soon");
  });

  it("lists the engagement letters sent the days content/ gives ago or more whose link is still open, and no other", async () => {
    const letter = async (name: string, sentDaysAgo: number, linkDays = 30) => {
      const submissionId = await storeSubmission(new Date(MONDAY.getTime() - 90 * DAY), { name });
      const now = new Date(MONDAY.getTime() - sentDaysAgo * DAY);
      const created = await createEngagementLetter(
        db,
        {
          submissionId,
          kind: "hourly",
          title: "Engagement letter",
          clientName: name,
          clientEmail: "client@example.com",
          fieldValues: {},
          letterText: "The terms.",
          disclosureText: "The notice.",
          expiresAt: new Date(now.getTime() + linkDays * DAY),
        },
        { by: "attorney@example.com", now },
      );
      if (created.outcome !== "created") throw new Error("not created");
      return created;
    };
    const days = pages.engagement.followUpDays;
    await letter("Ada Waiting", days + 1);
    await letter("Zoë Fresh", days - 1);
    const declined = await letter("Grace Declined", days + 1);
    await declineEngagement(db, declined.token, new Date(MONDAY.getTime() - DAY), { ip: null, userAgent: null });
    const withdrawn = await letter("Alan Withdrawn", days + 1);
    await withdrawEngagementLetter(db, withdrawn.letter.id, { by: "attorney@example.com", now: MONDAY });
    await letter("Long Expired", days + 60, 30);

    const contents = await digestContents(db, { since: new Date(0), until: MONDAY }, { erase: new Date(0), delete: new Date(0) }, 5, days);
    expect(contents.lettersNotAnswered.inquiries.map((inquiry) => inquiry.name)).toEqual(["Ada Waiting"]);
    expect(contents.lettersNotAnswered.total).toBe(1);
    const email = await PostalMime.parse(
      buildDigestEmail(contents, "https://practice.example", { from: env.NOTIFY_FROM, to: env.NOTIFY_TO }),
    );
    expect(email.text).toContain("Ada Waiting");
  });

  it("counts the last 90 days' inquiries by the site and the pages they came from, and how many became engaged", async () => {
    const came = (daysAgo: number, page: string | null, landing: string | null, host: string | null) =>
      storeSubmission(new Date(MONDAY.getTime() - daysAgo * DAY)).then(async (id) => {
        await env.DB.prepare("UPDATE contact_submissions SET source_page = ?, landing_page = ?, referrer_host = ? WHERE id = ?")
          .bind(page, landing, host, id)
          .run();
        return id;
      });
    const engaged = await came(10, "/blog/how-to-license-artwork", "/blog/how-to-license-artwork", "www.google.com");
    await came(20, "/contact", "/blog/how-to-license-artwork", "www.google.com");
    await came(30, "/contact", "/", null);
    await came(100, "/contact", "/old", "old.example"); // Before the 90 days.
    await recordIntake(db, engaged, "cleared", { now: new Date(MONDAY.getTime() - 9 * DAY) });
    await recordIntake(db, engaged, "engaged", { now: new Date(MONDAY.getTime() - 8 * DAY) });
    // Closed since: it still reached "engaged".
    await recordIntake(db, engaged, "closed", { now: new Date(MONDAY.getTime() - 7 * DAY) });

    await fire(DIGEST_CRON, MONDAY, { CONTACT_QUEUE: recordingQueue().queue });
    const mail = await digestOf("2026-11-30");
    const text = mail.text!.replace(/\r\n/g, "\n");
    expect(text).toContain("Where the last 90 days' 3 inquiries came from (1 of them engaged so far");
    const section = (heading: string) => text.slice(text.indexOf(heading), text.indexOf("\n\n", text.indexOf(heading)));
    expect(section("By the site that sent them")).toContain("- www.google.com: 2 inquiries, 1 engaged");
    expect(section("By the site that sent them")).toContain(
      "- No outside site (typed in, a bookmark, an e-mail, or not known): 1 inquiry, 0 engaged",
    );
    expect(section("By the first page of their visit")).toContain("- /blog/how-to-license-artwork: 2 inquiries, 1 engaged");
    expect(section("By the page the form was sent from")).toContain("- /contact: 2 inquiries, 0 engaged");
    expect(text).not.toContain("old.example");
    const origin = new URL(env.SITE_ORIGIN).origin;
    expect(mail.html).toContain(`<a href="${origin}/admin?source=www.google.com">www.google.com: 2 inquiries, 1 engaged</a>`);
  });

  it("is queued again by the sweep when its message was lost", async () => {
    const refusing = { send: async () => Promise.reject(new Error("queue unavailable")) } as unknown as Env["CONTACT_QUEUE"];
    await fire(DIGEST_CRON, MONDAY, { CONTACT_QUEUE: refusing });
    const { queue, sent } = recordingQueue();
    await fire("*/10 * * * *", new Date(MONDAY.getTime() + 10 * 60_000), { CONTACT_QUEUE: queue });
    expect(sent).toEqual([]);
    await fire("*/10 * * * *", new Date(MONDAY.getTime() + 40 * 60_000), { CONTACT_QUEUE: queue });
    expect(sent).toEqual([{ kind: "digest", week: "2026-11-30" }]);
  });
});
