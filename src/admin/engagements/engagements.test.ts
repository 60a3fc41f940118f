import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { monthsInWords } from "../../content/durations.ts";
import { consultations, engagementLetters, pages, site } from "../../content/index.ts";
import { activityPage } from "../../db/activity.ts";
import { linkHash } from "../../db/bookings.ts";
import { database } from "../../db/client.ts";
import { letterMatter, recordEngagementOpened, sealSignedEngagement, signEngagementLetter } from "../../db/engagements.ts";
import { engagementEvents, engagementLetters as letterRows } from "../../db/schema.ts";
import { disclosureText, fillEngagementLetter } from "../../engagement/letter.ts";
import type { Env } from "../../env.ts";
import { fetchApp, makeLocalSigningKey, postForm } from "../../test/admin.ts";
import { recordingEmail } from "../../test/email.ts";
import { decodeEntities } from "../../test/html.ts";
import { INBOX_BASE, inboxSuite } from "../../test/inbox.ts";
import { recordIntake } from "../../test/intake.ts";
import { storeSubmission } from "../../test/submissions.ts";
import { asInsider } from "../../test/insider.ts";
import { visibleText } from "../../test/visible-text.ts";
import { lastDayOf, longDay, offerExpiry } from "../shared/link-days.ts";
import { engagementCopy } from "../shared/copy.ts";
import { engagementTemplates } from "./prepare.ts";

/*
 * Engagement letters in the inbox, through the Worker's app signed in by the local signer, real D1 and R2:
 * prepared from a cleared inquiry (the template, its fields prefilled, the matter and each party's role), its
 * preview exactly as the client reads it, sent from the practice or its link shown once to copy; refusals come
 * back as typed, with why; a new version voids the old link; withdrawing; the record's page verifying its
 * chain and naming where it breaks; the signed PDF downloaded from R2 and checked against its SHA-256.
 */

const db = database(env.DB);
const inbox = inboxSuite();
const SENDER = "letters@meridian-creative-law.example";
const [hourly] = engagementTemplates();
const template = hourly!;
const signerField = template.fields.find((field) => field.prefill === "name")!;
const orgField = template.fields.find((field) => field.prefill === "organization");
/** Two fields the inquiry does not prefill: the letter's own terms. */
const [termField, otherTermField] = template.fields.filter((field) => !field.prefill);

let signingKey = "";
beforeAll(async () => {
  signingKey = await makeLocalSigningKey();
});
beforeEach(async () => {
  await env.DB.exec("DELETE FROM engagement_letters");
});

const post = (path: string, fields: Record<string, string>, overrides: Partial<Env> = {}) =>
  postForm(`${INBOX_BASE}${path}`, fields, { ADMIN_LOCAL_SIGNING_KEY: signingKey, ...overrides });
const get = (path: string) => fetchApp(`${INBOX_BASE}${path}`, {}, { ADMIN_LOCAL_SIGNING_KEY: signingKey });
const text = async (response: Response) => decodeEntities(await response.text());

/** The practice set up to send to clients, through a binding that records what it is given (or fails the first `failures`). */
function sending(failures = 0) {
  const mail = recordingEmail(failures);
  return { mail, overrides: { CLIENT_MAIL_FROM: SENDER, CLIENT_EMAIL: mail.binding as unknown as Env["CLIENT_EMAIL"] } };
}

/** A cleared inquiry from Ada, of an organization, naming two other parties. */
async function clearedInquiry(overrides: { name?: string; email?: string } = {}) {
  const id = await storeSubmission(new Date(), {
    name: "Ada Lovelace",
    email: "ada@example.com",
    organization: "Analytical Engines",
    parties: "Babbage Works; City of Seattle",
    ...overrides,
  });
  await recordIntake(db, id, "cleared");
  return id;
}

/** Every field of the hourly letter filled in, the matter named and each party's role chosen. */
function filledForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    kind: template.kind,
    ...Object.fromEntries(template.fields.map((field) => [`field-${field.name}`, `Value of ${field.name}`])),
    [`field-${signerField.name}`]: "Ada Lovelace",
    title: "Mural licensing",
    "party-0": "Babbage Works",
    "role-0": "adverse",
    "party-1": "City of Seattle",
    "role-1": "related",
    ...changes,
  };
}

/** The preview's hidden fields, as its Send form posts them. */
function sendFieldsOf(html: string): Record<string, string> {
  const form = /<form[^>]* action="[^"]*\/engagement\/send"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
  return Object.fromEntries(
    Array.from(form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g), (match) => [match[1]!, match[2]!]),
  );
}

/** Previews the filled form and sends it as `how`: the answer, and the link's secret when the page shows it. */
async function sendLetter(id: string, how: "send" | "copy", overrides: Partial<Env> = {}, changes: Record<string, string> = {}) {
  const preview = await post(`/admin/submissions/${id}/engagement/preview`, filledForm(changes), overrides);
  expect(preview.status).toBe(200);
  const fields = sendFieldsOf(await text(preview));
  expect(fields.letterSha256).toMatch(/^[0-9a-f]{64}$/);
  const response = await post(`/admin/submissions/${id}/engagement/send`, { ...fields, how }, overrides);
  const html = response.status === 303 ? "" : await text(response);
  const token = new RegExp(`${INBOX_BASE}/engage/([A-Za-z0-9_-]{43})`).exec(html)?.[1];
  return { response, html, token };
}

const lettersOf = (id: string) => db.select().from(letterRows).where(eq(letterRows.submissionId, id)).orderBy(letterRows.version);
const activity = async () => (await activityPage(db)).entries.map(({ action, detail }) => ({ action, detail }));
const source = { ip: "203.0.113.9", userAgent: "Test browser" };

describe("preparing the letter", () => {
  it("is offered on a cleared inquiry: the templates, then the chosen one's fields prefilled, the matter and each party's role unchosen", async () => {
    const id = await clearedInquiry();
    const page = await inbox.page(`/admin/submissions/${id}`);
    expect(page).toContain(`href="/admin/submissions/${id}/engagement"`);
    expect(page).toContain("Prepare the engagement letter");

    const choose = await inbox.page(`/admin/submissions/${id}/engagement`);
    for (const each of engagementTemplates()) expect(choose).toContain(`value="${each.kind}"`);
    expect(choose).not.toContain("/engagement/preview");

    const form = await inbox.page(`/admin/submissions/${id}/engagement?kind=${template.kind}`);
    expect(form).toContain(`action="/admin/submissions/${id}/engagement/preview"`);
    for (const field of template.fields) expect(form).toContain(`name="field-${field.name}"`);
    expect(form).toMatch(new RegExp(`name="field-${signerField.name}"[^>]*value="Ada Lovelace"`));
    if (orgField) expect(form).toMatch(new RegExp(`name="field-${orgField.name}"[^>]*value="Analytical Engines"`));
    expect(form).toMatch(/name="title"[^>]*value="Analytical Engines"/);
    // Each party's role is chosen, never assumed: the empty choice is the one selected.
    expect(form).toContain('name="party-0" value="Babbage Works"');
    expect(form).toContain('name="party-1" value="City of Seattle"');
    expect(form).toMatch(/<select id="engagement-role-0" name="role-0" required=""[^>]*><option value="" disabled="" selected="">/);
  });

  it("previews the letter exactly as the client will read it: the disclosure, then the filled letter; nothing stored", async () => {
    const id = await clearedInquiry();
    const response = await post(`/admin/submissions/${id}/engagement/preview`, filledForm());
    expect(response.status).toBe(200);
    const html = await text(response);
    const shown = visibleText(html);
    const { disclosure } = pages.engagement;
    expect(shown).toContain(disclosure.heading);
    expect(shown).toContain(disclosure.paperRight);
    for (const field of template.fields.filter((each) => !each.prefill)) expect(shown).toContain(`Value of ${field.name}`);
    expect(shown).not.toMatch(/\{\{/);
    expect(html).toContain("Make the link to copy");
    // The day its link would close, if sent today.
    expect(shown).toContain(longDay(offerExpiry(new Date(), pages.engagement.linkValidDays).lastDay));
    // Without sending set up, no send button.
    expect(html).not.toContain('value="send"');
    expect(await lettersOf(id)).toEqual([]);
    // With it, "Send from the practice".
    const { overrides } = sending();
    expect(await text(await post(`/admin/submissions/${id}/engagement/preview`, filledForm(), overrides))).toContain('value="send"');
  });

  it("refuses an empty field, an unknown template and a party without a role, keeping what was typed and saying why", async () => {
    const id = await clearedInquiry();
    const empty = await post(
      `/admin/submissions/${id}/engagement/preview`,
      filledForm({
        [`field-${termField!.name}`]: "  ",
        title: "",
        "role-1": "",
        [`field-${otherTermField!.name}`]: "the <mural> & its rights",
      }),
    );
    expect(empty.status).toBe(422);
    const html = await text(empty);
    expect(visibleText(html)).toContain(`“${termField!.label}”`);
    expect(visibleText(html)).toContain("“City of Seattle”");
    expect(html).toContain('role="alert"');
    // What was typed comes back as typed.
    expect(html).toMatch(/(value="|>)the <mural> & its rights("|<\/textarea>)/);
    expect(html).toMatch(/<select id="engagement-role-0"[^>]*>[\s\S]*?<option value="adverse" selected="">/);

    const unknown = await post(`/admin/submissions/${id}/engagement/preview`, filledForm({ kind: "pro-bono" }));
    expect(unknown.status).toBe(422);
    expect(visibleText(await text(unknown))).toContain("not among them");
    expect((await get(`/admin/submissions/${id}/engagement?kind=pro-bono`)).status).toBe(422);

    // Sending what was refused sends nothing.
    const send = await post(`/admin/submissions/${id}/engagement/send`, {
      ...filledForm({ [`field-${termField!.name}`]: "" }),
      how: "copy",
    });
    expect(send.status).toBe(422);
    expect(await lettersOf(id)).toEqual([]);
  });

  it("is not allowed on an inquiry not cleared: no button, the page refused, a post shown back with why", async () => {
    const id = await storeSubmission(new Date(), { name: "Grace Hopper", email: "grace@example.com" });
    expect(await inbox.page(`/admin/submissions/${id}`)).not.toContain("Prepare the engagement letter");
    const page = await get(`/admin/submissions/${id}/engagement`);
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(`/admin/submissions/${id}#engagement`);
    expect(await inbox.shownAfter(page)).toContain("once the conflict check is cleared");

    const preview = await post(`/admin/submissions/${id}/engagement/preview`, filledForm({ title: "Typed matter" }));
    expect(preview.status).toBe(422);
    const html = await text(preview);
    expect(visibleText(html)).toContain("cleared inquiry");
    expect(html).toMatch(/name="title"[^>]*value="Typed matter"/);
    const send = await post(`/admin/submissions/${id}/engagement/send`, { ...filledForm(), how: "copy" });
    expect(send.status).toBe(422);
    expect(await lettersOf(id)).toEqual([]);
    expect(await activity()).not.toContainEqual(expect.objectContaining({ action: "engagement-sent" }));
  });
});

describe("sending it", () => {
  it("copy: the version made, its link shown once (its hash alone stored, nowhere logged), the matter kept for the register", async () => {
    const logs = vi.spyOn(console, "log").mockImplementation(() => {});
    const id = await clearedInquiry();
    const { response, html, token } = await sendLetter(id, "copy");
    expect(response.status).toBe(200);
    expect(token).toBeDefined();
    const [row] = await lettersOf(id);
    expect(row).toMatchObject({ version: 1, kind: template.kind, title: template.title, clientName: "Ada Lovelace", status: "sent" });
    expect(row!.clientEmail).toBe("ada@example.com");
    expect(row!.tokenHash).toBe(await linkHash(token!));
    expect(row!.disclosureText).toBe(disclosureText(pages.engagement.disclosure));
    const values = Object.fromEntries(
      Object.entries(filledForm()).flatMap(([name, value]) => (name.startsWith("field-") ? [[name.slice(6), value]] : [])),
    );
    const expected = fillEngagementLetter(template, values, row!.createdAt, consultations.timeZone);
    expect(expected.ok && expected.text).toBe(row!.letterText);
    expect(letterMatter(row!)).toEqual({
      title: "Mural licensing",
      parties: [
        { name: "Babbage Works", role: "adverse" },
        { name: "City of Seattle", role: "related" },
      ],
    });
    // Good for the days content/pages/engagement.yaml gives, to the end of the Seattle day.
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(pages.engagement.linkValidDays - 1);
    expect(days).toBeLessThanOrEqual(pages.engagement.linkValidDays + 1);
    // The covering e-mail, filled literally, with the link, for her own mail program.
    const invitation = /<textarea id="engagement-invitation"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1] ?? "";
    expect(invitation).toContain(`${INBOX_BASE}/engage/${token}`);
    expect(invitation).toContain(longDay(lastDayOf(row!.expiresAt)));
    expect(invitation).not.toMatch(/\{\{/);
    expect(html).toContain('data-copy="engagement-link"');
    expect(html).toContain('src="/admin/scripts/copy-text.js"');
    const stored = JSON.stringify([await lettersOf(id), await env.DB.prepare("SELECT * FROM admin_activity").all()]);
    expect(stored).not.toContain(token);
    for (const call of logs.mock.calls) expect(String(call[0])).not.toContain(token);
    expect(await activity()).toContainEqual({ action: "engagement-sent", detail: expect.stringContaining(`Version 1, ${template.title}`) });
    // The inquiry lists it, sent, with its record and "Withdraw".
    const page = await inbox.page(`/admin/submissions/${id}`);
    expect(page).toContain(`>${engagementCopy.sent.label}</span>`);
    expect(page).toContain(`/admin/submissions/${id}/engagements/${row!.id}/withdraw`);
    expect(page).toContain("Prepare a new version");
  });

  it("send: the covering e-mail from CLIENT_MAIL_FROM to the inquiry, Reply-To the practice, the template's subject, with the link", async () => {
    const id = await clearedInquiry();
    const { mail, overrides } = sending();
    const { response } = await sendLetter(id, "send", overrides);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/admin/submissions/${id}#engagement`);
    expect(await inbox.shownAfter(response)).toContain("ada@example.com");
    expect(mail.sent).toHaveLength(1);
    const message = mail.sent[0] as unknown as {
      from: { email: string };
      to: string;
      replyTo: { email: string };
      subject: string;
      text: string;
    };
    expect(message.from.email).toBe(SENDER);
    expect(message.to).toBe("ada@example.com");
    expect(message.replyTo.email).toBe(site.email);
    expect(message.subject).toBe(engagementLetters[template.kind].subject);
    const token = new RegExp(`${INBOX_BASE}/engage/([A-Za-z0-9_-]{43})`).exec(message.text)?.[1];
    const [row] = await lettersOf(id);
    expect(row!.tokenHash).toBe(await linkHash(token!));
    expect(message.text).toContain("Ada Lovelace");
    expect(message.text).not.toMatch(/\{\{/);
    expect(await activity()).toContainEqual({ action: "engagement-sent", detail: expect.stringContaining("e-mailed to ada@example.com") });
  });

  it("send, the e-mail failing: the version stands and its link is shown to copy", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const id = await clearedInquiry();
    const { overrides } = sending(1);
    const { response, token } = await sendLetter(id, "send", overrides);
    expect(response.status).toBe(502);
    expect(token).toBeDefined();
    expect((await lettersOf(id))[0]!.tokenHash).toBe(await linkHash(token!));
  });

  it("refuses to send a letter that is no longer the text previewed, and to send when sending is not set up", async () => {
    const id = await clearedInquiry();
    const preview = await post(`/admin/submissions/${id}/engagement/preview`, filledForm());
    const fields = sendFieldsOf(await text(preview));
    const stale = await post(`/admin/submissions/${id}/engagement/send`, { ...fields, letterSha256: "0".repeat(64), how: "copy" });
    expect(stale.status).toBe(422);
    expect(visibleText(await text(stale))).toContain("changed since the preview");
    const unset = await post(`/admin/submissions/${id}/engagement/send`, { ...fields, how: "send" });
    expect(unset.status).toBe(422);
    expect(visibleText(await text(unset))).toContain("sending to clients is not set up");
    expect(await lettersOf(id)).toEqual([]);
  });

  it("a new version voids the old link; the form starts from the last version", async () => {
    const id = await clearedInquiry();
    const first = await sendLetter(id, "copy");
    const again = await inbox.page(`/admin/submissions/${id}/engagement`);
    expect(again).toMatch(new RegExp(`name="field-${termField!.name}"[^>]*(value="|>)Value of ${termField!.name}`));
    expect(again).toMatch(/<option value="adverse" selected="">/);
    const second = await sendLetter(id, "copy", {}, { [`field-${termField!.name}`]: "Revised terms" });
    const [v1, v2] = await lettersOf(id);
    expect(v1).toMatchObject({ version: 1, status: "voided" });
    expect(v2).toMatchObject({ version: 2, status: "sent" });
    expect(v2!.letterText).toContain("Revised terms");
    expect(await recordEngagementOpened(db, first.token!, new Date(), source)).toEqual({ outcome: "refused", reason: "voided" });
    expect((await recordEngagementOpened(db, second.token!, new Date(), source)).outcome).toBe("recorded");
    const page = await inbox.page(`/admin/submissions/${id}`);
    expect(page).toContain(`>${engagementCopy.voided.label}</span>`);
    expect(page).toContain(`>${engagementCopy.opened.label}</span>`);
    expect(await activity()).toContainEqual({ action: "engagement-sent", detail: expect.stringContaining("the version before it voided") });
  });
});

describe("withdrawing", () => {
  it("closes the link of an open letter, logged; a second withdraw changes nothing", async () => {
    const id = await clearedInquiry();
    const { token } = await sendLetter(id, "copy");
    const [row] = await lettersOf(id);
    const withdrawn = await post(`/admin/submissions/${id}/engagements/${row!.id}/withdraw`, {});
    expect(withdrawn.status).toBe(303);
    expect(await inbox.shownAfter(withdrawn)).toContain("The letter was withdrawn");
    expect((await lettersOf(id))[0]!.status).toBe("withdrawn");
    expect(await recordEngagementOpened(db, token!, new Date(), source)).toEqual({ outcome: "refused", reason: "withdrawn" });
    expect(await activity()).toContainEqual({ action: "engagement-withdrawn", detail: `Version 1, ${template.title}` });
    const page = await inbox.page(`/admin/submissions/${id}`);
    expect(page).toContain(`>${engagementCopy.withdrawn.label}</span>`);
    expect(page).not.toContain(`/engagements/${row!.id}/withdraw`);
    const twice = await post(`/admin/submissions/${id}/engagements/${row!.id}/withdraw`, {});
    expect(await inbox.shownAfter(twice)).toContain("Nothing was changed");
    // Another inquiry's letter is not found through this one.
    const other = await clearedInquiry({ name: "Alan Turing", email: "alan@example.com" });
    expect((await post(`/admin/submissions/${other}/engagements/${row!.id}/withdraw`, {})).status).toBe(404);
  });
});

describe("the record", () => {
  it("shows each event in order with time, IP, browser and e-mail, and verifies the chain to its last hash", async () => {
    const id = await clearedInquiry();
    const { token } = await sendLetter(id, "copy");
    await recordEngagementOpened(db, token!, new Date(), source);
    const [row] = await lettersOf(id);
    const html = await inbox.page(`/admin/submissions/${id}/engagements/${row!.id}`);
    const events = await db.select().from(engagementEvents).where(eq(engagementEvents.letterId, row!.id)).orderBy(engagementEvents.seq);
    expect(events.map((event) => event.kind)).toEqual(["sent", "opened"]);
    const shown = visibleText(html);
    expect(shown).toContain(`The record verifies: 2 events, each chained to the one before; last hash ${events[1]!.hash}.`);
    const listed = shown.slice(shown.indexOf("Events, in order"));
    expect(listed.indexOf(events[0]!.hash)).toBeGreaterThan(0);
    expect(listed.indexOf(events[0]!.hash)).toBeLessThan(listed.indexOf(events[1]!.hash));
    expect(shown).toContain("203.0.113.9");
    expect(shown).toContain("Test browser");
    expect(shown).toContain("ada@example.com");
    expect(shown).toContain(row!.letterSha256);
  });

  it("says where the chain breaks when a stored event is changed", async () => {
    const id = await clearedInquiry();
    const { token } = await sendLetter(id, "copy");
    await recordEngagementOpened(db, token!, new Date(), source);
    const [row] = await lettersOf(id);
    await asInsider(() =>
      env.DB.prepare("UPDATE engagement_events SET ip = '198.51.100.1' WHERE letter_id = ?1 AND seq = 2").bind(row!.id).run(),
    );
    const shown = visibleText(await inbox.page(`/admin/submissions/${id}/engagements/${row!.id}`));
    expect(shown).toContain("The record does not verify: it breaks at event 2");
    expect(shown).not.toContain("The record verifies");
  });
});

describe("the signed letter", () => {
  async function signed() {
    const id = await clearedInquiry();
    const { token } = await sendLetter(id, "copy");
    const [row] = await lettersOf(id);
    const signing = await signEngagementLetter(
      db,
      token!,
      { name: "Ada Lovelace", consent: true, agreed: true, version: 1, letterSha256: row!.letterSha256 },
      new Date(),
      source,
    );
    expect(signing.outcome).toBe("signed");
    return { id, letterId: row!.id };
  }
  const seal = (letterId: string) =>
    sealSignedEngagement(
      db,
      env.RECORDS,
      letterId,
      { practiceName: site.practiceName, timeZone: consultations.timeZone, agreement: pages.engagement.agreeLabel },
      new Date(),
    );

  it("before its PDF is stored: the download says it is on its way (404); the inquiry says it is engaged by it, and no new version", async () => {
    const { id, letterId } = await signed();
    const pending = await get(`/admin/submissions/${id}/engagements/${letterId}/pdf`);
    expect(pending.status).toBe(404);
    expect(visibleText(await text(pending))).toContain("on its way");
    const page = await inbox.page(`/admin/submissions/${id}`);
    expect(page).toContain("Engaged by the signed letter");
    expect(page).toContain(`/admin/submissions/${id}/engagements/${letterId}/pdf`);
    expect(page).not.toContain("Prepare a new version");
    const again = await get(`/admin/submissions/${id}/engagement`);
    expect(again.status).toBe(303);
    expect(await inbox.shownAfter(again)).toContain("signed already");
    const verify = visibleText(await inbox.page(`/admin/submissions/${id}/engagements/${letterId}/pdf/verify`));
    expect(verify).toContain("No PDF is stored for this letter yet");
  });

  it("downloads the stored PDF from R2 and verifies it; a changed object does not match, a missing one is missing", async () => {
    const { id, letterId } = await signed();
    const sealed = await seal(letterId);
    expect(sealed.outcome).toBe("stored");
    const { key, sha256 } = sealed as { key: string; sha256: string };
    const download = await get(`/admin/submissions/${id}/engagements/${letterId}/pdf`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="engagement-letter-v1-[0-9a-f]{8}\.pdf"$/);
    const bytes = new Uint8Array(await download.arrayBuffer());
    const stored = new Uint8Array(await (await env.RECORDS.get(key))!.arrayBuffer());
    expect(bytes).toEqual(stored);

    const record = `/admin/submissions/${id}/engagements/${letterId}`;
    expect(await inbox.page(record)).toContain(`${record}/pdf/verify`);
    expect(visibleText(await inbox.page(`${record}/pdf/verify`))).toContain(`The stored PDF matches its recorded SHA-256 (${sha256}`);

    await env.RECORDS.put(key, new TextEncoder().encode("%PDF-1.7 not the signed letter"));
    const mismatch = visibleText(await inbox.page(`${record}/pdf/verify`));
    expect(mismatch).toContain("The stored PDF does not match");
    expect(mismatch).toContain(sha256);

    await env.RECORDS.delete(key);
    expect(visibleText(await inbox.page(`${record}/pdf/verify`))).toContain("The stored PDF is missing");
    const lost = await get(`${record}/pdf`);
    expect(lost.status).toBe(404);
    expect(visibleText(await text(lost))).not.toContain("on its way");
  });
});

describe("a privacy request", () => {
  it("exports the letters sent to the address with their record; a deletion keeps them, and both pages say so and why", async () => {
    const id = await clearedInquiry({ email: "Ada@Example.com" });
    const { token } = await sendLetter(id, "copy");
    const [row] = await lettersOf(id);
    await recordEngagementOpened(db, token!, new Date(), source);
    const address = { email: "ada@example.com" };
    // A record made when the practice's own steps kept where they came from: the person's copy leaves that out.
    const practice = { ip: "203.0.113.77", userAgent: "the practice's own browser" };
    await asInsider(() =>
      env.DB.prepare("UPDATE engagement_events SET ip = ?2, user_agent = ?3 WHERE letter_id = ?1 AND kind = 'sent'")
        .bind(row!.id, practice.ip, practice.userAgent)
        .run(),
    );

    const copy = JSON.parse(await (await post("/admin/privacy/export", address)).text()) as {
      engagementLetters: Record<string, unknown>[];
    };
    expect(copy.engagementLetters).toEqual([
      expect.objectContaining({
        version: 1,
        title: template.title,
        status: "opened",
        letterSha256: row!.letterSha256,
        events: [
          expect.objectContaining({ kind: "sent", ip: null, userAgent: null }),
          expect.objectContaining({ kind: "opened", ip: source.ip, userAgent: source.userAgent }),
        ],
      }),
    ]);
    expect(JSON.stringify(copy)).not.toContain(token!);
    const document = visibleText(await (await post("/admin/privacy/export/document", address)).text());
    expect(document).toContain("The engagement letter we sent you");
    expect(document).toContain(row!.letterSha256);
    expect(document).toContain(source.ip);
    for (const trace of [practice.ip, practice.userAgent]) {
      expect(JSON.stringify(copy)).not.toContain(trace);
      expect(document).not.toContain(trace);
    }

    const why = `kept ${monthsInWords(site.retention.engagementRecordMonths)} after each letter's last step`;
    const confirm = visibleText(await (await post("/admin/privacy/delete", address)).text());
    expect(confirm).toContain("1 engagement letter sent to this address, with the record of signing, is kept whichever you choose.");
    expect(confirm).toContain(why);

    const done = await post("/admin/privacy/delete", { ...address, confirm: "1", mode: "all", reason: "She asked." });
    const cookie = /^[^;]+/.exec(done.headers.get("set-cookie") ?? "")?.[0] ?? "";
    const notice = visibleText(
      await (await fetchApp(`${INBOX_BASE}/admin/privacy`, { headers: { cookie } }, { ADMIN_LOCAL_SIGNING_KEY: signingKey })).text(),
    );
    expect(notice).toContain("Deleted 1 inquiry. Kept: 1 engagement letter sent to this address, with the record of signing.");
    expect(notice).toContain(why);
    expect(notice).not.toContain("Nothing from that address is stored");
    // The letter and its record outlive the inquiry, and a later access request still finds them.
    const [kept] = await db.select().from(letterRows).where(eq(letterRows.id, row!.id));
    expect(kept).toMatchObject({ submissionId: null, letterSha256: row!.letterSha256 });
    const later = JSON.parse(await (await post("/admin/privacy/export/full", address)).text()) as { engagementLetters: unknown[] };
    expect(later.engagementLetters).toHaveLength(1);
    expect(await activity()).toContainEqual({
      action: "deleted",
      detail: expect.stringContaining("1 engagement letter(s) kept with their records"),
    });
  });

  it("says nothing is kept when no letter was sent to the address", async () => {
    await clearedInquiry({ email: "grace@example.com", name: "Grace Hopper" });
    const confirm = visibleText(await (await post("/admin/privacy/delete", { email: "grace@example.com" })).text());
    expect(confirm).not.toContain("engagement letter");
    expect((await post("/admin/privacy/export", { email: "grace@example.com" })).ok).toBe(true);
  });
});
