import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../../db/client.ts";
import { LEASE_MS } from "../../db/delivery.ts";
import { findInboxSubmission } from "../../db/inbox.ts";
import { contactSubmissions } from "../../db/schema.ts";
import { markNotificationFailed, markNotified } from "../../db/submissions.ts";
import { fetchApp, makeLocalSigningKey, postForm } from "../../test/admin.ts";
import { allSubmissions, clearSubmissions, storeSubmission, storeSubmissions } from "../../test/submissions.ts";
import type { Env } from "../../env.ts";
import { replySubject } from "../shared/mail-links.ts";
import { activityPage } from "../../db/activity.ts";
import { bookWithOffer, createOffer } from "../../db/bookings.ts";

/*
 * The inbox's pages and actions through the Worker's app, signed in by the local signer on localhost, with
 * real D1. Queue sends are recorded (or made to fail) by a stand-in queue binding.
 */

const BASE = "http://localhost:8787";
const db = database(env.DB);
let signedIn: Partial<Env>;

beforeAll(async () => {
  signedIn = { ADMIN_LOCAL_SIGNING_KEY: await makeLocalSigningKey() };
});

let logged: string[];
beforeEach(async () => {
  await clearSubmissions();
  logged = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void logged.push(args.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.join(" ")));
});

const page = async (path: string, overrides: Partial<Env> = {}, headers: Record<string, string> = {}) => {
  const response = await fetchApp(`${BASE}${path}`, { headers }, { ...signedIn, ...overrides });
  return { status: response.status, headers: response.headers, html: await response.text() };
};
const post = (path: string, fields: Record<string, string> = {}, overrides: Partial<Env> = {}, headers: Record<string, string> = {}) =>
  postForm(`${BASE}${path}`, fields, { ...signedIn, ...overrides }, headers);

/** The redirect an action answers with, and the page it leads to as the browser then shows it (with the cookie it set). */
async function followed(response: Response) {
  const location = response.headers.get("location") ?? "";
  const cookie = /^[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0] ?? "";
  return { location, shown: await page(location, {}, { cookie }) };
}

function recordingQueue(fails = false) {
  const sent: unknown[] = [];
  const queue = {
    send: async (body: unknown) => {
      if (fails) throw new Error("queue unavailable");
      sent.push(body);
    },
  } as unknown as Env["CONTACT_QUEUE"];
  return { queue, sent };
}

async function failedSubmission(overrides: Parameters<typeof storeSubmission>[1] = {}) {
  const id = await storeSubmission(new Date(Date.now() - 60 * 60_000), overrides);
  await markNotificationFailed(db, id, "E-mail not delivered after every retry");
  return id;
}

describe("every inbox page", () => {
  it("is private: no-store, noindex, the site's CSP, and not one script", async () => {
    const id = await storeSubmission();
    for (const path of [
      "/admin",
      `/admin/submissions/${id}`,
      "/admin/privacy",
      "/admin/conflicts",
      "/admin/activity",
      "/admin/nothing-here",
    ]) {
      const { headers, html } = await page(path);
      expect(headers.get("cache-control"), path).toBe("no-store");
      expect(headers.get("x-robots-tag"), path).toBe("noindex");
      expect(headers.get("referrer-policy"), path).toBe("no-referrer");
      expect(html, path).toContain('href="/cdn-cgi/access/logout"');
      // The browser editor of the site is one link away from every inbox page.
      expect(html, path).toMatch(/<a href="\/admin\/content\/"[^>]*>Edit the site<\/a>/);
      expect(headers.get("content-security-policy"), path).toMatch(/script-src 'self'(;|$)/);
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
      expect(html, path).not.toMatch(/<script/i);
      expect(html, path).toMatch(/<link rel="stylesheet" href="[^"]+"/);
    }
  });

  it("shows how many notifications failed, only while some have", async () => {
    await storeSubmission();
    for (const path of ["/admin", "/admin/privacy"]) expect((await page(path)).html, path).not.toContain("Failed notifications");
    await failedSubmission();
    await failedSubmission();
    for (const path of ["/admin", "/admin/privacy"]) expect((await page(path)).html).toContain("Failed notifications: 2");
  });

  it("keeps its places in a menu that opens without JavaScript on narrow screens, the page's own marked", async () => {
    const { html } = await page("/admin/privacy");
    const menu = /<details[^>]*>\s*<summary[^>]*>Menu[\s\S]*?<\/details>/.exec(html)?.[0];
    expect(menu).toBeDefined();
    for (const place of ["Inquiries", "Conflict check", "Privacy requests", "Activity", "Edit the site", "Sign out"])
      expect(menu).toContain(`>${place}</a>`);
    expect(menu).toMatch(/<a href="\/admin\/privacy" aria-current="page"/);
  });

  it("answers unknown inbox addresses with the inbox's 404 page", async () => {
    for (const path of ["/admin/nothing-here", `/admin/submissions/${crypto.randomUUID()}`, "/admin/submissions/not-an-id"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain("Not found");
    }
  });

  it("answers a failure with the site's 500 page and logs its reference", async () => {
    const unavailable = {
      prepare: () => {
        throw new Error("D1 unavailable");
      },
    } as unknown as Env["DB"];
    const { status, headers, html } = await page("/admin", { DB: unavailable });
    expect(status).toBe(500);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(html).toContain("Something went wrong");
    const reference = /\b([0-9a-f]{8})\b/.exec(logged.find((line) => line.includes("D1 unavailable")) ?? "")?.[1];
    expect(reference, logged.join("\n")).toBeDefined();
    expect(html).toContain(reference);
  });

  it("is never in the sitemap", async () => {
    const sitemap = await (await fetchApp(`${BASE}/sitemap.xml`)).text();
    expect(sitemap).toContain("<urlset");
    expect(sitemap).not.toContain("/admin");
  });
});

describe("the list", () => {
  it("shows each inquiry newest first with its state, the visitor's words escaped", async () => {
    const older = await storeSubmission(new Date(Date.now() - 60_000), {
      name: "Grace Hopper",
      organization: "Navy Yard",
      message: "First line.\nSecond line.",
    });
    await markNotified(db, older, new Date());
    await storeSubmission(new Date(), { name: `<img src=x onerror=alert(1)> Mallory`, message: "<b>bold</b> request" });
    const { html } = await page("/admin");
    expect(html.indexOf("Mallory")).toBeLessThan(html.indexOf("Grace Hopper"));
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; Mallory");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt; request");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("First line.");
    expect(html).not.toContain("Second line.");
    expect(html).toContain("Navy Yard");
    // The notification is shown only until it is sent: no "Sent" on every row.
    const rows = html.split('<li class="grid');
    const grace = rows.find((row) => row.includes("Grace Hopper")) ?? "";
    const mallory = rows.find((row) => row.includes("Mallory")) ?? "";
    expect(grace).not.toContain(">Sent<");
    expect(mallory).toContain(">Queued</span>");
    // "New" waits on her, calmly: red is for failures.
    expect(/data-variant="([a-z]+)"[^>]*>New</.exec(mallory)?.[1]).not.toBe("destructive");
  });

  it("marks a failed notification in red on its row", async () => {
    await failedSubmission({ name: "Alan Turing" });
    const { html } = await page("/admin");
    expect(/data-variant="([a-z]+)"[^>]*>Failed</.exec(html)?.[1]).toBe("destructive");
  });

  it("filters by state and by a posted search, keeping the choices in the form", async () => {
    await failedSubmission({ name: "Ada Lovelace", email: "ada@example.com" });
    await storeSubmission(new Date(), { name: "Grace Hopper", email: "grace@example.com" });
    const failed = await page("/admin?state=failed");
    expect(failed.html).toContain("Ada Lovelace");
    expect(failed.html).not.toContain("Grace Hopper");
    expect(failed.html).toMatch(/<option value="failed" selected="">/);
    const search = await (await post("/admin", { q: "GRACE", state: "" })).text();
    expect(search).toContain("Grace Hopper");
    expect(search).not.toContain("Ada Lovelace");
    expect(search).toContain('value="GRACE"');
    expect(await (await post("/admin", { q: "nobody" })).text()).toContain("No inquiries match these filters.");
    // The filters alone lead to their plain link; a search in the address is not read.
    const filtersOnly = await post("/admin", { q: "", state: "failed", intake: "new" });
    expect(filtersOnly.status).toBe(303);
    expect(filtersOnly.headers.get("location")).toBe("/admin?state=failed&intake=new");
    expect((await page("/admin?q=GRACE")).html).toContain("Ada Lovelace");
  });

  it("pages a search with posted buttons, never a link that names the search", async () => {
    for (let i = 0; i < 27; i++) await storeSubmission(new Date(Date.now() - i * 1000), { name: `Visitor ${String(i).padStart(2, "0")}` });
    const first = await (await post("/admin", { q: "Visitor" })).text();
    expect(first).not.toContain("Visitor 25");
    expect(first).not.toMatch(/href="[^"]*q=/);
    const older = /<form action="\/admin" method="post">((?:(?!<\/form>).)*)>Older<\/button>/s.exec(first)?.[1] ?? "";
    const fields = Object.fromEntries([...older.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
    expect(fields).toMatchObject({ q: "Visitor", before: expect.any(String) });
    const second = await (await post("/admin", fields)).text();
    expect(second).toContain("Visitor 26");
  });

  it("pages with Older and Newer links, and ignores a cursor it cannot read", async () => {
    for (let i = 0; i < 27; i++) await storeSubmission(new Date(Date.now() - i * 1000), { name: `Visitor ${String(i).padStart(2, "0")}` });
    const first = await page("/admin");
    expect(first.html).toContain("Visitor 24");
    expect(first.html).not.toContain("Visitor 25");
    const older = /href="(\/admin\?before=[^"]+)"[^>]*>Older</.exec(first.html)?.[1];
    expect(older).toBeDefined();
    const second = await page(older!.replaceAll("&amp;", "&"));
    expect(second.html).toContain("Visitor 26");
    expect(second.html).not.toContain("Visitor 24");
    expect(second.html).toMatch(/>Newer</);
    expect((await page("/admin?before=garbage")).html).toContain("Visitor 00");
  });

  it("says so when there is nothing yet", async () => {
    expect((await page("/admin")).html).toContain("No inquiries yet.");
  });

  it("counts the inquiries at each intake state, each count a link to them", async () => {
    await storeSubmission();
    await storeSubmission();
    const closed = await storeSubmission();
    await post(`/admin/submissions/${closed}/intake`, { state: "closed", from: "new" });
    const { html } = await page("/admin?intake=closed");
    const counts = /<nav aria-label="Inquiries by state"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    const count = (label: string) => new RegExp(`>${label}<span[^>]*>(\\d+)</span>`).exec(counts)?.[1];
    expect(count("All")).toBe("3");
    expect(count("New")).toBe("2");
    expect(count("Closed")).toBe("1");
    // A view with nothing in it is left out.
    expect(count("Engaged")).toBeUndefined();
    expect(counts).toMatch(/<a href="\/admin\?intake=closed" aria-current="page"/);
    expect(html.match(/<li class="grid/g)).toHaveLength(1);
  });

  it("leaves out the views with nothing in them but the one shown, and on a phone folds them into one control", async () => {
    await storeSubmission();
    const { html } = await page("/admin?intake=engaged");
    const nav = /<nav aria-label="Inquiries by state"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    const hrefs = (part: string) => [...part.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]);
    const wide = /<ul[^>]*md:flex[^>]*>[\s\S]*?<\/ul>/.exec(nav)?.[0] ?? "";
    expect(hrefs(wide)).toEqual(["/admin?view=needs-me", "/admin", "/admin?intake=new", "/admin?intake=engaged"]);
    // The phone's one control: a disclosure (no script) naming the view shown, holding the same links.
    const folded = /<details[^>]*md:hidden[^>]*>([\s\S]*?)<\/details>/.exec(nav)?.[1] ?? "";
    expect(/<summary[^>]*>([\s\S]*?)<\/summary>/.exec(folded)?.[1]).toMatch(/Engaged \(0\)/);
    expect(hrefs(folded)).toEqual(hrefs(wide));
    expect(folded).toMatch(/<a href="\/admin\?intake=engaged" aria-current="page"/);
  });

  it("lists what needs her, oldest first: new, possible conflicts, follow-ups due, letters not marked sent", async () => {
    const hour = 60 * 60_000;
    const at = (hours: number) => new Date(Date.now() - hours * hour);
    const set = (id: string, state: string, followUpOn: string | null = null) =>
      env.DB.prepare("UPDATE contact_submissions SET intake_state = ?, follow_up_on = ? WHERE id = ?").bind(state, followUpOn, id).run();
    const fresh = await storeSubmission(at(1), { name: "New Newest" });
    const conflict = await storeSubmission(at(2), { name: "Possible Conflict" });
    const declining = await storeSubmission(at(3), { name: "Letter Unsent" });
    const due = await storeSubmission(at(4), { name: "Follow Due" });
    const closed = await storeSubmission(at(5), { name: "Closed Quiet" });
    const later = await storeSubmission(at(6), { name: "Engaged Later" });
    const oldest = await storeSubmission(at(7), { name: "New Oldest" });
    await set(conflict, "conflict");
    await set(declining, "declining");
    await set(due, "engaged", "2000-01-01");
    await set(closed, "closed");
    await set(later, "engaged", "2999-01-01");
    void fresh;
    // New with a follow-up due too: counted once.
    await set(oldest, "new", "2000-01-01");
    const { html } = await page("/admin?view=needs-me");
    const names = [...html.matchAll(/<h2[^>]*><a href="\/admin\/submissions\/[^"]+"[^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);
    expect(names).toEqual(["New Oldest", "Follow Due", "Letter Unsent", "Possible Conflict", "New Newest"]);
    // A view, not a search: the filters stay folded, so the list is what the page opens with.
    expect(html).toMatch(/<details class="group mt-4 rounded-lg border border-line">\s*<summary[^>]*><span>Search and filter<\/span>/);
    const nav = /<nav aria-label="Inquiries by state"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect(nav).toMatch(/<a href="\/admin\?view=needs-me" aria-current="page"[^>]*>Needs me<span[^>]*>5<\/span>/);
    // The plain list is unchanged: every inquiry, newest first.
    const all = (await page("/admin")).html;
    expect(all.indexOf("New Newest")).toBeLessThan(all.indexOf("New Oldest"));
    expect(all).toContain("Closed Quiet");
    // The search form keeps the view, and a search within it is posted.
    const searched = await (await post("/admin", { q: "New", view: "needs-me" })).text();
    expect(searched.indexOf("New Oldest")).toBeLessThan(searched.indexOf("New Newest"));
    expect(searched).not.toContain(">Follow Due<");
    expect(searched).toMatch(/<input id="filter-needs-me"[^>]*name="view"[^>]*checked=""/);
  });

  it("pages what needs her from the oldest, with Newer and Older links", async () => {
    await storeSubmissions(
      Array.from({ length: 27 }, (_, i) => ({
        createdAt: new Date(Date.now() - i * 1000),
        overrides: { name: `Visitor ${String(i).padStart(2, "0")}` },
      })),
    );
    const first = (await page("/admin?view=needs-me")).html;
    expect(first.indexOf("Visitor 26")).toBeLessThan(first.indexOf("Visitor 02"));
    expect(first).not.toContain("Visitor 01");
    expect(first).not.toMatch(/>Older</);
    const newer = /href="(\/admin\?view=needs-me&amp;after=[^"]+)"[^>]*>Newer</.exec(first)?.[1];
    expect(newer).toBeDefined();
    const second = (await page(newer!.replaceAll("&amp;", "&"))).html;
    expect(second.indexOf("Visitor 01")).toBeLessThan(second.indexOf("Visitor 00"));
    expect(second).not.toContain("Visitor 02");
    expect(second).toMatch(/>Oldest</);
    const older = /href="(\/admin\?view=needs-me&amp;before=[^"]+)"[^>]*>Older</.exec(second)?.[1];
    const back = (await page(older!.replaceAll("&amp;", "&"))).html;
    expect(back).toContain("Visitor 02");
    expect(back).toContain("Visitor 26");
    expect(back).not.toContain("Visitor 01");
  });

  it("filters by where inquiries came from: a page of the site, or another site", async () => {
    const fromArticle = await storeSubmission(new Date(), { name: "Ada Lovelace" });
    const fromSearch = await storeSubmission(new Date(), { name: "Grace Hopper" });
    const landedOnArticle = await storeSubmission(new Date(), { name: "Alan Turing" });
    const set = (id: string, source: string | null, landing: string | null, host: string | null) =>
      env.DB.prepare("UPDATE contact_submissions SET source_page = ?, landing_page = ?, referrer_host = ? WHERE id = ?")
        .bind(source, landing, host, id)
        .run();
    await set(fromArticle, "/blog/how-to-license-artwork", "/blog/how-to-license-artwork", null);
    await set(fromSearch, "/contact", "/", "www.google.com");
    await set(landedOnArticle, "/contact", "/blog/how-to-license-artwork", "news.example.org");
    const byPage = (await page("/admin?source=%2Fblog%2Fhow-to-license-artwork")).html;
    expect(byPage).toContain("Ada Lovelace");
    expect(byPage).toContain("Alan Turing");
    expect(byPage).not.toContain("Grace Hopper");
    const bySite = (await page("/admin?source=www.google.com")).html;
    expect(bySite).toContain("Grace Hopper");
    expect(bySite).not.toContain("Ada Lovelace");
    expect(bySite).toContain("via www.google.com, sent from /contact");
    // The inquiry's page shows it, each value a link to the others like it.
    const inquiry = (await page(`/admin/submissions/${landedOnArticle}`)).html;
    expect(inquiry).toContain('href="/admin?source=news.example.org"');
    expect(inquiry).toContain('href="/admin?source=%2Fblog%2Fhow-to-license-artwork"');
    // Anything but a path or a host is no filter.
    expect((await page("/admin?source=javascript%3Aalert(1)")).html).toContain("Grace Hopper");
  });
  it("filters by a consultation still to come, with its count, left out of the views while there is none", async () => {
    const booked = await storeSubmission(new Date(), { name: "Ada Lovelace" });
    const past = await storeSubmission(new Date(), { name: "Grace Hopper" });
    const now = Date.now();
    const bookAt = async (submissionId: string, start: number) => {
      const { offer } = await createOffer(
        db,
        { submissionId, kinds: ["video"], kindNames: "Video call", expiresAt: new Date(now + 86_400_000) },
        { by: "a@example.com", now: new Date(start - 86_400_000) },
      );
      const meeting = { start, end: start + 1_800_000 };
      await bookWithOffer(
        db,
        offer,
        { kind: "video", meeting, held: meeting, day: { start, end: start + 1 }, perDay: 9 },
        { clientZone: "UTC", detail: "" },
        new Date(start - 86_400_000),
      );
    };
    expect((await page("/admin")).html).not.toContain('href="/admin?consultation=upcoming"');
    await bookAt(booked, Math.floor(now / 60_000) * 60_000 + 2 * 86_400_000);
    await bookAt(past, Math.floor(now / 60_000) * 60_000 - 2 * 86_400_000);
    expect((await page("/admin")).html).toMatch(/href="\/admin\?consultation=upcoming"[^>]*>Consultations<span[^>]*>1<\/span>/);
    const list = (await page("/admin?consultation=upcoming")).html;
    expect(list).toContain("Ada Lovelace");
    expect(list).not.toContain("Grace Hopper");
  });
});

describe("the list as CSV", () => {
  const exportCsv = async (fields: Record<string, string>) => {
    const response = await post("/admin/export.csv", fields);
    return { response, text: await response.text() };
  };

  it("holds every inquiry the view shows, all pages of it, with a header, in RFC 4180 and safe to open", async () => {
    await storeSubmissions(
      Array.from({ length: 1_100 }, (_, i) => ({
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        overrides: { name: `Visitor ${i}`, email: `visitor-${i}@example.com` },
      })),
    );
    await storeSubmission(new Date(), {
      name: '=HYPERLINK("http://evil.example")',
      email: "eve@example.com",
      organization: 'Studio, "North"',
      parties: "Acme\nNorthwind",
      message: "@SUM(A1)\nsecond line",
    });
    const { response, text } = await exportCsv({});
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const records = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(records[0]).toMatch(
      /^Received \(Seattle time\),Name,E-mail,Organization \/ Project,Other parties involved,Heard of us through,Intake,/,
    );
    expect(records.at(-1)).toBe("");
    expect(records[1]).toContain(`"'=HYPERLINK(""http://evil.example"")",eve@example.com,"Studio, ""North""","Acme\nNorthwind",,New,`);
    expect(records[1]).toContain(`"'@SUM(A1)",`);
    expect(text.match(/@example\.com/g)).toHaveLength(1_101);
    expect(text).toContain("Visitor 0,");
  });

  it("holds only what the filters and the posted search show, and is logged without the search", async () => {
    await storeSubmission(new Date(), { name: "Ada Lovelace" });
    await storeSubmission(new Date(), { name: "Grace Hopper" });
    const { text } = await exportCsv({ q: "grace" });
    expect(text).toContain("Grace Hopper");
    expect(text).not.toContain("Ada Lovelace");
    const [entry] = (await activityPage(db)).entries;
    expect(entry).toMatchObject({ action: "exported-list", detail: "Filtered by a name search" });
    expect(logged.join("\n")).not.toContain("grace");
  });
});

describe("an inquiry's page", () => {
  it("shows the whole message escaped, a reply link with a subject, and its notification", async () => {
    const id = await storeSubmission(new Date(), {
      name: "Ada Lovelace",
      email: "ada+work@example.com",
      message: "Hello <script>alert(1)</script>\nSecond line.",
    });
    const { html } = await page(`/admin/submissions/${id}`);
    expect(html).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;\nSecond line.");
    expect(html).toContain(`href="mailto:ada%2Bwork@example.com?subject=${encodeURIComponent(replySubject)}"`);
    expect(html).toContain(">Queued</span>");
    // Its conflict check comes first: no outcome can be recorded before it.
    expect(html).toContain("Check all names");
    expect(html).not.toContain("Record: conflict cleared");
    expect(html).not.toContain("Send the notification again");
  });

  it("opens with who wrote, what they wrote and the intake; its reference, source and delivery after, delivery only until sent", async () => {
    const id = await storeSubmission(new Date(), {
      name: "Ada Lovelace",
      email: "ada@example.com",
      organization: "Analytical Engines",
      message: "A question about a mural.",
    });
    await markNotified(db, id, new Date());
    const { html } = await page(`/admin/submissions/${id}`);
    const at = (text: string) => {
      const index = html.indexOf(text);
      expect(index, text).toBeGreaterThan(-1);
      return index;
    };
    const order = [
      at("<h1"),
      at(">ada@example.com<"),
      at(">Analytical Engines<"),
      at(">A question about a mural.<"),
      at('<section id="intake"'),
      at(">Check all names<"),
      at(`>${id}<`),
      at('id="source-heading"'),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Sent: a line among the details, no part and no badge of its own.
    expect(html).not.toContain('id="notification"');
    expect(html).not.toMatch(/>Sent<\/span>/);
    // Not yet sent: its part, after the details.
    const queued = (await page(`/admin/submissions/${await storeSubmission()}`)).html;
    expect(queued.indexOf('<section id="notification"')).toBeGreaterThan(queued.indexOf('id="source-heading"'));
    expect(queued).toContain(">Queued</span>");
  });

  it("offers to send a failed notification again", async () => {
    const id = await failedSubmission();
    const { html } = await page(`/admin/submissions/${id}`);
    expect(html).toContain(">Failed</span>");
    expect(html).toContain("E-mail not delivered after every retry");
    expect(html).toContain(`action="/admin/submissions/${id}/resend"`);
  });
});

describe("sending the notification again", () => {
  it("re-queues a failed notification once per press, logging who did it", async () => {
    const id = await failedSubmission();
    const { queue, sent } = recordingQueue();
    const first = await post(`/admin/submissions/${id}/resend`, {}, { CONTACT_QUEUE: queue });
    expect(first.status).toBe(303);
    const resent = await followed(first);
    expect(resent.location).toBe(`/admin/submissions/${id}#notification`);
    expect(resent.shown.html).toContain("The notification was queued again");
    expect(sent).toEqual([{ kind: "notification", submissionId: id }]);
    expect((await findInboxSubmission(db, id, new Date()))?.state).toBe("queued");

    const second = await post(`/admin/submissions/${id}/resend`, {}, { CONTACT_QUEUE: queue });
    expect((await followed(second)).shown.html).toContain("Nothing was sent again");
    expect(sent).toHaveLength(1);
    expect(logged.filter((line) => line.includes("resent"))).toEqual([`Inbox: developer@localhost resent ${id}`]);
  });

  it("sends nothing while a delivery holds the lease, or for a sent row", async () => {
    const leased = await failedSubmission();
    // A late delivery of its old message claimed it just before the dead-letter verdict, and is sending now.
    await db
      .update(contactSubmissions)
      .set({ notificationLeaseUntil: new Date(Date.now() + LEASE_MS) })
      .where(eq(contactSubmissions.id, leased));
    const sentRow = await storeSubmission();
    await markNotified(db, sentRow, new Date());
    const { queue, sent } = recordingQueue();
    for (const id of [leased, sentRow]) {
      const response = await post(`/admin/submissions/${id}/resend`, {}, { CONTACT_QUEUE: queue });
      expect((await followed(response)).shown.html).toContain("Nothing was sent again");
    }
    expect(sent).toEqual([]);
  });

  it("leaves the row to the sweep when the queue cannot take it", async () => {
    const id = await failedSubmission();
    const { queue } = recordingQueue(true);
    const response = await post(`/admin/submissions/${id}/resend`, {}, { CONTACT_QUEUE: queue });
    expect((await followed(response)).shown.html).toContain("The queue could not be reached.");
    const row = await findInboxSubmission(db, id, new Date());
    expect(row).toMatchObject({ notificationStatus: "pending", queuedAt: null });
  });

  it("answers 404 for an inquiry that does not exist", async () => {
    expect((await post(`/admin/submissions/${crypto.randomUUID()}/resend`)).status).toBe(404);
  });
});

describe("an action's notice", () => {
  it("shows once, on its page only, after the action: a crafted link or a second visit shows none", async () => {
    const id = await storeSubmission();
    const response = await post(`/admin/submissions/${id}/intake`, { state: "closed", from: "new" });
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`Path=/admin/submissions/${id}`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const { shown } = await followed(response);
    expect(shown.html).toContain("The intake state was recorded.");
    // Showing it clears it: the browser's next visit carries no notice.
    expect(shown.headers.get("set-cookie")).toMatch(new RegExp(`^inbox-notice=; Max-Age=0; Path=/admin/submissions/${id};`));

    for (const crafted of [`/admin/submissions/${id}?done=resent`, "/admin/privacy?deleted=250"]) {
      const { html } = await page(crafted);
      expect(html, crafted).not.toContain("The notification was queued again");
      expect(html, crafted).not.toContain("Deleted 250");
      expect(html, crafted).not.toContain('role="status"');
    }
  });

  it("is drawn once, in the part of the page the action was taken in, where its redirect leads", async () => {
    const id = await storeSubmission();
    const failed = await failedSubmission();
    const { queue } = recordingQueue();
    const actions: [string, Record<string, string>, Partial<Env>, string, string][] = [
      [`/admin/submissions/${id}/notes`, { text: "Called back." }, {}, "notes", "The note was added."],
      [`/admin/submissions/${id}/follow-up`, { day: "2099-01-01" }, {}, "notes", "The follow-up day was set."],
      [`/admin/submissions/${id}/check`, {}, {}, "intake", "Every name was checked"],
      [`/admin/submissions/${id}/intake`, { state: "closed", from: "cleared" }, {}, "intake", "Nothing was changed: the inquiry moved on"],
      [`/admin/submissions/${failed}/resend`, {}, { CONTACT_QUEUE: queue }, "notification", "The notification was queued again"],
    ];
    for (const [path, fields, overrides, part, text] of actions) {
      const { location, shown } = await followed(await post(path, fields, overrides));
      expect(location, path).toMatch(new RegExp(`^/admin/submissions/[0-9a-f-]{36}#${part}$`));
      const { html } = shown;
      const status = html.indexOf('role="status"');
      // One notice, inside the part (after its heading, before the part's first form), saying what happened.
      expect(html.indexOf('role="status"', status + 1), path).toBe(-1);
      const partAt = html.indexOf(`<section id="${part}"`);
      expect(partAt, path).toBeGreaterThan(-1);
      expect(status, path).toBeGreaterThan(html.indexOf("</h2>", partAt));
      expect(status, path).toBeLessThan(html.indexOf("<form", partAt));
      expect(html.indexOf(text, status), path).toBeGreaterThan(status);
    }
  });

  it("says nothing it does not know: an unknown notice in the cookie shows nothing", async () => {
    const id = await storeSubmission();
    const { html } = await page(`/admin/submissions/${id}`, {}, { cookie: "inbox-notice=You-have-been-hacked" });
    expect(html).not.toContain("hacked");
    expect(html).not.toContain('role="status"');
    expect((await page("/admin/privacy", {}, { cookie: "inbox-notice=lots" })).html).not.toContain('role="status"');
  });
});

describe("requests from other sites", () => {
  it("are refused for every action, and nothing changes", async () => {
    const id = await failedSubmission();
    const before = await allSubmissions();
    const { queue, sent } = recordingQueue();
    const attempts: [string, Record<string, string>, Record<string, string>][] = [
      [`/admin/submissions/${id}/resend`, {}, { origin: "https://attacker.example" }],
      [`/admin/submissions/${id}/intake`, { state: "cleared" }, { origin: "null" }],
      [`/admin/submissions/${id}/decline`, {}, { origin: "https://attacker.example" }],
      ["/admin/conflicts", { q: "Ada" }, { origin: "https://attacker.example" }],
      [
        "/admin/privacy/delete",
        { email: "ada@example.com", confirm: "1", mode: "all", reason: "asked" },
        { origin: "https://attacker.example", "sec-fetch-site": "cross-site" },
      ],
      ["/admin/privacy/export", { email: "ada@example.com" }, { origin: "", "sec-fetch-site": "cross-site" }],
    ];
    for (const [path, fields, headers] of attempts) {
      const response = await postForm(`${BASE}${path}`, fields, { ...signedIn, CONTACT_QUEUE: queue }, headers);
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).not.toContain("ada@example.com");
    }
    expect(sent).toEqual([]);
    expect(await allSubmissions()).toEqual(before);
  });

  it("cannot slip past as another kind of body: only the inbox's own form posts are taken", async () => {
    const id = await failedSubmission();
    const { queue, sent } = recordingQueue();
    for (const type of ["application/json", "text/plain", ""]) {
      const response = await fetchApp(
        `${BASE}/admin/submissions/${id}/resend`,
        { method: "POST", headers: type ? { "content-type": type } : {}, body: "{}" },
        { ...signedIn, CONTACT_QUEUE: queue },
      );
      expect(response.status, type).toBe(415);
    }
    expect(sent).toEqual([]);
  });
});

describe("privacy requests", () => {
  it("finds an address's inquiries in any case, and explains a mistyped address", async () => {
    await storeSubmission(new Date(), { name: "Ada Lovelace", email: "Ada@Example.com" });
    await storeSubmission(new Date(), { name: "Grace Hopper", email: "grace@example.com" });
    const found = await (await post("/admin/privacy", { email: "ada@example.com" })).text();
    expect(found).toContain("1 inquiry from ada@example.com");
    expect(found).toContain("Ada Lovelace");
    expect(found).not.toContain("Grace Hopper");
    expect(await (await post("/admin/privacy", { email: "nobody@example.com" })).text()).toContain(
      "Nothing is stored from nobody@example.com",
    );
    const invalid = await post("/admin/privacy", { email: "not-an-address" });
    expect(invalid.status).toBe(422);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toContain("Enter an e-mail address");
    expect(invalidHtml).toContain('aria-invalid="true"');
    // An address in the address bar is not read: the form posts it.
    expect((await page("/admin/privacy?email=ada%40example.com")).html).not.toContain("Ada Lovelace");
  });

  it("downloads every inquiry of the address as JSON, logging the count but not the address", async () => {
    const id = await storeSubmission(new Date(), { email: "ada@example.com", message: "Private words" });
    await storeSubmission(new Date(), { email: "grace@example.com" });
    const response = await post("/admin/privacy/export", { email: "ADA@example.com" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="inquiries-ada-example\.com-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const document = (await response.json()) as { submissions: { id: string; message: string }[] };
    expect(document.submissions.map((row) => [row.id, row.message])).toEqual([[id, "Private words"]]);
    expect(logged).toEqual(["Inbox: developer@localhost exported"]);
  });

  it("deletes only after a confirmation page, and only that address", async () => {
    const ada = [
      await storeSubmission(new Date(), { email: "ada@example.com" }),
      await storeSubmission(new Date(), { email: "Ada@example.com" }),
    ];
    const grace = await storeSubmission(new Date(), { email: "grace@example.com" });

    const confirm = await post("/admin/privacy/delete", { email: "ada@example.com" });
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain("Delete 2 inquiries from ada@example.com?");
    expect(html).toContain('name="confirm" value="2"');
    expect(await allSubmissions()).toHaveLength(3);

    // Another inquiry arrived meanwhile: the count no longer matches, so it asks again.
    const late = await storeSubmission(new Date(), { email: "ada@example.com" });
    const stale = await post("/admin/privacy/delete", { email: "ada@example.com", confirm: "2", mode: "all", reason: "Asked by e-mail" });
    expect(await stale.text()).toContain("changed since the last page. Nothing was deleted");
    expect(await allSubmissions()).toHaveLength(4);

    // Why, first: the activity log keeps it.
    const unexplained = await post("/admin/privacy/delete", { email: "ada@example.com", confirm: "3", mode: "all", reason: " " });
    expect(unexplained.status).toBe(422);
    expect(await unexplained.text()).toContain("Say why");

    const done = await post("/admin/privacy/delete", { email: "ada@example.com", confirm: "3", mode: "all", reason: "Asked by e-mail" });
    expect(done.status).toBe(303);
    const deleted = await followed(done);
    expect(deleted.location).toBe("/admin/privacy");
    expect(deleted.shown.html).toContain("Deleted 3 inquiries.");
    expect((await allSubmissions()).map((row) => row.id)).toEqual([grace]);
    expect(logged).toEqual(["Inbox: developer@localhost deleted"]);
    const [entry] = (await activityPage(db)).entries;
    expect(entry).toMatchObject({
      actor: "developer@localhost",
      action: "deleted",
      detail: `3 inquiries (${[...ada, late].join(", ")}): Asked by e-mail`,
    });
  });

  it("refuses a post without a valid address", async () => {
    for (const path of ["/admin/privacy/export", "/admin/privacy/delete"]) {
      expect((await post(path, { email: "nobody" })).status, path).toBe(422);
      expect((await post(path, {})).status, path).toBe(422);
    }
  });
});

describe("the log", () => {
  it("never holds what a visitor wrote, nor the practice's notes", async () => {
    const words = "My confidential settlement figures";
    const note = "Called her back: the gallery owes her $12,000";
    const id = await failedSubmission({ message: words });
    const { queue } = recordingQueue();
    await post(`/admin/submissions/${id}/resend`, {}, { CONTACT_QUEUE: queue });
    await post(`/admin/submissions/${id}/check`, { token: crypto.randomUUID() });
    await post(`/admin/submissions/${id}/intake`, { state: "cleared", from: "new" });
    await post(`/admin/submissions/${id}/notes`, { text: note, token: crypto.randomUUID() });
    await post("/admin/conflicts", { q: "Ada Lovelace" });
    await post("/admin/privacy/export", { email: "ada@example.com" });
    await post("/admin/privacy/delete", { email: "ada@example.com", confirm: "1", mode: "all", reason: "asked" });
    expect(logged).toHaveLength(7);
    expect(logged.join("\n")).not.toContain("Ada Lovelace");
    expect(logged.join("\n")).not.toContain(words);
    expect(logged.join("\n")).not.toContain(note);
    expect(logged.join("\n")).not.toContain("ada@example.com");
  });
});
