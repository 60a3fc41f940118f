import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { letters, site } from "../content/index.ts";
import { activityPage } from "../db/activity.ts";
import { database } from "../db/client.ts";
import { findInboxSubmission } from "../db/inbox.ts";
import { eraseMessagesFrom } from "../db/privacy.ts";
import { fetchApp, makeLocalSigningKey, postForm } from "../test/admin.ts";
import { clearSubmissions, storeSubmission } from "../test/submissions.ts";
import type { Env } from "../env.ts";

/*
 * Intake as a law practice needs it (RPC 1.18): a conflict check of every name an inquiry gives, across
 * every inquiry ever received; its outcome recorded with who and when; declining in writing; and every
 * action in the activity log. Through the Worker's app, signed in by the local signer, with real D1.
 */

const BASE = "http://localhost:8787";
const db = database(env.DB);
let signedIn: Partial<Env>;

beforeAll(async () => {
  signedIn = { ADMIN_LOCAL_SIGNING_KEY: await makeLocalSigningKey() };
});

beforeEach(async () => {
  await clearSubmissions();
  await env.DB.exec("DELETE FROM admin_activity");
  vi.spyOn(console, "log").mockImplementation(() => {});
});

const page = async (path: string) => (await fetchApp(`${BASE}${path}`, {}, signedIn)).text();
const post = (path: string, fields: Record<string, string> = {}) => postForm(`${BASE}${path}`, fields, signedIn);
const activity = async () =>
  (await activityPage(db)).entries.map(({ action, submissionId, detail, actor }) => ({ action, submissionId, detail, actor }));

describe("a conflict check", () => {
  it("finds a name however it was typed, in every inquiry, with where it matched and the intake state", async () => {
    const zoe = await storeSubmission(new Date("2026-01-10T10:00:00Z"), { name: "Zoë Ōtani", email: "zoe@studio-north.com" });
    const acme = await storeSubmission(new Date("2026-02-10T10:00:00Z"), { name: "Ben Ortiz", parties: "ACME, Inc.\nZoe Otani" });
    await storeSubmission(new Date("2026-03-10T10:00:00Z"), { name: "Zoey Otanic" });
    const html = await (await post("/admin/conflicts", { q: "zoe otani" })).text();
    expect(html).toContain("2 inquiries match “zoe otani”");
    expect(html).toContain(`href="/admin/submissions/${zoe}"`);
    expect(html).toContain(`href="/admin/submissions/${acme}"`);
    expect(html).not.toContain("Zoey Otanic");
    expect(html).toContain("Matched the sender&#x27;s name.");
    expect(html).toContain("Matched another party.");
    expect(html).toContain(">New</span>");

    expect(await (await post("/admin/conflicts", { q: "Acme Corp." })).text()).toContain("1 inquiry matches “Acme Corp.”");
    expect(await (await post("/admin/conflicts", { q: "Ann" })).text()).toContain("No inquiry matches “Ann”");
  });

  it("still finds an inquiry whose message retention erased", async () => {
    const id = await storeSubmission(new Date("2024-01-10T10:00:00Z"), { name: "Ada Lovelace", email: "ada@example.com" });
    await eraseMessagesFrom(db, "ada@example.com", new Date());
    const html = await (await post("/admin/conflicts", { q: "lovelace" })).text();
    expect(html).toContain(`href="/admin/submissions/${id}"`);
    expect(html).toContain("Message erased; conflict record kept.");
  });

  it("records each search (who, what, how many matches), and shows the recent ones without a name in any address", async () => {
    await storeSubmission(new Date(), { name: "Grace Hopper" });
    await post("/admin/conflicts", { q: "Grace Hopper" });
    expect(await activity()).toEqual([
      { action: "conflict-search", submissionId: null, detail: '"Grace Hopper": 1 match', actor: "developer@localhost" },
    ]);
    const form = await page("/admin/conflicts");
    expect(form).toContain("&quot;Grace Hopper&quot;: 1 match");
    expect(form).toMatch(/<form [^>]*action="\/admin\/conflicts" method="post"/);
  });

  it("asks again when there is nothing to search for", async () => {
    const response = await post("/admin/conflicts", { q: "Inc." });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("a company suffix alone matches nothing");
    expect(await activity()).toEqual([]);
  });
});

describe("the intake state", () => {
  it("records each step with who and when, and the activity log keeps it", async () => {
    const id = await storeSubmission();
    expect((await findInboxSubmission(db, id, new Date()))?.intakeState).toBe("new");
    const cleared = await post(`/admin/submissions/${id}/intake`, { state: "cleared" });
    expect(cleared.status).toBe(303);
    expect(await findInboxSubmission(db, id, new Date())).toMatchObject({ intakeState: "cleared", intakeChangedBy: "developer@localhost" });
    await post(`/admin/submissions/${id}/intake`, { state: "engaged" });
    const html = await page(`/admin/submissions/${id}`);
    expect(html).toContain(">Engaged</span>");
    expect(html).toContain("by developer@localhost.");
    expect((await page("/admin?intake=engaged")).includes(`/admin/submissions/${id}`)).toBe(true);
    expect((await page("/admin?intake=new")).includes(`/admin/submissions/${id}`)).toBe(false);
    expect((await activity()).reverse()).toEqual([
      { action: "intake", submissionId: id, detail: "New → Conflict cleared", actor: "developer@localhost" },
      { action: "intake", submissionId: id, detail: "Conflict cleared → Engaged", actor: "developer@localhost" },
      { action: "viewed", submissionId: id, detail: null, actor: "developer@localhost" },
    ]);
  });

  it("needs a note for a possible conflict, and refuses a step that does not follow", async () => {
    const id = await storeSubmission();
    const without = await post(`/admin/submissions/${id}/intake`, { state: "conflict", note: "  " });
    expect(
      await (
        await fetchApp(`${BASE}${without.headers.get("location")}`, { headers: { cookie: without.headers.get("set-cookie")! } }, signedIn)
      ).text(),
    ).toContain("a possible conflict needs a note");
    await post(`/admin/submissions/${id}/intake`, { state: "conflict", note: "Represented Acme against this gallery in 2024." });
    expect(await findInboxSubmission(db, id, new Date())).toMatchObject({
      intakeState: "conflict",
      intakeNote: "Represented Acme against this gallery in 2024.",
    });
    // A possible conflict cannot become an engagement without being cleared first.
    await post(`/admin/submissions/${id}/intake`, { state: "engaged" });
    expect((await findInboxSubmission(db, id, new Date()))?.intakeState).toBe("conflict");
    expect((await post(`/admin/submissions/${id}/intake`, { state: "new" })).status).toBe(303);
    expect((await findInboxSubmission(db, id, new Date()))?.intakeState).toBe("conflict");
    expect((await post(`/admin/submissions/${id}/intake`, { state: "maybe" })).status).toBe(400);
    expect((await post(`/admin/submissions/${crypto.randomUUID()}/intake`, { state: "cleared" })).status).toBe(404);
  });
});

describe("declining", () => {
  it("marks the inquiry declined and opens the non-engagement letter, addressed and filled in", async () => {
    const id = await storeSubmission(new Date(), { name: "Zoë Ōtani", email: "zoe+art@example.com" });
    const declined = await post(`/admin/submissions/${id}/decline`);
    expect(declined.status).toBe(303);
    expect((await findInboxSubmission(db, id, new Date()))?.intakeState).toBe("declined");
    const html = await page(`/admin/submissions/${id}`);
    const href = /href="(mailto:[^"]+)"[^>]*>Open the non-engagement letter</.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(href).toBeDefined();
    const letter = new URL(href!);
    expect(decodeURIComponent(letter.pathname)).toBe("zoe+art@example.com");
    const subject = letter.searchParams.get("subject");
    const body = letter.searchParams.get("body")!;
    expect(subject).toBe(letters.nonEngagement.subject);
    expect(body).toContain("Dear Zoë Ōtani,");
    expect(body).toContain(new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Los_Angeles" }).format(new Date()));
    expect(body).toContain(site.practiceName);
    expect(body).not.toContain("{{");
    expect(body).toContain("\r\n\r\n");
    expect(await activity()).toContainEqual({
      action: "declined",
      submissionId: id,
      detail: "New → Declined",
      actor: "developer@localhost",
    });
  });
});

describe("the activity log", () => {
  it("lists every action newest first, paged by an entry's number", async () => {
    const id = await storeSubmission();
    for (let i = 0; i < 52; i++) await page(`/admin/submissions/${id}`);
    const first = await page("/admin/activity");
    expect(first.match(/>Viewed an inquiry</g)).toHaveLength(50);
    const older = /href="(\/admin\/activity\?before=\d+)"/.exec(first)?.[1];
    expect(older).toBeDefined();
    expect((await page(older!)).match(/>Viewed an inquiry</g)).toHaveLength(2);
  });
});

describe("addresses the inbox writes", () => {
  it("never name a visitor: every /admin link and form holds no name, address or search", async () => {
    const visitor = { name: "Zoë Ōtani", email: "zoe@studio-north.com", organization: "Studio North", parties: "Acme Gallery" };
    const id = await storeSubmission(new Date(), visitor);
    await post(`/admin/submissions/${id}/intake`, { state: "cleared" });
    const pages = [
      await page("/admin"),
      await (await post("/admin", { q: "Zoë" })).text(),
      await page(`/admin/submissions/${id}`),
      await (await post("/admin/conflicts", { q: "Acme Gallery" })).text(),
      await page("/admin/conflicts"),
      await (await post("/admin/privacy", { email: visitor.email })).text(),
      await (await post("/admin/privacy/delete", { email: visitor.email })).text(),
      await page("/admin/activity"),
    ];
    const addresses = pages.flatMap((html) => [...html.matchAll(/(?:href|action)="([^"]*)"/g)].map((match) => match[1]!));
    const inbox = addresses.filter((address) => address.startsWith("/admin") || address.startsWith(BASE));
    expect(inbox.length).toBeGreaterThan(10);
    for (const address of inbox) {
      const decoded = decodeURIComponent(address.replaceAll("&amp;", "&")).toLowerCase();
      for (const personal of ["zoë", "zoe", "otani", "ōtani", "studio", "acme", "@"]) expect(decoded, address).not.toContain(personal);
    }
  });
});
