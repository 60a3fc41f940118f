import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { allSubmissions, clearSubmissions, storeSubmission } from "../test/submissions.ts";
import { database } from "./client.ts";
import { deleteSubmissionsFrom, exportSubmissionsFrom, isEmailAddress, submissionsFrom, eraseMessagesFrom } from "./privacy.ts";
import { markNotified } from "./submissions.ts";

const db = database(env.DB);

beforeEach(clearSubmissions);

describe("privacy requests", () => {
  it("find every submission of one address in any case, oldest first, and no one else's", async () => {
    const first = await storeSubmission(new Date("2026-01-05T10:00:00Z"), { email: "Ada@Example.com" });
    const second = await storeSubmission(new Date("2026-03-01T10:00:00Z"), { email: "ada@example.com" });
    await storeSubmission(new Date("2026-02-01T10:00:00Z"), { email: "grace@example.com" });
    await storeSubmission(new Date("2026-02-01T10:00:00Z"), { email: "ada@example.com.evil.example" });
    expect((await submissionsFrom(db, " ADA@example.COM ")).map((row) => row.id)).toEqual([first, second]);
  });

  it("export every column under its database name, times in ISO 8601", async () => {
    const id = await storeSubmission(new Date("2026-01-05T10:00:00Z"), {
      email: "ada@example.com",
      organization: "Analytical Engines",
      message: "Line one\nLine two",
    });
    await markNotified(db, id, new Date("2026-01-05T10:00:02Z"));
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
      },
    ]);
  });

  it("erase the messages of one address, keeping their conflict record, and nothing else", async () => {
    const ada = await storeSubmission(new Date(), { email: "ada@example.com", parties: "Acme Gallery" });
    const grace = await storeSubmission(new Date(), { email: "grace@example.com" });
    const now = new Date("2026-11-22T12:00:00Z");
    expect(await eraseMessagesFrom(db, "ADA@example.com", now)).toEqual([ada]);
    const rows = await allSubmissions();
    expect(rows.find((row) => row.id === ada)).toMatchObject({
      message: "",
      messageErasedAt: now,
      name: "Ada Lovelace",
      parties: "Acme Gallery",
    });
    expect(rows.find((row) => row.id === grace)).toMatchObject({ message: "Hello.", messageErasedAt: null });
    // Already erased: nothing more to do.
    expect(await eraseMessagesFrom(db, "ada@example.com", now)).toEqual([]);
  });

  it("delete every submission of one address and nothing else", async () => {
    const ada = [
      await storeSubmission(new Date(), { email: "ada@example.com" }),
      await storeSubmission(new Date(), { email: "ADA@example.com" }),
    ];
    const grace = await storeSubmission(new Date(), { email: "grace@example.com" });
    expect((await deleteSubmissionsFrom(db, "Ada@example.com")).sort()).toEqual(ada.sort());
    expect((await allSubmissions()).map((row) => row.id)).toEqual([grace]);
    expect(await deleteSubmissionsFrom(db, "ada@example.com")).toEqual([]);
  });

  it("accept addresses by the contact form's rule", () => {
    expect(["ada@example.com", " ada+inquiries@example.co.uk "].every(isEmailAddress)).toBe(true);
    expect(["ada", "ada@", "@example.com", "ada @example.com", ""].some(isEmailAddress)).toBe(false);
  });
});
