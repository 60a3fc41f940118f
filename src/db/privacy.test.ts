import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { allSubmissions, clearSubmissions, storeSubmission, storeSubmissions } from "../test/submissions.ts";
import { REDACTED_SEARCH, conflictSearchDetail, recordActivity } from "./activity.ts";
import { database } from "./client.ts";
import { runConflictCheck } from "./conflict-check.ts";
import { createEngagementLetter, engagementRecord } from "./engagements.ts";
import { addNote, notesOf } from "./notes.ts";
import {
  ADDRESS_PAGE_SIZE,
  countFrom,
  deleteSubmissionsFrom,
  eraseMessagesFrom,
  exportSubmissionsFrom,
  isEmailAddress,
  submissionsFrom,
} from "./privacy.ts";
import { adminActivity, conflictChecks, contactSubmissions } from "./schema.ts";
import { markNotified } from "./submissions.ts";

const db = database(env.DB);

beforeEach(async () => {
  await clearSubmissions();
  await env.DB.exec("DELETE FROM admin_activity");
});

const ATTORNEY = "attorney@example.com";

describe("privacy requests", () => {
  it("find every submission of one address in any case, oldest first, and no one else's", async () => {
    const first = await storeSubmission(new Date("2026-01-05T10:00:00Z"), { email: "Ada@Example.com" });
    const second = await storeSubmission(new Date("2026-03-01T10:00:00Z"), { email: "ada@example.com" });
    await storeSubmission(new Date("2026-02-01T10:00:00Z"), { email: "grace@example.com" });
    await storeSubmission(new Date("2026-02-01T10:00:00Z"), { email: "ada@example.com.evil.example" });
    expect((await submissionsFrom(db, " ADA@example.COM ")).map((row) => row.id)).toEqual([first, second]);
    expect(await countFrom(db, "ada@EXAMPLE.com")).toBe(2);
  });

  it("read an address's inquiries a page at a time, however many it sent", async () => {
    const ids = await storeSubmissions(
      Array.from({ length: ADDRESS_PAGE_SIZE + 7 }, (_, i) => ({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)), overrides: {} })),
    );
    const first = await submissionsFrom(db, "ada@example.com");
    expect(first.map((row) => row.id)).toEqual(ids.slice(0, ADDRESS_PAGE_SIZE));
    const last = first.at(-1)!;
    const next = await submissionsFrom(db, "ada@example.com", { createdAt: last.createdAt.getTime(), id: last.id });
    expect(next.map((row) => row.id)).toEqual(ids.slice(ADDRESS_PAGE_SIZE));
    expect(await countFrom(db, "ada@example.com")).toBe(ADDRESS_PAGE_SIZE + 7);
    // The export goes through every page.
    expect((await exportSubmissionsFrom(db, "ada@example.com", new Date())).submissions).toHaveLength(ADDRESS_PAGE_SIZE + 7);
  });

  it("export every column under its database name, times in ISO 8601, and the practice's notes", async () => {
    const id = await storeSubmission(new Date("2026-01-05T10:00:00Z"), {
      email: "ada@example.com",
      organization: "Analytical Engines",
      message: "Line one\nLine two",
    });
    await markNotified(db, id, new Date("2026-01-05T10:00:02Z"));
    await addNote(db, id, { text: "Called back; a licensing matter.", by: ATTORNEY, now: new Date("2026-01-06T09:00:00Z") });
    const exported = await exportSubmissionsFrom(db, "ada@example.com", new Date("2026-11-22T12:00:00Z"));
    expect(exported.email).toBe("ada@example.com");
    expect(exported.exportedAt).toBe("2026-11-22T12:00:00.000Z");
    expect(exported.submissions).toEqual([
      {
        id,
        name: "Ada Lovelace",
        email: "ada@example.com",
        organization: "Analytical Engines",
        parties: null,
        message: "Line one\nLine two",
        heard: null,
        created_at: "2026-01-05T10:00:00.000Z",
        notification_status: "sent",
        notification_attempts: 0,
        notified_at: "2026-01-05T10:00:02.000Z",
        notification_lease_until: null,
        queued_at: "2026-01-05T10:00:00.000Z",
        notification_error: null,
        notification_last_attempt_at: null,
        intake_state: "new",
        intake_note: null,
        intake_changed_at: null,
        intake_changed_by: null,
        conflict_keys: "| ada lovelace | ada example | analytical engines |",
        message_erased_at: null,
        latest_check_matches: null,
        intake_check_id: null,
        cleared_reason: null,
        engaged_at: null,
        declined_at: null,
        declined_from: null,
        decline_letter: null,
        decline_letter_sent_on: null,
        follow_up_on: null,
        source_page: null,
        landing_page: null,
        referrer_host: null,
        notes: [{ at: "2026-01-06T09:00:00.000Z", author: ATTORNEY, text: "Called back; a licensing matter." }],
      },
    ]);
  });

  it("erase the messages of one address with everything but the conflict record, and nothing else", async () => {
    const ada = await storeSubmission(new Date(), { email: "ada@example.com", parties: "Acme Gallery", heard: "A friend" });
    await env.DB.prepare("UPDATE contact_submissions SET source_page = '/blog/x', landing_page = '/', referrer_host = 'example.org'").run();
    await addNote(db, ada, { text: "A note.", by: ATTORNEY, now: new Date() });
    const grace = await storeSubmission(new Date(), { email: "grace@example.com" });
    await addNote(db, grace, { text: "Grace's note.", by: ATTORNEY, now: new Date() });
    const now = new Date("2026-11-22T12:00:00Z");
    expect(await eraseMessagesFrom(db, "ADA@example.com", now)).toEqual([ada]);
    const rows = await allSubmissions();
    expect(rows.find((row) => row.id === ada)).toMatchObject({
      message: "",
      heard: null,
      sourcePage: null,
      landingPage: null,
      referrerHost: null,
      messageErasedAt: now,
      name: "Ada Lovelace",
      parties: "Acme Gallery",
    });
    expect(await notesOf(db, ada)).toEqual([]);
    expect(rows.find((row) => row.id === grace)).toMatchObject({ message: "Hello.", messageErasedAt: null });
    expect(await notesOf(db, grace)).toHaveLength(1);
    // Already erased: nothing more to do.
    expect(await eraseMessagesFrom(db, "ada@example.com", now)).toEqual([]);
  });

  it("delete every submission of one address, with its notes and checks, a batch at a time, and nothing else", async () => {
    const ada = await storeSubmissions(
      Array.from({ length: 450 }, (_, i) => ({
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        overrides: { email: i % 2 ? "ADA@example.com" : "ada@example.com" },
      })),
    );
    await addNote(db, ada[0]!, { text: "A note.", by: ATTORNEY, now: new Date() });
    const [row] = await db.select().from(contactSubmissions).limit(1);
    await runConflictCheck(db, row!, { by: ATTORNEY, now: new Date() });
    const grace = await storeSubmission(new Date(), { email: "grace@example.com" });
    const deleted = await deleteSubmissionsFrom(db, "Ada@example.com");
    expect(deleted.ids.sort()).toEqual([...ada].sort());
    expect((await allSubmissions()).map((row) => row.id)).toEqual([grace]);
    expect(await notesOf(db, ada[0]!)).toEqual([]);
    expect(await db.select().from(conflictChecks)).toEqual([]);
    expect(await deleteSubmissionsFrom(db, "ada@example.com")).toEqual({ ids: [], searchesRedacted: 0, engagementsKept: 0 });
  });

  it("keep the engagement letters of the inquiries deleted, with their records, and say how many", async () => {
    const send = async (submissionId: string, now: Date) => {
      const created = await createEngagementLetter(
        db,
        {
          submissionId,
          kind: "hourly",
          title: "Engagement letter",
          clientName: "Ada Lovelace",
          clientEmail: "ada@example.com",
          fieldValues: {},
          letterText: "The terms.",
          disclosureText: "The notice.",
          expiresAt: new Date(now.getTime() + 86_400_000),
        },
        { by: ATTORNEY, now },
      );
      if (created.outcome !== "created") throw new Error("not created");
      return created.letter.id;
    };
    const first = await storeSubmission(new Date(), { email: "ada@example.com" });
    const second = await storeSubmission(new Date(), { email: "ada@example.com" });
    const grace = await storeSubmission(new Date(), { email: "grace@example.com" });
    const kept = [
      await send(first, new Date(Date.UTC(2027, 0, 1))),
      await send(first, new Date(Date.UTC(2027, 0, 2))),
      await send(second, new Date()),
    ];
    const hers = await send(grace, new Date());
    const deleted = await deleteSubmissionsFrom(db, "ada@example.com");
    expect(deleted.engagementsKept).toBe(3);
    for (const id of kept)
      expect((await engagementRecord(db, id))?.letter).toMatchObject({ submissionId: null, clientEmail: "ada@example.com" });
    expect((await engagementRecord(db, hers))?.letter.submissionId).toBe(grace);
  });

  it("take the person's name out of the conflict searches that found them, keeping each search's count", async () => {
    await storeSubmission(new Date(), { name: "Zoë Ōtani", email: "zoe@studio-north.com", organization: "Studio North" });
    const search = (text: string) =>
      recordActivity(db, { actor: ATTORNEY, action: "conflict-search", detail: conflictSearchDetail(text, "1 match") }, new Date());
    await search("zoe otani");
    await search("Ōtani");
    await search("zoe@studio-north.com");
    // Not about her: another person, and her organization, which is not her name.
    await search("Grace Hopper");
    await search("Studio North");
    const deleted = await deleteSubmissionsFrom(db, "zoe@studio-north.com");
    expect(deleted.searchesRedacted).toBe(3);
    const details = (await db.select({ detail: adminActivity.detail }).from(adminActivity).orderBy(adminActivity.id)).map(
      (row) => row.detail,
    );
    expect(details).toEqual([
      `${REDACTED_SEARCH}: 1 match`,
      `${REDACTED_SEARCH}: 1 match`,
      `${REDACTED_SEARCH}: 1 match`,
      '"Grace Hopper": 1 match',
      '"Studio North": 1 match',
    ]);
  });

  it("accept addresses by the contact form's rule", () => {
    expect(["ada@example.com", " ada+inquiries@example.co.uk "].every(isEmailAddress)).toBe(true);
    expect(["ada", "ada@", "@example.com", "ada @example.com", ""].some(isEmailAddress)).toBe(false);
  });
});
