import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fieldSpecs } from "../../contact/fields.ts";
import { site } from "../../content/index.ts";
import { activityPage } from "../../db/activity.ts";
import { database } from "../../db/client.ts";
import { eraseMessagesFrom } from "../../db/privacy.ts";
import { markNotified } from "../../db/submissions.ts";
import { decodeEntities } from "../../test/html.ts";
import { inboxSuite } from "../../test/inbox.ts";
import { visibleText } from "../../test/visible-text.ts";
import { storeSubmission, storeSubmissions } from "../../test/submissions.ts";
import { seattleTime } from "../shared/format.ts";

/*
 * A privacy request's exports, through the Worker's app signed in by the local signer, real D1: the person's
 * copy (JSON, and a page to print) leaves out the practice's notes, conflict checks and decisions, saying how
 * many; the full record, for the practice's files, keeps them.
 */

const db = database(env.DB);
const inbox = inboxSuite();
const post = (path: string, fields?: Record<string, string>) => inbox.post(path, fields);

const MESSAGE = "I painted a mural for a brewery and they put it on their cans.";
const NOTE = "Called her: the brewery's owner is Theo Marsh, whom we advise.";
const CONFLICT_NOTE = "Marsh Brewing is a client of the practice (since 2024).";

/** Ada's inquiry as the practice left it: delivered, a private note, checked, a possible conflict with its note, a follow-up day. */
async function workedInquiry() {
  const receivedAt = new Date("2026-03-04T18:30:00Z");
  const id = await storeSubmission(receivedAt, { email: "ada@example.com", message: MESSAGE, parties: "Marsh Brewing" });
  await markNotified(db, id, new Date("2026-03-04T18:30:05Z"));
  await post(`/admin/submissions/${id}/notes`, { text: NOTE, token: crypto.randomUUID() });
  await post(`/admin/submissions/${id}/check`, { token: crypto.randomUUID() });
  await post(`/admin/submissions/${id}/intake`, { state: "conflict", from: "new", note: CONFLICT_NOTE });
  await post(`/admin/submissions/${id}/follow-up`, { day: "2030-01-02" });
  // Someone else's inquiry and note, which nothing of Ada's may count or hold.
  const grace = await storeSubmission(new Date(), { name: "Grace Hopper", email: "grace@example.com" });
  await post(`/admin/submissions/${grace}/notes`, { text: "Grace's note.", token: crypto.randomUUID() });
  return { id, receivedAt };
}

describe("the person's copy", () => {
  it("holds what they sent and how it was delivered, none of the practice's notes or conflict records, and counts them", async () => {
    const { id } = await workedInquiry();
    const response = await post("/admin/privacy/export", { email: "ADA@example.com" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="inquiries-ada-example\.com-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    expect(text).not.toContain(NOTE);
    expect(text).not.toContain(CONFLICT_NOTE);
    const copy = JSON.parse(text) as { practice: string; withheld: unknown; submissions: Record<string, unknown>[] };
    expect(copy.practice).toBe(site.practiceName);
    expect(copy.withheld).toEqual({ privateNotes: 1, conflictChecks: 1, intakeDecisions: 1, followUpReminders: 1 });
    expect(copy.submissions).toHaveLength(1);
    const [inquiry] = copy.submissions;
    expect(inquiry).toMatchObject({
      id,
      message: MESSAGE,
      parties: "Marsh Brewing",
      receivedAt: "2026-03-04T18:30:00.000Z",
      notification: { status: "sent", sentAt: "2026-03-04T18:30:05.000Z" },
    });
    for (const field of fieldSpecs) expect(inquiry, field.name).toHaveProperty(field.name);
    // Where it stands with the practice (a possible conflict) is a conflict check's result: not in it either.
    expect(Object.values(inquiry!)).not.toContain("conflict");
  });

  it("is a page to print in the practice's voice: the message, Seattle times, what it leaves out counted, no note", async () => {
    const { receivedAt } = await workedInquiry();
    const response = await post("/admin/privacy/export/document", { email: "ada@example.com" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self'(;|$)/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const shown = visibleText(html);
    expect(shown).toContain(MESSAGE);
    expect(shown).toContain(site.practiceName);
    expect(shown).toContain(seattleTime(receivedAt));
    expect(shown).toContain("Withheld: 1 private note, 1 conflict check, 1 intake decision, 1 follow-up reminder.");
    expect(shown).not.toContain(NOTE);
    expect(shown).not.toContain(CONFLICT_NOTE);
    expect(shown).not.toContain("Grace");
  });

  it("says nothing was withheld when the practice holds nothing of its own about the inquiries", async () => {
    await storeSubmission(new Date(), { email: "ada@example.com" });
    const copy = (await (await post("/admin/privacy/export", { email: "ada@example.com" })).json()) as { withheld: unknown };
    expect(copy.withheld).toEqual({ privateNotes: 0, conflictChecks: 0, intakeDecisions: 0, followUpReminders: 0 });
    const shown = visibleText(await (await post("/admin/privacy/export/document", { email: "ada@example.com" })).text());
    expect(shown).toContain("Withheld: nothing.");
  });

  it("says when a message was erased rather than show it empty", async () => {
    await storeSubmission(new Date(), { email: "ada@example.com", message: MESSAGE, heard: "A friend" });
    const erasedAt = new Date("2026-06-01T16:00:00Z");
    await eraseMessagesFrom(db, "ada@example.com", erasedAt);
    const copy = (await (await post("/admin/privacy/export", { email: "ada@example.com" })).json()) as { submissions: unknown[] };
    expect(copy.submissions).toEqual([expect.objectContaining({ message: "", heard: null, messageErasedAt: erasedAt.toISOString() })]);
    const shown = visibleText(await (await post("/admin/privacy/export/document", { email: "ada@example.com" })).text());
    expect(shown).toContain(`Its message was erased on ${seattleTime(erasedAt)}`);
    expect(shown).not.toContain(MESSAGE);
    expect(shown).not.toContain("A friend");
  });

  it("holds every inquiry of the address, however many pages of them there are, as JSON and as a page", async () => {
    const ids = await storeSubmissions(
      Array.from({ length: 95 }, (_, i) => ({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)), overrides: { message: `Message ${i}` } })),
    );
    const copy = (await (await post("/admin/privacy/export", { email: "ada@example.com" })).json()) as { submissions: { id: string }[] };
    expect(copy.submissions.map((inquiry) => inquiry.id)).toEqual(ids);
    const html = await (await post("/admin/privacy/export/document", { email: "ada@example.com" })).text();
    // The inquiries' list alone: engagement letters kept from other tests' inquiries may follow it.
    const inquiries = html.slice(
      html.indexOf('id="inquiries-heading"'),
      html.indexOf("</section>", html.indexOf('id="inquiries-heading"')),
    );
    expect(inquiries.match(/<li /g)).toHaveLength(95);
    expect(html.indexOf("Message 0<")).toBeLessThan(html.indexOf("Message 94<"));
    expect(html).toMatch(/<\/ol>[\s\S]*<\/html>$/);
  });
});

describe("the full record", () => {
  it("still holds the private notes and the conflict note, under its own name, for the practice's files", async () => {
    const { id } = await workedInquiry();
    const response = await post("/admin/privacy/export/full", { email: "ada@example.com" });
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="full-record-ada-example\.com-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const record = (await response.json()) as { submissions: Record<string, unknown>[] };
    expect(record.submissions).toEqual([
      expect.objectContaining({ id, message: MESSAGE, intake_note: CONFLICT_NOTE, notes: [expect.objectContaining({ text: NOTE })] }),
    ]);
  });
});

describe("every export", () => {
  it("is in the activity log with which it was, never the address; a GET exports nothing", async () => {
    await storeSubmission(new Date(), { email: "ada@example.com" });
    for (const path of ["/admin/privacy/export", "/admin/privacy/export/document", "/admin/privacy/export/full"]) {
      expect((await inbox.get(`${path}?email=ada%40example.com`)).status, path).toBe(404);
    }
    expect((await activityPage(db)).entries).toEqual([]);
    await post("/admin/privacy/export", { email: "ada@example.com" });
    await post("/admin/privacy/export/document", { email: "ada@example.com" });
    await post("/admin/privacy/export/full", { email: "ada@example.com" });
    const details = (await activityPage(db)).entries.map((entry) => [entry.action, entry.detail]);
    expect(details).toEqual([
      ["exported", "1 inquiry: the full record, with notes, for the practice's files"],
      ["exported", "1 inquiry: the person's copy (a page to print)"],
      ["exported", "1 inquiry: the person's copy (JSON)"],
    ]);
    expect(JSON.stringify(details)).not.toContain("ada@example.com");
  });

  it("refuses an address that is not one with the page again and the error, exporting nothing", async () => {
    for (const path of ["/admin/privacy/export", "/admin/privacy/export/document", "/admin/privacy/export/full"]) {
      const refused = await post(path, { email: "ada at example.com" });
      expect(refused.status, path).toBe(422);
      const html = decodeEntities(await refused.text());
      expect(html, path).toContain("Enter an e-mail address");
      expect(html, path).toContain('value="ada at example.com"');
    }
    expect((await activityPage(db)).entries).toEqual([]);
  });
});
