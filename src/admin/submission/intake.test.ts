import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { letters, site } from "../../content/index.ts";
import { activityPage } from "../../db/activity.ts";
import { database } from "../../db/client.ts";
import { CHECK_MATCHES_PER_NAME } from "../../db/conflict-check.ts";
import { CONFLICT_MATCHES_MAX } from "../../db/conflicts.ts";
import { dayAfter, seattleDay } from "../../db/days.ts";
import { findInboxSubmission } from "../../db/inbox.ts";
import { eraseMessagesFrom } from "../../db/privacy.ts";
import { type IntakeState, intakeStates } from "../../db/schema.ts";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { decodeEntities } from "../../test/html.ts";
import { INBOX_BASE, inboxSuite } from "../../test/inbox.ts";
import { storeSubmission, storeSubmissions } from "../../test/submissions.ts";

/*
 * Intake as a law practice needs it (RPC 1.18): a conflict check of every name an inquiry gives, in one step,
 * across every inquiry ever received; its outcome recorded only on that check, with who and when; one state
 * machine the server holds to; declining in writing, in two steps; and every action in the activity log.
 * Through the Worker's app, signed in by the local signer, with real D1.
 */

const db = database(env.DB);
const inbox = inboxSuite();

const page = (path: string, headers?: Record<string, string>) => inbox.page(path, headers);
const post = (path: string, fields?: Record<string, string>) => inbox.post(path, fields);
const activity = async () =>
  (await activityPage(db)).entries.map(({ action, submissionId, detail, actor }) => ({ action, submissionId, detail, actor }));
const stateOf = async (id: string) => (await findInboxSubmission(db, id, new Date()))?.intakeState;

const shownAfter = (response: Response) => inbox.shownAfter(response);

const check = (id: string, token: string = crypto.randomUUID()) => post(`/admin/submissions/${id}/check`, { token });
const step = (id: string, state: IntakeState, from: IntakeState, extra: Record<string, string> = {}) =>
  post(`/admin/submissions/${id}/${state === "declining" ? "decline" : state === "declined" ? "letter-sent" : "intake"}`, {
    state,
    from,
    ...extra,
  });

describe("the conflict check page", () => {
  it("finds a name however it was typed, in every inquiry, with where it matched and the intake state", async () => {
    const zoe = await storeSubmission(new Date("2026-01-10T10:00:00Z"), { name: "Zoë Ōtani", email: "zoe@studio-north.com" });
    const acme = await storeSubmission(new Date("2026-02-10T10:00:00Z"), { name: "Ben Ortiz", parties: "ACME, Inc.\nZoe Otani" });
    await storeSubmission(new Date("2026-03-10T10:00:00Z"), { name: "Zoey Otanic" });
    const html = await (await post("/admin/conflicts", { q: "zoe otani" })).text();
    expect(html).toContain("2 inquiries match “zoe otani”");
    expect(html).toContain(`href="/admin/submissions/${zoe}"`);
    expect(html).toContain(`href="/admin/submissions/${acme}"`);
    expect(html).not.toContain("Zoey Otanic");
    // Each match says why: the sender's name only once accents are set aside, the other party's as written.
    expect(html).toContain("Matched the sender&#x27;s name: unaccented.");
    expect(html).toContain("Matched another party: same name.");
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
    expect(form).toContain('"Grace Hopper": 1 match');
    expect(form).toMatch(/<form [^>]*action="\/admin\/conflicts" method="post"/);
  });

  it("lists a page of matches at a time, the next one posted from where it ended, and logs the search once", async () => {
    const ids = await storeSubmissions(
      Array.from({ length: CONFLICT_MATCHES_MAX + 5 }, (_, i) => ({
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        overrides: { name: `Visitor ${i}`, organization: "Northwind Studio" },
      })),
    );
    const first = decodeEntities(await (await post("/admin/conflicts", { q: "Northwind" })).text());
    expect(first).toContain(`${CONFLICT_MATCHES_MAX} or more inquiries match “Northwind”`);
    expect(first.match(/Matched the organization: same name\./g)).toHaveLength(CONFLICT_MATCHES_MAX);
    const after = /name="after" value="([^"]+)"/.exec(first)?.[1];
    expect(after).toBeDefined();
    const second = decodeEntities(await (await post("/admin/conflicts", { q: "Northwind", after: after! })).text());
    expect(second.match(/Matched the organization: same name\./g)).toHaveLength(5);
    // The oldest five, which the first page did not list.
    for (const id of ids.slice(0, 5)) expect(second).toContain(`/admin/submissions/${id}`);
    expect(await activity()).toEqual([expect.objectContaining({ detail: `"Northwind": ${CONFLICT_MATCHES_MAX} or more matches` })]);
  });

  it("asks again when there is nothing to search for", async () => {
    const response = await post("/admin/conflicts", { q: "Inc." });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("a company suffix alone matches nothing");
    expect(await activity()).toEqual([]);
  });
});

describe("checking all names of an inquiry", () => {
  it("searches every name it gives in one step, shows the matches by name on its page, the inquiry itself labelled", async () => {
    const earlier = await storeSubmission(new Date("2026-01-10T10:00:00Z"), { name: "Zoë Ōtani", organization: "Studio North" });
    const other = await storeSubmission(new Date("2026-02-10T10:00:00Z"), { name: "Ben Ortiz", parties: "Acme Gallery, LLC" });
    const id = await storeSubmission(new Date(), {
      name: "Ada Lovelace",
      email: "ada@example.com",
      organization: "Analytical Engines",
      parties: "Zoe Otani\nACME Gallery",
    });
    const response = await check(id);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/admin/submissions/${id}#intake`);
    const html = await shownAfter(response);
    expect(html).toContain("Every name was checked; the results are below.");
    // Grouped by name: the sender, the address, the organization, each other party.
    for (const heading of [
      "Sender: “Ada Lovelace”",
      "E-mail: “ada@example.com”",
      "Organization: “Analytical Engines”",
      "Other party: “Zoe Otani”",
      "Other party: “ACME Gallery”",
    ])
      expect(html).toContain(heading);
    const group = (name: string) =>
      html.slice(html.indexOf(`aria-label="${name}"`), html.indexOf("</section>", html.indexOf(`aria-label="${name}"`)));
    // The inquiry itself, which its own names always find, is left out, and said so.
    expect(group("Sender: Ada Lovelace")).toContain("no inquiry but this one");
    expect(html).not.toContain(`href="/admin/submissions/${id}"`);
    expect(group("Other party: Zoe Otani")).toContain(`href="/admin/submissions/${earlier}"`);
    expect(group("Other party: Zoe Otani")).toContain("Matched the sender's name: unaccented.");
    expect(group("Other party: ACME Gallery")).toContain(`href="/admin/submissions/${other}"`);
    expect(group("Other party: ACME Gallery")).toContain("Matched another party:");
    expect(html).toContain("Checked");
    expect(html).toContain(": 2 possible matches.");
    // Logged once, with the count, and no name.
    expect(await activity()).toContainEqual({
      action: "conflict-check",
      submissionId: id,
      detail: "5 names checked: 2 matches in other inquiries",
      actor: "developer@localhost",
    });
  });

  it("records one check for one form, however often it is sent", async () => {
    const id = await storeSubmission();
    const token = crypto.randomUUID();
    await check(id, token);
    const again = await check(id, token);
    expect(await shownAfter(again)).toContain("That check had already run");
    expect((await activity()).filter((entry) => entry.action === "conflict-check")).toHaveLength(1);
  });

  it("lists a bounded number of matches per name, and leads to the conflict check page for the rest", async () => {
    await storeSubmissions(
      Array.from({ length: CHECK_MATCHES_PER_NAME + 3 }, (_, i) => ({
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        overrides: { name: `Visitor ${i}`, parties: "Northwind Gallery" },
      })),
    );
    const id = await storeSubmission(new Date(), { name: "Ada Lovelace", parties: "Northwind Gallery" });
    const html = await shownAfter(await check(id));
    expect(html).toContain(`${CHECK_MATCHES_PER_NAME} or more other inquiries`);
    expect(html).toContain(`More than ${CHECK_MATCHES_PER_NAME} inquiries match this name`);
    expect(html).toMatch(/<input type="hidden" name="q" value="Northwind Gallery"\/>/);
  });
});

describe("the intake state machine", () => {
  /** What may follow each state, as the practice's intake works (the server must hold to exactly this). */
  const allowed: Record<IntakeState, IntakeState[]> = {
    new: ["cleared", "conflict", "declining", "closed"],
    cleared: ["conflict", "engaged", "declining", "closed"],
    conflict: ["cleared", "declining", "closed"],
    engaged: ["closed"],
    declining: ["declined"],
    declined: [],
    closed: ["cleared", "conflict"],
  };

  /** An inquiry at `state` with a check of its names on record, as if it had got there through the inbox. */
  async function inquiryAt(state: IntakeState) {
    const id = await storeSubmission();
    await check(id);
    const declinedAt = state === "declining" || state === "declined" ? Date.now() - 60_000 : null;
    await env.DB.prepare("UPDATE contact_submissions SET intake_state = ?, declined_at = ? WHERE id = ?").bind(state, declinedAt, id).run();
    return id;
  }

  /** What each step's form carries besides the state (the inquiries of a test match each other's names). */
  const extras: Partial<Record<IntakeState, Record<string, string>>> = {
    conflict: { note: "Acted for the gallery in 2024." },
    cleared: { reason: "Another person of the same name." },
    declining: { letter: "Dear Ada, we cannot take this on." },
    declined: { sentOn: seattleDay(new Date()) },
    engaged: { title: "A mural commission" },
  };
  const extra = (to: IntakeState) => extras[to] ?? {};

  it.each(intakeStates)("from %s, allows exactly the steps that follow and refuses every other, changing nothing", async (from) => {
    for (const to of intakeStates.filter((state) => state !== from)) {
      const id = await inquiryAt(from);
      const response = await step(id, to, from, extra(to));
      expect(response.status, `${from} → ${to}`).toBe(303);
      expect(await stateOf(id), `${from} → ${to}`).toBe(allowed[from].includes(to) ? to : from);
      if (!allowed[from].includes(to)) expect(await shownAfter(response), `${from} → ${to}`).toContain("Nothing was changed");
    }
  });

  it("never records a conflict check's outcome after a decline", async () => {
    for (const state of ["declining", "declined"] as const) {
      const id = await inquiryAt(state);
      for (const outcome of ["cleared", "conflict"] as const) {
        await step(id, outcome, state, extra(outcome));
        expect(await stateOf(id)).toBe(state);
      }
      expect(await page(`/admin/submissions/${id}`)).not.toContain("Record: conflict cleared");
    }
  });

  it("changes nothing for a form posted twice, or shown before the inquiry moved on, and says so", async () => {
    const id = await inquiryAt("new");
    expect(await shownAfter(await step(id, "cleared", "new"))).toContain("The intake state was recorded.");
    // The same form again: already done.
    expect(await shownAfter(await step(id, "cleared", "new"))).toContain("that step was already recorded");
    // A page shown while it was new, another step: it has moved on since.
    expect(await shownAfter(await step(id, "closed", "new"))).toContain("the inquiry moved on after that page was shown");
    expect(await stateOf(id)).toBe("cleared");
    expect((await activity()).filter((entry) => entry.action === "intake")).toHaveLength(1);
  });

  it("records an outcome only on a check of the inquiry's current names, and links the record to that check", async () => {
    const id = await storeSubmission(new Date(), { name: "Ada Lovelace", parties: "Acme Gallery" });
    const refused = await step(id, "cleared", "new");
    expect(await shownAfter(refused)).toContain("Nothing was changed: check all names first.");
    expect(await stateOf(id)).toBe("new");
    expect(await page(`/admin/submissions/${id}`)).not.toContain("Record: conflict cleared");

    await check(id);
    expect(await page(`/admin/submissions/${id}`)).toContain("Record: conflict cleared");
    await step(id, "cleared", "new");
    expect(await stateOf(id)).toBe("cleared");
    const html = await page(`/admin/submissions/${id}`);
    const link = /href="(\/admin\/submissions\/[^"]+\/checks\/\d+)"[^>]*>the conflict check it rests on</.exec(html)?.[1];
    expect(link).toBeDefined();
    const checkPage = await page(link!);
    expect(checkPage).toContain("Conflict check of Ada Lovelace");
    expect(checkPage).toContain("Other party: “Acme Gallery”");
    expect(await activity()).toContainEqual(
      expect.objectContaining({
        action: "intake",
        submissionId: id,
        detail: expect.stringMatching(/^New → Conflict cleared, on the conflict check of /),
      }),
    );

    // The names the check searched are no longer the inquiry's: a new outcome needs a new check.
    await env.DB.prepare("UPDATE contact_submissions SET parties = 'Northwind Studio' WHERE id = ?").bind(id).run();
    await step(id, "conflict", "cleared", { note: "Acted for Northwind." });
    expect(await stateOf(id)).toBe("cleared");
    expect(await page(`/admin/submissions/${id}`)).toContain("That check searched other names than the inquiry gives now");
  });

  it("needs a note for a possible conflict", async () => {
    const id = await inquiryAt("new");
    expect(await shownAfter(await step(id, "conflict", "new", { note: "  " }))).toContain("a possible conflict needs a note");
    await step(id, "conflict", "new", { note: "Represented Acme against this gallery in 2024." });
    expect(await findInboxSubmission(db, id, new Date())).toMatchObject({
      intakeState: "conflict",
      intakeNote: "Represented Acme against this gallery in 2024.",
    });
  });

  it("answers a state it does not know with 400, and an inquiry that does not exist with 404", async () => {
    const id = await inquiryAt("new");
    expect((await post(`/admin/submissions/${id}/intake`, { state: "maybe" })).status).toBe(400);
    expect((await post(`/admin/submissions/${id}/intake`, { state: "declined" })).status).toBe(400);
    expect((await post(`/admin/submissions/${crypto.randomUUID()}/intake`, { state: "closed" })).status).toBe(404);
    expect((await check(crypto.randomUUID())).status).toBe(404);
  });
});

describe("the record of a cleared check", () => {
  const pageOf = (id: string) => page(`/admin/submissions/${id}`);
  /** How the submit button of the form that posts `state` is styled: primary or secondary. */
  const variantOf = (html: string, state: IntakeState) => {
    const classes = new RegExp(`name="state" value="${state}"/>[\\s\\S]*?<button type="submit" class="([^"]*)"`).exec(html)?.[1];
    return (["primary", "secondary"] as const).find((variant) => classes?.startsWith(buttonClass(variant)));
  };

  /** Ada names Zoë, who wrote before: the check finds her. */
  async function adaMatchingZoe() {
    await storeSubmission(new Date("2026-01-10T10:00:00Z"), { name: "Zoë Ōtani", email: "zoe@studio.example" });
    const id = await storeSubmission(new Date(), { name: "Ada Lovelace", email: "ada@example.com", parties: "Zoe Otani" });
    await check(id);
    return id;
  }

  it("with no match, clears in one step and says exactly what was compared: the names of the other inquiries", async () => {
    // 2 + 1 + 2 names, and 2: seven names in other inquiries, none of them Ada's.
    await storeSubmission(new Date("2026-01-10T10:00:00Z"), {
      name: "Grace Hopper",
      email: "grace@navy.example",
      organization: "Navy",
      parties: "Remington Rand\nUnivac",
    });
    await storeSubmission(new Date("2026-01-11T10:00:00Z"), { name: "Alan Turing", email: "alan@bletchley.example" });
    const id = await storeSubmission(new Date(), { name: "Ada Lovelace", email: "ada@example.com" });
    await check(id);
    const before = await pageOf(id);
    expect(before).not.toContain('id="cleared-reason"');
    expect(variantOf(before, "cleared")).toBe("primary");
    await step(id, "cleared", "new");
    expect(await stateOf(id)).toBe("cleared");
    expect(await pageOf(id)).toContain("No match among 7 names in inquiries and the register.");
    expect(await activity()).toContainEqual(
      expect.objectContaining({
        action: "intake",
        detail: expect.stringMatching(/: No match among 7 names in inquiries and the register$/),
      }),
    );
  });

  it("with a match, offers a possible conflict first and clearing only with a reason, kept and shown with the check", async () => {
    const id = await adaMatchingZoe();
    const html = await pageOf(id);
    expect(variantOf(html, "conflict")).toBe("primary");
    expect(variantOf(html, "cleared")).toBe("secondary");
    expect(html).toMatch(/<textarea id="cleared-reason" name="reason"[^>]*required=""/);

    await step(id, "cleared", "new", { reason: "  A different person of the same name.  " });
    expect(await findInboxSubmission(db, id, new Date())).toMatchObject({
      intakeState: "cleared",
      clearedReason: "A different person of the same name.",
    });
    const cleared = await pageOf(id);
    expect(cleared).toContain("1 match reviewed: A different person of the same name.<");
    // Decided: a possible conflict may still follow, no longer as the step the page leads to.
    expect(variantOf(cleared, "conflict")).toBe("secondary");
    expect(cleared).not.toContain("clear it with your reason");
    const checkPage = await page(/href="(\/admin\/submissions\/[^"]+\/checks\/\d+)"/.exec(cleared)![1]!);
    expect(checkPage).toContain("Cleared on this check: 1 match reviewed: A different person of the same name.");
    expect(await activity()).toContainEqual(
      expect.objectContaining({
        action: "intake",
        detail: expect.stringMatching(
          /^New → Conflict cleared, on the conflict check of .+: 1 match reviewed: A different person of the same name\.$/,
        ),
      }),
    );
  });

  it("refuses to clear a check with a match without a reason, recording nothing", async () => {
    const id = await adaMatchingZoe();
    for (const fields of [{}, { reason: "   " }] as Record<string, string>[]) {
      const refused = await step(id, "cleared", "new", fields);
      expect(await shownAfter(refused)).toContain("Nothing was changed: the check found possible matches. To clear it, say why");
    }
    expect(await findInboxSubmission(db, id, new Date())).toMatchObject({ intakeState: "new", clearedReason: null, intakeChangedAt: null });
    expect((await activity()).filter((entry) => entry.action === "intake")).toEqual([]);
  });

  it("refuses a reasoned clearing posted from a page shown before the inquiry moved on", async () => {
    const id = await adaMatchingZoe();
    await step(id, "conflict", "new", { note: "Zoë is the landlord." });
    const stale = await step(id, "cleared", "new", { reason: "A different person of the same name." });
    expect(await shownAfter(stale)).toContain("the inquiry moved on after that page was shown");
    expect(await findInboxSubmission(db, id, new Date())).toMatchObject({ intakeState: "conflict", clearedReason: null });
  });
});

describe("declining in writing, in two steps", () => {
  /** The letter offered to adapt (a textarea), and the letter a decline keeps (a document), as the page shows them. */
  const draftOf = (html: string) => /<textarea id="letter-draft"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1];
  const keptOf = (html: string) => /<div id="letter-body"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
  const decline = (id: string, from: IntakeState, letter: string) => step(id, "declining", from, { letter });

  it("offers the letter filled in to adapt, and keeps her words with the decline: in the mail program, to copy, to download", async () => {
    const id = await storeSubmission(new Date(), { name: "Zoë Ōtani", email: "zoe+art@example.com" });
    const prepared = await page(`/admin/submissions/${id}`);
    // Prepared, not recorded: an editable letter in a form that records the decline.
    expect(prepared).toContain("<summary");
    expect(prepared).toContain("Prepare the decline letter</summary>");
    expect(prepared).toMatch(
      /<form [^>]*action="\/admin\/submissions\/[^"]+\/decline" method="post"><input type="hidden" name="from" value="new"/,
    );
    expect(prepared).not.toMatch(/<textarea id="letter-draft"[^>]*readOnly/i);
    const draft = draftOf(prepared)!;
    const today = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Los_Angeles" }).format(new Date());
    expect(draft).toContain("Dear Zoë Ōtani,");
    expect(draft).toContain(today);
    expect(draft).toContain(site.practiceName);
    expect(draft).not.toContain("{{");
    // Paragraphs apart, each on one line: no long line runs on into another of its paragraph.
    for (const paragraph of draft.split("\n\n"))
      expect(
        paragraph
          .split("\n")
          .slice(0, -1)
          .every((line) => line.length < 60),
        paragraph,
      ).toBe(true);
    expect(await stateOf(id)).toBe("new");

    // Her words, as a browser posts a textarea (CRLF).
    const adapted = `${draft.replace("Dear Zoë Ōtani,", "Dear Ms. Ōtani,")}\n\nP.S. The tenants' union may help with the eviction.`;
    const written = await decline(id, "new", adapted.replace(/\n/g, "\r\n"));
    expect(await shownAfter(written)).toContain("Recorded as declined, letter not yet sent.");
    expect(await findInboxSubmission(db, id, new Date())).toMatchObject({
      intakeState: "declining",
      declineLetter: adapted,
      declinedFrom: "new",
      declineLetterSentOn: null,
    });
    const html = await page(`/admin/submissions/${id}`);
    expect(html).toContain(">Declined, letter not yet sent</span>");
    expect(draftOf(html)).toBeUndefined();

    // A document, not a field: her words.
    expect(keptOf(html)).toBe(adapted);
    // In the mail program: addressed, the subject and her letter.
    const href = /href="(mailto:[^"]+)"[^>]*>Open in your mail program</.exec(html)?.[1];
    const mail = new URL(href!);
    expect(decodeURIComponent(mail.pathname)).toBe("zoe+art@example.com");
    expect(mail.searchParams.get("subject")).toBe(letters.nonEngagement.subject);
    expect(mail.searchParams.get("body")).toBe(adapted.replace(/\n/g, "\r\n"));
    // To copy: a button the page's one script shows, copying the document.
    expect(html).toMatch(/<button type="button" hidden="" data-copy="letter-body"/);
    expect(html).toContain('<script type="module" src="/admin/scripts/copy-text.js"></script>');
    const script = await inbox.get("/admin/scripts/copy-text.js");
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toContain("navigator.clipboard.writeText");
    // And to download, as text.
    const file = await inbox.get(`/admin/submissions/${id}/letter.txt`);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="decline-letter-[0-9a-f]{8}\.txt"$/);
    expect(await file.text()).toBe(`Subject: ${letters.nonEngagement.subject}\r\n\r\n${adapted.replace(/\n/g, "\r\n")}\r\n`);

    expect(await activity()).toContainEqual({
      action: "letter-written",
      submissionId: id,
      detail: "New → Declined, letter not yet sent",
      actor: "developer@localhost",
    });
  });

  it("refuses a decline without its letter, or from a page shown before the inquiry moved on", async () => {
    const id = await storeSubmission();
    expect(await shownAfter(await decline(id, "new", " \r\n "))).toContain("the decline needs its letter");
    await post(`/admin/submissions/${id}/decline`, { from: "new" });
    expect(await stateOf(id)).toBe("new");
    await step(id, "closed", "new");
    expect(await shownAfter(await decline(id, "new", "Dear Ada,"))).toContain("the inquiry moved on after that page was shown");
    expect(await findInboxSubmission(db, id, new Date())).toMatchObject({ intakeState: "closed", declineLetter: null });
  });

  it("records “declined in writing” with the day the attorney says the letter went out", async () => {
    const id = await storeSubmission();
    await decline(id, "new", "Dear Ada,");
    const today = seattleDay(new Date());
    // Not in the future, and not before the letter was written.
    for (const sentOn of [dayAfter(today, 1), dayAfter(today, -1), "2026-02-30", "yesterday"]) {
      expect(await shownAfter(await step(id, "declined", "declining", { sentOn })), sentOn).toContain("give the day the letter went out");
      expect(await stateOf(id)).toBe("declining");
    }
    expect(await shownAfter(await step(id, "declined", "declining", { sentOn: today }))).toContain("Recorded as declined in writing.");
    expect(await findInboxSubmission(db, id, new Date())).toMatchObject({ intakeState: "declined", declineLetterSentOn: today });
    const html = await page(`/admin/submissions/${id}`);
    expect(html).toContain(">Declined in writing</span>");
    expect(html).toContain("The letter was sent on ");
    expect(keptOf(html)).toBe("Dear Ada,");
    // The same form again changes nothing.
    expect(await shownAfter(await step(id, "declined", "declining", { sentOn: today }))).toContain("already recorded");
    expect((await activity()).filter((entry) => entry.action === "declined")).toEqual([
      expect.objectContaining({ detail: expect.stringMatching(/^Declined, letter not yet sent → Declined in writing, sent on /) }),
    ]);
  });

  it.each(["Ann $'", "Ann $&", "Ann $`", "Ann $1 $$", "Ann {{date}}"])("fills in the name %s exactly as it was typed", async (name) => {
    const id = await storeSubmission(new Date(), { name });
    const letter = draftOf(await page(`/admin/submissions/${id}`))!;
    expect(letter).toContain(`Dear ${name},`);
    expect(letter.match(/Dear /g)).toHaveLength(1);
    expect(letter.length).toBeLessThan(letters.nonEngagement.body.length + 200);
  });

  it("keeps no letter before the decline", async () => {
    const id = await storeSubmission();
    expect(keptOf(await page(`/admin/submissions/${id}`))).toBeUndefined();
    expect((await inbox.get(`/admin/submissions/${id}/letter.txt`)).status).toBe(404);
  });
});

describe("cancelling a decline", () => {
  const cancel = (id: string, from: IntakeState) => post(`/admin/submissions/${id}/cancel-decline`, { from });

  /** Ada, checked (Zoë matches) and at `outcome`, then declined with a letter of her own. */
  async function declinedAfter(outcome: "cleared" | "conflict") {
    await storeSubmission(new Date("2026-01-10T10:00:00Z"), { name: "Zoë Ōtani" });
    const id = await storeSubmission(new Date(), { name: "Ada Lovelace", parties: "Zoe Otani" });
    await check(id);
    await step(id, outcome, "new", outcome === "cleared" ? { reason: "Another Zoë." } : { note: "Zoë is the landlord." });
    await step(id, "declining", outcome, { letter: "Dear Ada, no." });
    return id;
  }

  it.each(["cleared", "conflict"] as const)("returns the intake to %s, its record whole, and logs it", async (outcome) => {
    const id = await declinedAfter(outcome);
    expect(await page(`/admin/submissions/${id}`)).toContain(">Cancel the decline</button>");
    const cancelled = await cancel(id, "declining");
    expect(await shownAfter(cancelled)).toContain("The decline was cancelled");
    expect(await findInboxSubmission(db, id, new Date())).toMatchObject({
      intakeState: outcome,
      clearedReason: outcome === "cleared" ? "Another Zoë." : null,
      intakeNote: outcome === "conflict" ? "Zoë is the landlord." : null,
      declinedAt: null,
      declineLetter: null,
    });
    const html = await page(`/admin/submissions/${id}`);
    expect(html).toContain(outcome === "cleared" ? "1 match reviewed: Another Zoë." : "Zoë is the landlord.");
    expect(html).toContain("Prepare the decline letter");
    expect((await inbox.get(`/admin/submissions/${id}/letter.txt`)).status).toBe(404);
    expect(await activity()).toContainEqual({
      action: "decline-cancelled",
      submissionId: id,
      detail: `Declined, letter not yet sent → ${outcome === "cleared" ? "Conflict cleared" : "Possible conflict"}`,
      actor: "developer@localhost",
    });
  });

  it("is refused once the letter is marked sent, changing nothing", async () => {
    const id = await declinedAfter("cleared");
    await step(id, "declined", "declining", { sentOn: seattleDay(new Date()) });
    expect(await page(`/admin/submissions/${id}`)).not.toContain("Cancel the decline");
    for (const from of ["declining", "declined"] as const)
      expect(await shownAfter(await cancel(id, from))).toContain("Nothing was changed: the letter is marked sent");
    expect(await findInboxSubmission(db, id, new Date())).toMatchObject({ intakeState: "declined", declineLetter: "Dear Ada, no." });
    expect((await activity()).filter((entry) => entry.action === "decline-cancelled")).toEqual([]);
  });

  it("is refused from a page shown at another state, or sent twice", async () => {
    const id = await declinedAfter("conflict");
    expect(await shownAfter(await cancel(id, "conflict"))).toContain("the inquiry moved on after that page was shown");
    expect(await stateOf(id)).toBe("declining");
    await cancel(id, "declining");
    expect(await shownAfter(await cancel(id, "declining"))).toContain("the inquiry moved on after that page was shown");
    expect(await stateOf(id)).toBe("conflict");
    expect((await activity()).filter((entry) => entry.action === "decline-cancelled")).toHaveLength(1);
  });

  it("is refused for a decline recorded before the state it came from was kept", async () => {
    const id = await storeSubmission();
    await env.DB.prepare("UPDATE contact_submissions SET intake_state = 'declining', declined_at = ? WHERE id = ?")
      .bind(Date.now(), id)
      .run();
    expect(await page(`/admin/submissions/${id}`)).not.toContain("Cancel the decline");
    expect(await shownAfter(await cancel(id, "declining"))).toContain("cannot be cancelled");
    expect(await stateOf(id)).toBe("declining");
  });

  it("answers an inquiry that does not exist with 404", async () => {
    expect((await cancel(crypto.randomUUID(), "declining")).status).toBe(404);
  });
});

describe("addresses the inbox writes", () => {
  it("never name a visitor: every /admin link and form holds no name, address or search", async () => {
    const visitor = { name: "Zoë Ōtani", email: "zoe@studio-north.com", organization: "Studio North", parties: "Acme Gallery" };
    const id = await storeSubmission(new Date(), visitor);
    await check(id);
    await step(id, "declining", "new", { letter: "Dear Zoë," });
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
    const addresses = pages.flatMap((html) =>
      [...html.matchAll(/(?:href|action)="([^"]*)"/g)].map((match) => match[1]!).filter((address) => !address.startsWith("mailto:")),
    );
    const ours = addresses.filter((address) => address.startsWith("/admin") || address.startsWith(INBOX_BASE));
    expect(ours.length).toBeGreaterThan(10);
    for (const address of ours) {
      const decoded = decodeURIComponent(address.replaceAll("&amp;", "&")).toLowerCase();
      for (const personal of ["zoë", "zoe", "otani", "ōtani", "studio", "acme", "@"]) expect(decoded, address).not.toContain(personal);
    }
  });
});
