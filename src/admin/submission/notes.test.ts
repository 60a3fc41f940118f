import { env } from "cloudflare:workers";
import PostalMime from "postal-mime";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { activityPage } from "../../db/activity.ts";
import { database } from "../../db/client.ts";
import { dayAfter, seattleDay } from "../../db/days.ts";
import { findInboxSubmission } from "../../db/inbox.ts";
import { notesOf } from "../../db/notes.ts";
import { exportSubmissionsFrom } from "../../db/privacy.ts";
import { buildNotificationEmail } from "../../queue/email.ts";
import { inboxSuite } from "../../test/inbox.ts";
import { allSubmissions, storeSubmission } from "../../test/submissions.ts";

/*
 * What the practice keeps for itself about an inquiry: private notes, appended with who and when, and a
 * follow-up day the inbox can filter by. Through the Worker's app, signed in by the local signer, real D1.
 */

const db = database(env.DB);
const inbox = inboxSuite();
let logged: string[];

beforeEach(() => {
  logged = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void logged.push(args.join(" ")));
});

const page = (path: string, headers?: Record<string, string>) => inbox.page(path, headers);
const post = (path: string, fields?: Record<string, string>) => inbox.post(path, fields);
const shownAfter = (response: Response) => inbox.shownAfter(response);
const addNote = (id: string, text: string, token: string = crypto.randomUUID()) => post(`/admin/submissions/${id}/notes`, { text, token });

describe("notes on an inquiry", () => {
  const words = "She mentioned the gallery owes her $12,000; call Tuesday.";

  it("are appended with who wrote each and when, and shown on the inquiry's page, oldest first", async () => {
    const id = await storeSubmission();
    const first = await addNote(id, "First call: a licensing question.");
    expect(first.headers.get("location")).toBe(`/admin/submissions/${id}#notes`);
    expect(await shownAfter(first)).toContain("The note was added.");
    await addNote(id, words);
    const html = await page(`/admin/submissions/${id}`);
    expect(html.indexOf("First call: a licensing question.")).toBeLessThan(html.indexOf(words));
    expect(html).toContain("developer@localhost, <time");
    expect((await notesOf(db, id)).map((note) => ({ author: note.author, text: note.text }))).toEqual([
      { author: "developer@localhost", text: "First call: a licensing question." },
      { author: "developer@localhost", text: words },
    ]);
    // Nothing offers to change or remove one.
    expect(html).not.toMatch(/action="[^"]*notes\/\d+/);
  });

  it("are added once for one form, however often it is sent, and never empty", async () => {
    const id = await storeSubmission();
    const token = crypto.randomUUID();
    await addNote(id, "Called back.", token);
    expect(await shownAfter(await addNote(id, "Called back.", token))).toContain("That note was already added.");
    expect(await shownAfter(await addNote(id, "   "))).toContain("the note was empty");
    expect(await notesOf(db, id)).toHaveLength(1);
    expect((await post(`/admin/submissions/${crypto.randomUUID()}/notes`, { text: "x" })).status).toBe(404);
  });

  it("are in the activity log as added, with no words, and never in a log line or the notification e-mail", async () => {
    const id = await storeSubmission();
    await addNote(id, words);
    const [entry] = (await activityPage(db)).entries;
    expect(entry).toMatchObject({ action: "note", submissionId: id, detail: null, actor: "developer@localhost" });
    expect(logged).toEqual([`Inbox: developer@localhost note ${id}`]);
    const [row] = await allSubmissions();
    const mail = await PostalMime.parse(buildNotificationEmail(row!, { from: "site@example.com", to: "inbox@example.com" }));
    expect(`${mail.text}${mail.html}`).not.toContain("owes her");
  });

  it("are exported with the inquiry, and deleted with it", async () => {
    const id = await storeSubmission(new Date(), { email: "ada@example.com" });
    await addNote(id, words);
    const exported = await exportSubmissionsFrom(db, "ada@example.com", new Date());
    expect(exported.submissions[0]).toMatchObject({ notes: [expect.objectContaining({ author: "developer@localhost", text: words })] });
    await post("/admin/privacy/delete", { email: "ada@example.com", confirm: "1", mode: "all", reason: "asked" });
    expect(await notesOf(db, id)).toEqual([]);
  });
});

describe("a follow-up day", () => {
  it("is set, shown, filtered by when due, changed and cleared, each change logged", async () => {
    const id = await storeSubmission(new Date(), { name: "Ada Lovelace" });
    const other = await storeSubmission(new Date(), { name: "Grace Hopper" });
    const today = seattleDay(new Date());
    const set = await post(`/admin/submissions/${id}/follow-up`, { day: dayAfter(today, 3) });
    expect(await shownAfter(set)).toContain("The follow-up day was set.");
    expect((await findInboxSubmission(db, id, new Date()))?.followUpOn).toBe(dayAfter(today, 3));
    expect(await page(`/admin/submissions/${id}`)).toContain("Follow up ");
    // Not due yet: listed among those with a day, not among those due.
    expect(await page("/admin?followup=any")).toContain(`/admin/submissions/${id}`);
    expect(await page("/admin?followup=due")).not.toContain(`/admin/submissions/${id}`);

    await post(`/admin/submissions/${id}/follow-up`, { day: today });
    const due = await page("/admin?followup=due");
    expect(due).toContain(`/admin/submissions/${id}`);
    expect(due).not.toContain(`/admin/submissions/${other}`);
    expect(due).toContain("Follow-up due ");
    expect(await page("/admin")).toMatch(/Follow-ups due\s*<span[^>]*>1<\/span>/);

    expect(await shownAfter(await post(`/admin/submissions/${id}/follow-up`, { clear: "1" }))).toContain("The follow-up was cleared.");
    expect((await findInboxSubmission(db, id, new Date()))?.followUpOn).toBeNull();
    expect(await shownAfter(await post(`/admin/submissions/${id}/follow-up`, { day: "2026-02-30" }))).toContain("choose a day");

    const details = (await activityPage(db)).entries.filter((entry) => entry.action === "follow-up").map((entry) => entry.detail);
    expect(details).toHaveLength(3);
    expect(details[0]).toBe("Cleared");
  });
});
