import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { REDACTED_SEARCH, activityPage, recordActivity } from "../../db/activity.ts";
import { database } from "../../db/client.ts";
import { ADDRESS_PAGE_SIZE } from "../../db/privacy.ts";
import { decodeEntities } from "../../test/html.ts";
import { inboxSuite } from "../../test/inbox.ts";
import { storeSubmission, storeSubmissions } from "../../test/submissions.ts";

/*
 * The activity log as a history of each inquiry, and what a privacy request leaves in it. Through the
 * Worker's app, signed in by the local signer (and, for a second person, by another key), real D1.
 */

const db = database(env.DB);
const inbox = inboxSuite();

const page = (path: string, headers?: Record<string, string>) => inbox.page(path, headers);
const post = (path: string, fields?: Record<string, string>) => inbox.post(path, fields);
/** The rows of the log's table, as text. */
const rowsOf = (html: string) => Array.from(html.matchAll(/<tr class[^>]*>([\s\S]*?)<\/tr>/g), (match) => match[1]!);

describe("the activity log", () => {
  it("names the inquiry each change concerns, linked, and says so once its data is deleted", async () => {
    const ada = await storeSubmission(new Date(), { name: "Ada Lovelace", email: "ada@example.com" });
    const grace = await storeSubmission(new Date(), { name: "Grace Hopper", email: "grace@example.com" });
    await post(`/admin/submissions/${ada}/check`, { token: crypto.randomUUID() });
    await post(`/admin/submissions/${ada}/intake`, { state: "cleared", from: "new" });
    await post(`/admin/submissions/${grace}/notes`, { text: "A note.", token: crypto.randomUUID() });
    await post("/admin/privacy/delete", { email: "grace@example.com", confirm: "1", mode: "all", reason: "She asked." });

    const rows = rowsOf(await page("/admin/activity"));
    const about = (label: string) => rows.find((row) => row.includes(`>${label}<`))!;
    expect(about("Checked all names for conflicts")).toContain(`<a href="/admin/submissions/${ada}"`);
    expect(about("Checked all names for conflicts")).toContain(">Ada Lovelace</a>");
    expect(about("Changed the intake state")).toContain(">Ada Lovelace</a>");
    expect(about("Changed the intake state")).toContain("New → Conflict cleared");
    // Grace's data is gone: her entries say so, without her name or a link.
    expect(about("Added a note")).toContain("An inquiry deleted since");
    expect(about("Added a note")).not.toContain("Grace");
    expect(about("Added a note")).not.toContain(`/admin/submissions/${grace}`);
    expect(about("Deleted an address's inquiries")).toContain("She asked.");
  });

  it("shows page views apart from changes", async () => {
    const id = await storeSubmission(new Date(), { name: "Ada Lovelace" });
    await page(`/admin/submissions/${id}`);
    await post("/admin/privacy", { email: "ada@example.com" });
    await post(`/admin/submissions/${id}/intake`, { state: "closed", from: "new" });
    const changes = rowsOf(await page("/admin/activity"));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toContain(">Changed the intake state<");
    const views = rowsOf(await page("/admin/activity?views=1"));
    expect(views.map((row) => />(Viewed an inquiry|Looked up an address)</.exec(row)?.[1])).toEqual([
      "Looked up an address",
      "Viewed an inquiry",
    ]);
  });

  it("filters by action and by person, the filter kept from page to page", async () => {
    const id = await storeSubmission();
    await post(`/admin/submissions/${id}/follow-up`, { day: "2030-01-02" });
    await post(`/admin/submissions/${id}/notes`, { text: "A note.", token: crypto.randomUUID() });
    // Another person of the practice (the log names whoever signed in).
    await recordActivity(db, { actor: "partner@example.com", action: "note", submissionId: id }, new Date());
    const notes = rowsOf(await page("/admin/activity?action=note"));
    expect(notes).toHaveLength(2);
    const partner = rowsOf(await page("/admin/activity?by=partner%40example.com"));
    expect(partner).toHaveLength(1);
    expect(partner[0]!.replace(/<[^>]+>/g, "")).toContain("partner@example.com");
    const html = await page("/admin/activity");
    expect(html).toMatch(/<option value="partner@example.com">partner@example.com<\/option>/);
    // Someone the log does not know is no filter at all.
    expect(rowsOf(await page("/admin/activity?by=nobody%40example.com"))).toHaveLength(3);

    for (let i = 0; i < 55; i++) await post(`/admin/submissions/${id}/notes`, { text: `Note ${i}`, token: crypto.randomUUID() });
    const first = await page("/admin/activity?action=note");
    expect(rowsOf(first)).toHaveLength(50);
    const older = /href="(\/admin\/activity\?action=note&before=\d+)"/.exec(first)?.[1];
    expect(older).toBeDefined();
    expect(rowsOf(await page(older!))).toHaveLength(7);
  });
});

describe("a privacy request", () => {
  it("lists an address's inquiries a page at a time, with how many there are in all", async () => {
    await storeSubmissions(
      Array.from({ length: ADDRESS_PAGE_SIZE + 3 }, (_, i) => ({
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        overrides: { name: `Ada ${i}`, email: "ada@example.com" },
      })),
    );
    const first = decodeEntities(await (await post("/admin/privacy", { email: "ada@example.com" })).text());
    expect(first).toContain(`${ADDRESS_PAGE_SIZE + 3} inquiries from ada@example.com`);
    expect(first.match(/href="\/admin\/submissions\//g)).toHaveLength(ADDRESS_PAGE_SIZE);
    expect(first).toContain(`Delete ${ADDRESS_PAGE_SIZE + 3} inquiries…`);
    const after = /name="after" value="([^"]+)"/.exec(first)?.[1];
    const next = decodeEntities(await (await post("/admin/privacy", { email: "ada@example.com", after: after! })).text());
    expect(next.match(/href="\/admin\/submissions\//g)).toHaveLength(3);
    expect(next).toContain(">Ada 52<");
    // Logged once, for the look-up, not per page.
    expect((await activityPage(db, { filter: { views: true } })).entries).toHaveLength(1);

    const confirm = decodeEntities(await (await post("/admin/privacy/delete", { email: "ada@example.com" })).text());
    expect(confirm).toContain(`name="confirm" value="${ADDRESS_PAGE_SIZE + 3}"`);
    expect(confirm).toContain("and 3 more.");
  });

  it("deleting everything also takes the person's name out of the conflict searches, keeping their counts, and says so", async () => {
    await storeSubmission(new Date(), { name: "Zoë Ōtani", email: "zoe@studio-north.com" });
    await storeSubmission(new Date(), { name: "Grace Hopper", email: "grace@example.com" });
    await post("/admin/conflicts", { q: "zoe otani" });
    await post("/admin/conflicts", { q: "Grace Hopper" });
    const done = await post("/admin/privacy/delete", { email: "zoe@studio-north.com", confirm: "1", mode: "all", reason: "She asked." });
    const cookie = /^[^;]+/.exec(done.headers.get("set-cookie") ?? "")?.[0] ?? "";
    const notice = await page("/admin/privacy", { cookie });
    expect(notice).toContain("Deleted 1 inquiry.");
    expect(notice).toContain("The person's name was also removed from 1 conflict search in the activity log");
    const log = await page("/admin/activity");
    expect(log).not.toContain("zoe otani");
    expect(log).toContain(`${REDACTED_SEARCH}: 1 match`);
    expect(log).toContain('"Grace Hopper": 1 match');
    expect((await page("/admin/conflicts")).toLowerCase()).not.toContain("zoe");
  });
});
