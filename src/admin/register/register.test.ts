import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seattleDay } from "../../db/days.ts";
import { decodeEntities } from "../../test/html.ts";
import { inboxSuite } from "../../test/inbox.ts";
import { storeSubmission } from "../../test/submissions.ts";

/*
 * The conflict register in the inbox: clients, their matters and the parties on each, added and corrected on
 * their pages with each change in the client's history; every conflict check covering it, each match saying
 * what it is and why it matched; an engaged inquiry adding its client, matter and parties; and a privacy
 * deletion of an inquiry leaving the register whole. Through the Worker's app with real D1.
 */

const inbox = inboxSuite();

/** The client page a form's redirect leads to, as the browser then shows it, and the client's id. */
async function added(response: Response): Promise<{ id: string; html: string }> {
  expect(response.status).toBe(303);
  const id = /\/admin\/register\/clients\/([0-9a-f-]{36})/.exec(response.headers.get("location") ?? "")?.[1];
  expect(id).toBeDefined();
  return { id: id!, html: await inbox.shownAfter(response) };
}

const addClient = (fields: Record<string, string>) => inbox.post("/admin/register/clients", { status: "current", ...fields });

const rows = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** An inquiry checked for conflicts: the check's page as the inquiry shows it. */
async function checkedInquiry(fields: Record<string, string | null>) {
  const id = await storeSubmission(new Date(), fields);
  await inbox.post(`/admin/submissions/${id}/check`, { token: crypto.randomUUID() });
  return { id, html: await inbox.page(`/admin/submissions/${id}`) };
}

describe("the register's pages", () => {
  it("adds a client with a first matter and its parties, shows them, lists the client, and keeps the history", async () => {
    const { id, html } = await added(
      await addClient({
        name: "Northwind Gallery",
        email: "Office@Northwind.example",
        title: "Mural commission",
        reference: "2026-014",
        openedOn: "2026-03-02",
        adverse: "Ortiz Properties LLC\nOrtiz Properties LLC",
        related: "Dana Ruiz; ",
        clientSide: "",
      }),
    );
    expect(html).toContain("The client and their matter were added.");
    expect(html).toContain("<h1");
    expect(html).toContain("Northwind Gallery");
    expect(html).toContain("office@northwind.example");
    expect(html).toContain("Mural commission");
    expect(html).toContain("Matter number 2026-014 · Current · opened 2026-03-02");
    // Each name once, empty ones left out.
    expect(html.match(/Ortiz Properties LLC<\/span>/g)).toHaveLength(1);
    expect(html).toContain('Dana Ruiz</span><span class="text-muted"> · Related party');
    expect(await rows("register_parties")).toBe(2);
    expect(html).toContain("Client added: Northwind Gallery <office@northwind.example>");
    expect(html).toContain("Matter added: Mural commission (current, 2 parties)");

    const list = await inbox.page("/admin/register");
    expect(list).toContain(`href="/admin/register/clients/${id}"`);
    expect(list).toContain("1 current matter");
    // The register is one of the inbox's places.
    expect(list).toMatch(/href="\/admin\/register" aria-current="page"/);
  });

  it("refuses a client or matter it cannot keep as typed, says why, keeps what was typed and adds nothing", async () => {
    for (const [fields, problem] of [
      [{ name: "" }, "Give the client's name."],
      [{ name: "Ada Lovelace", email: "not-an-address" }, "“not-an-address” is not an e-mail address."],
      [{ name: "Ada Lovelace", title: "Lease", closedOn: "2026-01-05" }, "A current matter has no closing day"],
      [
        { name: "Ada Lovelace", title: "Lease", status: "closed", openedOn: "2026-02-01", closedOn: "2026-01-05" },
        "The matter closes after it opens.",
      ],
      [{ name: "Ada Lovelace", title: "Lease", openedOn: "2026-02-30" }, "The day it opened is not a date."],
    ] as const) {
      const response = await addClient(fields);
      expect(response.status, problem).toBe(422);
      const html = decodeEntities(await response.text());
      expect(html, problem).toContain(problem);
      if (fields.name) expect(html).toContain(`value="${fields.name}"`);
    }
    expect(await rows("register_clients")).toBe(0);
    expect(await rows("register_matters")).toBe(0);
  });

  it("corrects a client, closes a matter, adds and corrects a party, each in the client's history", async () => {
    const { id, html } = await added(await addClient({ name: "Ben Ortiz", title: "Gallery lease" }));
    const matter = /action="\/admin\/register\/matters\/([0-9a-f-]{36})"/.exec(html)![1]!;
    await inbox.post(`/admin/register/clients/${id}`, { name: "Benjamin Ortiz", email: "ben@ortiz.example" });
    await inbox.post(`/admin/register/matters/${matter}`, { title: "Gallery lease", status: "closed", closedOn: "2026-06-30" });
    const partyAdded = await inbox.shownAfter(
      await inbox.post(`/admin/register/matters/${matter}/parties`, { name: "Acme Realty", role: "adverse" }),
    );
    expect(partyAdded).toContain("The party was added.");
    const party = /action="\/admin\/register\/parties\/([0-9a-f-]{36})"/.exec(partyAdded)![1]!;
    await inbox.post(`/admin/register/parties/${party}`, { name: "Acme Realty Inc.", role: "related" });
    const page = await inbox.page(`/admin/register/clients/${id}`);
    expect(page).toContain("Benjamin Ortiz");
    expect(page).toContain("Closed · closed 2026-06-30");
    expect(page).toContain('Acme Realty Inc.</span><span class="text-muted"> · Related party');
    for (const change of [
      "Client: name: Ben Ortiz → Benjamin Ortiz; email: (none) → ben@ortiz.example",
      "Matter Gallery lease: status: current → closed; closedOn: (none) → 2026-06-30",
      "Adverse party added to Gallery lease: Acme Realty",
      "Party on Gallery lease: name: Acme Realty → Acme Realty Inc.; role: adverse → related",
    ])
      expect(page).toContain(change);
    // The activity log names the client each change concerns.
    expect(await inbox.page("/admin/activity")).toContain(`href="/admin/register/clients/${id}"`);
  });

  it("answers a client, matter or party that does not exist with the inbox's 404", async () => {
    const missing = crypto.randomUUID();
    expect((await inbox.get(`/admin/register/clients/${missing}`)).status).toBe(404);
    expect((await inbox.post(`/admin/register/matters/${missing}`, { title: "x", status: "current" })).status).toBe(404);
    expect((await inbox.post(`/admin/register/parties/${missing}`, { name: "x", role: "adverse" })).status).toBe(404);
  });
});

describe("conflict checks over the register", () => {
  /** A register of one current client, one former client and an adverse party on a closed matter. */
  async function register() {
    await addClient({ name: "Zoë Ōtani", email: "zoe@studio-north.example", title: "Catalogue rights" });
    const former = await addClient({ name: "Acme, Inc.", title: "Trademark filing", status: "closed", closedOn: "2025-01-10" });
    const formerId = /clients\/([0-9a-f-]{36})/.exec(former.headers.get("location")!)![1]!;
    await inbox.post(`/admin/register/clients/${formerId}/matters`, {
      title: "Licensing dispute",
      status: "closed",
      adverse: "Northwind Gallery",
    });
  }

  it("finds current and former clients and adverse parties, each saying what it is and why it matched", async () => {
    await register();
    const { html } = await checkedInquiry({
      name: "Zoe Otani",
      email: "zoe@studio-north.example",
      organization: "Acme LLC",
      parties: "Northwind Gallery",
    });
    expect(html).toContain("Current client. Matched: unaccented.");
    expect(html).toContain("Current client. Matched: e-mail.");
    expect(html).toContain("Former client. Matched: suffix dropped.");
    expect(html).toContain("Adverse party in “Licensing dispute” (closed), a matter of Acme, Inc.. Matched: same name.");
    // Three register entries, no other inquiry: the count says possible matches, never "nothing found".
    expect(html).toContain(": 3 possible matches.");
    expect(html).not.toMatch(/no match among/i);
  });

  it("with no match, clears saying how many names it compared in inquiries and the register", async () => {
    await register();
    await storeSubmission(new Date(Date.now() - 86_400_000), { name: "Someone Else", email: "else@example.org" });
    const { id, html } = await checkedInquiry({ name: "Ada Lovelace", email: "ada@example.com", organization: null, parties: null });
    // The other inquiry's name and address, and the register's: 2 clients' names, 1 address, 1 party.
    expect(html).toContain("no match among 6 names in inquiries and the register.");
    const cleared = await inbox.shownAfter(await inbox.post(`/admin/submissions/${id}/intake`, { state: "cleared", from: "new" }));
    expect(cleared).toContain("No match among 6 names in inquiries and the register.");
  });

  it("lists the register's entries on the conflict search page before the inquiries", async () => {
    await register();
    const html = decodeEntities(await (await inbox.post("/admin/conflicts", { q: "northwind gallery" })).text());
    expect(html).toContain("1 register entry matches “northwind gallery”");
    expect(html).toContain("Adverse party in “Licensing dispute” (closed)");
  });
});

describe("an engaged inquiry", () => {
  async function clearedInquiry(fields: Record<string, string | null>) {
    const { id } = await checkedInquiry(fields);
    await inbox.post(`/admin/submissions/${id}/intake`, { state: "cleared", from: "new", reason: "Reviewed." });
    return id;
  }

  it("adds its client, its matter and each party with the role she chose, and links the inquiry to them", async () => {
    const id = await clearedInquiry({
      name: "Ada Lovelace",
      email: "ada@example.com",
      organization: "Analytical Engines",
      parties: "Ortiz Properties\nDana Ruiz",
    });
    const form = await inbox.page(`/admin/submissions/${id}`);
    expect(form).toContain("Who is “Ortiz Properties” in the matter?");
    const refused = await inbox.shownAfter(
      await inbox.post(`/admin/submissions/${id}/intake`, {
        state: "engaged",
        from: "cleared",
        title: "Engine patents",
        "party-0": "Ortiz Properties",
        "party-1": "Dana Ruiz",
        "role-0": "adverse",
      }),
    );
    expect(refused).toContain("choose the role of each party");
    expect(await rows("register_clients")).toBe(0);

    const engaged = await inbox.shownAfter(
      await inbox.post(`/admin/submissions/${id}/intake`, {
        state: "engaged",
        from: "cleared",
        title: "Engine patents",
        "party-0": "Ortiz Properties",
        "role-0": "adverse",
        "party-1": "Dana Ruiz",
        "role-1": "related",
      }),
    );
    expect(engaged).toContain("the client, the matter and its parties are now in the conflict register");
    const client = /In the conflict register as a matter of <a href="\/admin\/register\/clients\/([0-9a-f-]{36})"/.exec(engaged)?.[1];
    expect(client).toBeDefined();
    const page = await inbox.page(`/admin/register/clients/${client}`);
    expect(page).toContain("Engine patents");
    expect(page).toContain(`Current · opened ${seattleDay(new Date())}`);
    expect(page).toContain('Analytical Engines</span><span class="text-muted"> · On the client\'s side');
    expect(page).toContain('Ortiz Properties</span><span class="text-muted"> · Adverse party');
    expect(page).toContain('Dana Ruiz</span><span class="text-muted"> · Related party');
    expect(page).toContain(`href="/admin/submissions/${id}"`);

    // A second engagement of the same person is a second matter of the same client.
    const again = await clearedInquiry({ name: "Ada Lovelace", email: "ada@example.com", organization: null, parties: null });
    await inbox.post(`/admin/submissions/${again}/intake`, { state: "engaged", from: "cleared", title: "Second matter" });
    expect(await rows("register_clients")).toBe(1);
    expect(await rows("register_matters")).toBe(2);
  });

  it("stays in the register when the inquiry is deleted for a privacy request", async () => {
    const id = await clearedInquiry({ name: "Ada Lovelace", email: "ada@example.com", organization: null, parties: "Ortiz Properties" });
    await inbox.post(`/admin/submissions/${id}/intake`, {
      state: "engaged",
      from: "cleared",
      title: "Engine patents",
      "party-0": "Ortiz Properties",
      "role-0": "adverse",
    });
    const deleted = await inbox.post("/admin/privacy/delete", {
      email: "ada@example.com",
      confirm: "1",
      mode: "all",
      reason: "The person asked.",
    });
    expect(deleted.status).toBe(303);
    // The notice says what stayed, never that nothing from the address is stored.
    const cookie = /^[^;]+/.exec(deleted.headers.get("set-cookie") ?? "")?.[0] ?? "";
    const notice = await inbox.page("/admin/privacy", { cookie });
    expect(notice).toContain("client with this address, which a deletion never removes");
    expect(notice).not.toContain("Nothing from that address is stored");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM contact_submissions").first<{ n: number }>())!.n).toBe(0);
    expect(await rows("register_clients")).toBe(1);
    expect(await rows("register_parties")).toBe(1);
    // A later check still finds them.
    const { html } = await checkedInquiry({ name: "Ortiz Properties", email: "legal@ortiz.example", organization: null, parties: null });
    expect(html).toContain("Adverse party in “Engine patents” (current)");
  });
});
