import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "../content/index.ts";
import { activityPage, recordActivity } from "../db/activity.ts";
import { bookWithOffer, createOffer } from "../db/bookings.ts";
import { database } from "../db/client.ts";
import { conflictQuery } from "../db/conflict-names.ts";
import { searchConflicts } from "../db/conflicts.ts";
import { engagementRecord } from "../db/engagements.ts";
import { addClient, addMatter } from "../db/register.ts";
import type { Env } from "../env.ts";
import { applyRetention, retentionCutoff } from "./retention.ts";
import { fetchPath } from "../test/html.ts";
import { visibleText } from "../test/visible-text.ts";
import { allSubmissions, storeSubmission } from "../test/submissions.ts";
import { clearSubmissions } from "../test/submissions.ts";
import { monthsInWords } from "../content/durations.ts";
import { sentLetter } from "../test/engagement.ts";

describe("the retention cut-off", () => {
  it.each([
    ["2026-03-31T09:30:00Z", 1, "2026-02-28T09:30:00Z"],
    ["2024-03-31T09:30:00Z", 1, "2024-02-29T09:30:00Z"],
    ["2026-05-31T00:00:00Z", 1, "2026-04-30T00:00:00Z"],
    ["2026-01-31T23:59:59Z", 2, "2025-11-30T23:59:59Z"],
    ["2026-02-28T12:00:00Z", 24, "2024-02-28T12:00:00Z"],
    ["2028-02-29T12:00:00Z", 24, "2026-02-28T12:00:00Z"],
    ["2026-11-22T18:00:00Z", 24, "2024-11-22T18:00:00Z"],
  ])("from %s, %i month(s) back, is %s: the same day, or the shorter month's last", (now, months, expected) => {
    expect(retentionCutoff(new Date(now), months).toISOString()).toBe(new Date(expected).toISOString());
  });
});

beforeEach(async () => {
  await clearSubmissions();
  vi.restoreAllMocks();
});

describe("retention", () => {
  const now = new Date("2026-11-22T18:00:00Z");
  const { messageMonths, conflictRecordMonths, activityLogMonths } = site.retention;
  const olderThan = (months: number) => new Date(retentionCutoff(now, months).getTime() - 60_000);
  const newerThan = (months: number) => new Date(retentionCutoff(now, months).getTime() + 60_000);

  it("erases a message after its period and keeps the inquiry's conflict record, which conflict checks still find", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const old = await storeSubmission(olderThan(messageMonths), {
      name: "Zoë Ōtani",
      organization: "Studio North",
      parties: "Acme Gallery",
    });
    const recent = await storeSubmission(newerThan(messageMonths));
    await env.DB.prepare("UPDATE contact_submissions SET decline_letter = 'Dear Zoë, about your lease…' WHERE id = ?").bind(old).run();
    expect(await applyRetention(env, now)).toEqual({ erased: 1, deleted: 0, activity: 0, clients: 0, consultations: 0, engagements: 0 });
    const rows = await allSubmissions();
    expect(rows.find((row) => row.id === old)).toMatchObject({
      message: "",
      declineLetter: null,
      messageErasedAt: now,
      name: "Zoë Ōtani",
      email: "ada@example.com",
      organization: "Studio North",
      parties: "Acme Gallery",
      intakeState: "new",
    });
    expect(rows.find((row) => row.id === recent)).toMatchObject({ message: "Hello.", messageErasedAt: null });
    const found = await searchConflicts(database(env.DB), conflictQuery("zoe otani")!);
    expect(found).toEqual([expect.objectContaining({ id: old, messageErased: true, parts: ["name"] })]);
    // A second run erases nothing more.
    expect(await applyRetention(env, now)).toEqual({ erased: 0, deleted: 0, activity: 0, clients: 0, consultations: 0, engagements: 0 });
  });

  it("deletes an inquiry whole after the conflict record's period, and activity entries after theirs", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await env.DB.exec("DELETE FROM admin_activity");
    const gone = await storeSubmission(olderThan(conflictRecordMonths));
    const kept = await storeSubmission(newerThan(conflictRecordMonths));
    const db = database(env.DB);
    await recordActivity(db, { actor: "attorney@example.com", action: "viewed", submissionId: gone }, olderThan(activityLogMonths));
    await recordActivity(db, { actor: "attorney@example.com", action: "viewed", submissionId: kept }, newerThan(activityLogMonths));
    // Both messages are older than theirs: erased first, then the older inquiry deleted whole.
    expect(await applyRetention(env, now)).toEqual({ erased: 2, deleted: 1, activity: 1, clients: 0, consultations: 0, engagements: 0 });
    expect((await allSubmissions()).map((row) => row.id)).toEqual([kept]);
    expect((await activityPage(db)).entries.map((entry) => entry.submissionId)).toEqual([kept]);
  });

  it("removes a register client once every matter of theirs closed over the register's period ago, and no other", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const db = database(env.DB);
    await env.DB.exec("DELETE FROM register_parties; DELETE FROM register_matters; DELETE FROM register_clients");
    const actor = { by: "attorney@example.com", now };
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const longClosed = day(olderThan(site.retention.registerMonthsAfterClose + 1));
    const recentlyClosed = day(newerThan(site.retention.registerMonthsAfterClose - 1));
    const clientWith = async (name: string, matters: { status: "current" | "closed"; closedOn?: string }[]) => {
      const id = await addClient(db, { name }, actor);
      for (const [i, matter] of matters.entries())
        await addMatter(db, id, { title: `Matter ${i}`, ...matter, parties: [{ name: `${name} opponent`, role: "adverse" }] }, actor);
      return id;
    };
    await clientWith("Long Gone", [{ status: "closed", closedOn: longClosed }]);
    const stillCurrent = await clientWith("Still Current", [{ status: "closed", closedOn: longClosed }, { status: "current" }]);
    const closedLately = await clientWith("Closed Lately", [{ status: "closed", closedOn: recentlyClosed }]);
    const noDay = await clientWith("No Closing Day", [{ status: "closed" }]);
    const noMatter = await clientWith("No Matter Yet", []);
    const inquiry = await storeSubmission(newerThan(1), { name: "Long Gone opponent" });
    expect((await applyRetention(env, now)).clients).toBe(1);
    const left = await env.DB.prepare("SELECT id FROM register_clients ORDER BY name").all<{ id: string }>();
    expect(left.results.map((row) => row.id).sort()).toEqual([stillCurrent, closedLately, noDay, noMatter].sort());
    // Its matters and parties went with it: a search no longer finds its opponent in the register.
    const parties = await env.DB.prepare("SELECT name FROM register_parties").all<{ name: string }>();
    expect(parties.results.map((row) => row.name)).not.toContain("Long Gone opponent");
    expect((await allSubmissions()).map((row) => row.id)).toContain(inquiry);
  });

  it("deletes a consultation's offer and booking once its time, or an unused offer's last day, is over its period ago", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const db = database(env.DB);
    const months = site.retention.bookingMonths;
    const actor = { by: "attorney@example.com", now };
    const offerAt = async (expiresAt: Date) => {
      const submissionId = await storeSubmission(newerThan(1));
      return (await createOffer(db, { submissionId, kinds: ["video"], kindNames: "Video call", expiresAt }, actor)).offer;
    };
    const bookAt = async (start: Date) => {
      const offer = await offerAt(new Date(start.getTime() + 86_400_000));
      const meeting = { start: start.getTime(), end: start.getTime() + 1_800_000 };
      const claim = {
        kind: "video",
        meeting,
        held: meeting,
        day: { start: meeting.start - 3_600_000, end: meeting.end + 3_600_000 },
        perDay: 9,
      };
      expect(
        (await bookWithOffer(db, offer, claim, { clientZone: "America/Los_Angeles", detail: "" }, new Date(start.getTime() - 86_400_000)))
          .outcome,
      ).toBe("booked");
      return offer.id;
    };
    await bookAt(olderThan(months));
    const recentBooking = await bookAt(newerThan(months - 1));
    await offerAt(olderThan(months));
    const recentOffer = (await offerAt(newerThan(months))).id;
    expect((await applyRetention(env, now)).consultations).toBe(2);
    const left = await env.DB.prepare("SELECT id FROM booking_offers").all<{ id: string }>();
    expect(left.results.map((row) => row.id).sort()).toEqual([recentBooking, recentOffer].sort());
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bookings").first("n")).toBe(1);
  });

  it("deletes an engagement letter, its record and its signed PDF once its last event is over its period ago, and no other", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const db = database(env.DB);
    const months = site.retention.engagementRecordMonths;
    const letterAt = async (at: Date) => {
      const submissionId = await storeSubmission(newerThan(1));
      const mina = { clientName: "Mina Park", clientEmail: "mina@example.com", text: "The terms.", disclosure: "The notice." };
      const created = await sentLetter(db, submissionId, at, mina);
      const key = `engagement-letters/${created.letter.id}.pdf`;
      await env.RECORDS.put(key, "%PDF-1.7");
      await env.DB.prepare("UPDATE engagement_letters SET pdf_key = ?2 WHERE id = ?1").bind(created.letter.id, key).run();
      return { id: created.letter.id, key };
    };
    await env.DB.exec("DELETE FROM engagement_letters");
    const old = await letterAt(olderThan(months));
    const recent = await letterAt(newerThan(months));

    // R2 refusing the deletion: the letter stays, and so does its PDF, for the next night.
    const refusing = { ...env.RECORDS, delete: () => Promise.reject(new Error("R2 unavailable")) } as unknown as Env["RECORDS"];
    try {
      await applyRetention({ ...env, RECORDS: refusing }, now);
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toContain("R2 unavailable");
    }
    expect(await engagementRecord(db, old.id)).toBeDefined();

    expect((await applyRetention(env, now)).engagements).toBe(1);
    expect(await engagementRecord(db, old.id)).toBeUndefined();
    expect(await env.RECORDS.head(old.key)).toBeNull();
    expect(await engagementRecord(db, recent.id)).toBeDefined();
    expect(await env.RECORDS.head(recent.key)).not.toBeNull();
  });

  it("is what the privacy policy tells visitors: every period, as content/site.yaml gives it", async () => {
    const text = visibleText(await (await fetchPath("/privacy-policy")).text());
    expect(text).toContain(`We keep each message sent through the contact form for ${monthsInWords(messageMonths)} after we receive it`);
    expect(text).toContain(`we keep a short record of each inquiry for ${monthsInWords(conflictRecordMonths)} after we receive it`);
    expect(text).toContain(`is kept for ${monthsInWords(activityLogMonths)}`);
    expect(text).toContain(
      `stay in our conflict records for ${monthsInWords(site.retention.registerMonthsAfterClose)} after your last matter`,
    );
    expect(text).toContain(`for ${monthsInWords(site.retention.bookingMonths)} after the consultation`);
    expect(text).toMatch(/also reaches our e-mail inbox[^.]*\. We keep that e-mail/);
  });
});
