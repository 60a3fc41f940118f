import { env } from "cloudflare:workers";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { consultations, engagementLetters, pages, site } from "../../content/index.ts";
import { database } from "../../db/client.ts";
import { createEngagementLetter, sealSignedEngagement, withdrawEngagementLetter } from "../../db/engagements.ts";
import { disclosureText, fillEngagementLetter } from "../../engagement/letter.ts";
import type { Env, QueueMessage } from "../../env.ts";
import { fetchApp } from "../../test/admin.ts";
import { decodeEntities, fetchPath, visitorAddress } from "../../test/html.ts";
import { asInsider } from "../../test/insider.ts";
import { clearSubmissions, storeSubmission } from "../../test/submissions.ts";

const db = database(env.DB);
const copy = pages.engagement;
const CLIENT = "Zoë Łukasiewicz";
const words = { practiceName: site.practiceName, timeZone: consultations.timeZone, agreement: copy.agreeLabel };

/** Values for every field of the hourly letter: each field's name, as a recognisable text. */
const valuesOf = (fields: readonly { readonly name: string }[]) =>
  Object.fromEntries(fields.map((field) => [field.name, field.name === "clientName" ? CLIENT : `the ${field.name} <b>as typed</b>`]));

/** An hourly letter sent for an inquiry (a new one unless given); its link's path, token, id and text. */
async function sent(options: { readonly expiresInDays?: number; readonly submissionId?: string } = {}) {
  const submissionId = options.submissionId ?? (await storeSubmission(new Date(), { name: CLIENT, email: "zoe@northwind.example" }));
  const template = engagementLetters.hourly;
  const filled = fillEngagementLetter(template, valuesOf(template.fields), new Date(), consultations.timeZone);
  if (!filled.ok) throw new Error(`not filled: ${filled.missing.join(", ")}`);
  const created = await createEngagementLetter(
    db,
    {
      submissionId,
      kind: "hourly",
      title: template.title,
      clientName: CLIENT,
      clientEmail: "zoe@northwind.example",
      fieldValues: filled.values,
      letterText: filled.text,
      disclosureText: disclosureText(copy.disclosure),
      expiresAt: new Date(Date.now() + (options.expiresInDays ?? 14) * 86_400_000),
    },
    { by: "attorney@example.com", now: new Date(Date.now() - 60_000) },
  );
  if (created.outcome !== "created") throw new Error("not created");
  return { path: `/engage/${created.token}`, token: created.token, id: created.letter.id, text: filled.text, submissionId };
}

/** A page's text, tags stripped, entities decoded, spaces as one. */
const textOf = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));

/** A content text as the page shows it: spaces as one. */
const spaced = (text: string) => text.replace(/\s+/g, " ").trim();

/** A text without its spaces, so a link inside a sentence compares as the sentence. */
const compact = (text: string) => text.replace(/\s+/g, "");

/** The attributes of the page's input named `name`. */
function inputNamed(html: string, name: string): string {
  const tag = Array.from(html.matchAll(/<input\b[^>]*>/g), (match) => match[0]).find((each) => each.includes(` name="${name}"`));
  if (!tag) throw new Error(`no input named ${name}`);
  return tag;
}

/** A text of the page's words with `{slot}`s filled by anything: a pattern of what the page says. */
const filledPattern = (text: string) =>
  new RegExp(
    text
      .split(/\{\w+\}/)
      .map((part) => spaced(part).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".+"),
  );

/** The client's address in this test: one of its own, so its posts count against no other test's limit. */
let ip = visitorAddress();

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) Safari/605.1.15";

/** What the Worker queued in this test: the posts below go to a queue that records. */
let queued: QueueMessage[] = [];
const recordingQueue = { send: async (message: QueueMessage) => void queued.push(message) } as unknown as Env["CONTACT_QUEUE"];

/**
 * Posts the link's form as a browser does from the page (no referrer, so `Origin: null`), without following
 * the redirect, to the Worker with a queue that records (so no consumer seals or mails behind the test).
 */
const post = (path: string, fields: Record<string, string>, userAgent = PHONE) =>
  fetchApp(
    `http://localhost${path}`,
    {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "null",
        "sec-fetch-site": "same-origin",
        "cf-connecting-ip": ip,
        "user-agent": userAgent,
      },
      body: new URLSearchParams(fields).toString(),
    },
    { CONTACT_QUEUE: recordingQueue },
  );

/** The signing form's hidden fields as the page gives them. */
function signingFields(html: string): { version: string; letterSha256: string } {
  const hidden = (name: string) => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
  const version = hidden("version");
  const letterSha256 = hidden("letterSha256");
  if (!version || !letterSha256) throw new Error("the page has no signing form");
  return { version, letterSha256 };
}

/** A letter's events, in order: kind, IP and user agent. */
const eventsOf = async (id: string) =>
  (
    await env.DB.prepare("SELECT kind, ip, user_agent AS userAgent FROM engagement_events WHERE letter_id = ? ORDER BY seq")
      .bind(id)
      .all<{ kind: string; ip: string | null; userAgent: string | null }>()
  ).results;

const statusOf = (id: string) => env.DB.prepare("SELECT status FROM engagement_letters WHERE id = ?").bind(id).first<string>("status");

/** Consents by the page's POST; the page of the letter to sign. */
async function consented(path: string, userAgent = PHONE): Promise<string> {
  const response = await post(path, { action: "consent", consent: "yes" }, userAgent);
  expect(response.status).toBe(303);
  return (await fetchPath(path)).text();
}

/** The text a PDF parser reads on every page, spaces and line breaks as one space. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

beforeEach(async () => {
  ip = visitorAddress();
  queued = [];
  await env.DB.exec("DELETE FROM engagement_letters");
  await clearSubmissions();
  const listed = await env.RECORDS.list();
  for (const object of listed.objects) await env.RECORDS.delete(object.key);
});

describe("an engagement link", () => {
  it("shows the disclosure first, never cached, indexed or referred, and a GET records nothing", async () => {
    const { path, id } = await sent();
    const before = await eventsOf(id);
    const response = await fetchPath(path, { headers: { "user-agent": PHONE } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).not.toContain('rel="canonical"');
    const text = textOf(html);
    expect(text).toMatch(filledPattern(copy.lead));
    expect(text).toContain(CLIENT);
    // The disclosure's parts, in their order, the practice's address a link.
    const parts = [copy.disclosure.heading, copy.disclosure.intro, copy.disclosure.paperRight, copy.disclosure.requirements].map(spaced);
    const at = parts.map((part) => compact(text).indexOf(compact(part)));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(html).toContain(`href="mailto:${site.email}"`);
    for (const label of [copy.consentLabel, copy.consentButton, copy.decline.button, copy.paper.button])
      expect(text).toContain(spaced(label));
    // Not the letter yet.
    expect(text).not.toContain(copy.signButton);
    await fetchPath(path);
    const head = await fetchPath(path, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("cache-control")).toBe("no-store");
    expect(await eventsOf(id)).toEqual(before);
    expect(await statusOf(id)).toBe("sent");
  });

  it("records the letter opened and the consent by one POST, with the client's address and browser, then shows the letter", async () => {
    const { path, id, text: letterText } = await sent();
    const html = await consented(path);
    expect((await eventsOf(id)).map((event) => event.kind)).toEqual(["sent", "opened", "consented"]);
    expect((await eventsOf(id)).at(-1)).toEqual({ kind: "consented", ip, userAgent: PHONE });
    expect(await statusOf(id)).toBe("consented");
    const text = textOf(html);
    // The letter's exact text, escaped: what a field's value held is shown, never read as markup.
    for (const paragraph of letterText.split(/\n\n+/)) expect(text).toContain(spaced(paragraph));
    expect(html).not.toContain("<b>as typed</b>");
    expect(html).toContain("&lt;b&gt;as typed&lt;/b&gt;");
    const sha = (await env.DB.prepare("SELECT letter_sha256 FROM engagement_letters WHERE id = ?")
      .bind(id)
      .first<string>("letter_sha256"))!;
    expect(text).toContain(sha);
    expect(signingFields(html)).toEqual({ version: "1", letterSha256: sha });
    expect(text).toMatch(filledPattern(copy.letterNote));
    for (const label of [copy.nameLabel, copy.agreeLabel, copy.signButton, copy.decline.button, copy.paper.button])
      expect(text).toContain(spaced(label));
    // Consenting again changes nothing.
    expect((await post(path, { action: "consent", consent: "yes" })).status).toBe(303);
    expect(await eventsOf(id)).toHaveLength(3);
  });

  it("refuses to continue without the consent, with the reason, the box marked and focused", async () => {
    const { path, id } = await sent();
    const response = await post(path, { action: "consent" });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(textOf(html)).toContain(copy.refusals.consentMissing);
    expect(inputNamed(html, "consent")).toContain('aria-invalid="true"');
    expect(inputNamed(html, "consent")).toContain('aria-describedby="engagement-refusal"');
    expect(inputNamed(html, "consent")).toContain("autofocus");
    expect(html).toContain('id="engagement-refusal"');
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it("signs with one POST, then shows the signed page with its PDF, and later the link as closed", async () => {
    const { path, id } = await sent();
    const html = await consented(path);
    const signed = await post(path, { action: "sign", name: `  ${CLIENT} `, agree: "yes", ...signingFields(html) });
    expect(signed.status).toBe(303);
    expect(signed.headers.get("location")).toBe(`${path}?done=signed`);
    expect((await eventsOf(id)).map((event) => event.kind)).toEqual(["sent", "opened", "consented", "signed"]);
    // The signed copy's sealing and mail, queued.
    expect(queued).toEqual([{ kind: "engagement-signed", letterId: id }]);
    const row = await env.DB.prepare("SELECT status, signed_name FROM engagement_letters WHERE id = ?").bind(id).first();
    expect(row).toEqual({ status: "signed", signed_name: CLIENT });
    const page = await (await fetchPath(`${path}?done=signed`)).text();
    expect(textOf(page)).toContain(copy.signed.heading);
    expect(page).toContain(`href="${path}/signed.pdf"`);
    expect(textOf(page)).toContain(copy.signed.download);
    // A later visit: the link opens nothing to sign, and says why.
    const later = await fetchPath(path);
    expect(later.status).toBe(200);
    const laterText = textOf(await later.text());
    expect(laterText).toContain(copy.closed.heading);
    expect(laterText).toContain(copy.closed.signed);
    // A second signature, from the page left open, signs nothing more.
    expect((await post(path, { action: "sign", name: "Someone Else", agree: "yes", ...signingFields(html) })).status).toBe(303);
    expect((await eventsOf(id)).filter((event) => event.kind === "signed")).toHaveLength(1);
  });

  it("makes one signature of two signing POSTs at once", async () => {
    const { path, id } = await sent();
    const fields = { action: "sign", name: CLIENT, agree: "yes", ...signingFields(await consented(path)) };
    const answers = await Promise.all([post(path, fields), post(path, fields), post(path, fields)]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303]);
    const events = await eventsOf(id);
    expect(events.filter((event) => event.kind === "signed")).toHaveLength(1);
    expect(events.map((event) => event.kind)).toEqual(["sent", "opened", "consented", "signed"]);
    // Posts in the same millisecond make the same event, which each finds recorded: the copy may be queued
    // more than once, and the consumer does each part once.
    expect(queued.length).toBeGreaterThan(0);
    expect(new Set(queued.map((message) => JSON.stringify(message)))).toEqual(
      new Set([JSON.stringify({ kind: "engagement-signed", letterId: id })]),
    );
  });

  it("refuses an empty name, a name with control characters and a missing agreement, keeping what was typed", async () => {
    const { path, id } = await sent();
    const fields = { action: "sign", ...signingFields(await consented(path)) };
    const refusedWith = async (extra: Record<string, string>) => {
      const response = await post(path, { ...fields, ...extra });
      expect(response.status).toBe(409);
      return response.text();
    };
    const empty = await refusedWith({ name: "   ", agree: "yes" });
    expect(textOf(empty)).toContain(copy.refusals.nameEmpty);
    expect(inputNamed(empty, "name")).toContain('aria-invalid="true"');
    expect(inputNamed(empty, "name")).toContain("autofocus");
    expect(inputNamed(empty, "agree")).toContain('checked=""');
    // The reason stands under the field it names, where the focused field brings it into view.
    expect(empty.indexOf('id="engagement-refusal"')).toBeGreaterThan(empty.indexOf(inputNamed(empty, "name")));
    const control = await refusedWith({ name: "Zoë\u0007 Ł", agree: "yes" });
    expect(textOf(control)).toContain(copy.refusals.nameInvalid);
    const disagreed = await refusedWith({ name: "Zoë Ł" });
    expect(textOf(disagreed)).toContain(copy.refusals.agreementMissing);
    expect(inputNamed(disagreed, "name")).toContain('value="Zoë Ł"');
    expect(inputNamed(disagreed, "agree")).toContain('aria-invalid="true"');
    expect(inputNamed(disagreed, "agree")).not.toContain("checked");
    expect(await statusOf(id)).toBe("consented");
    expect((await eventsOf(id)).map((event) => event.kind)).not.toContain("signed");
  });

  it("refuses a signature of a version or text the letter does not have, showing the letter as it stands", async () => {
    const { path, id } = await sent();
    const fields = signingFields(await consented(path));
    for (const stale of [
      { ...fields, version: "2" },
      { ...fields, letterSha256: "0".repeat(64) },
    ]) {
      const response = await post(path, { action: "sign", name: CLIENT, agree: "yes", ...stale });
      expect(response.status).toBe(409);
      const html = await response.text();
      expect(textOf(html)).toContain(copy.refusals.stale);
      expect(signingFields(html)).toEqual(fields);
    }
    expect(await statusOf(id)).toBe("consented");
  });

  it("asks for the consent before a signature posted without it", async () => {
    const { path, id, text } = await sent();
    const sha = (await env.DB.prepare("SELECT letter_sha256 FROM engagement_letters WHERE id = ?")
      .bind(id)
      .first<string>("letter_sha256"))!;
    const response = await post(path, { action: "sign", name: CLIENT, agree: "yes", version: "1", letterSha256: sha });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(textOf(html)).toContain(copy.refusals.consentMissing);
    expect(textOf(html)).not.toContain(spaced(text.split("\n\n")[1]!));
    expect(inputNamed(html, "consent")).toContain('aria-invalid="true"');
    // Whatever else was wrong with it (an empty name, here), the consent is what the page asks for first.
    const empty = await post(path, { action: "sign", name: "", version: "1", letterSha256: sha });
    expect(empty.status).toBe(409);
    expect(textOf(await empty.text())).toContain(copy.refusals.consentMissing);
    expect(await statusOf(id)).toBe("sent");
  });

  it("records a decline and a request for paper, each by one POST, and shows their pages", async () => {
    const declined = await sent();
    expect((await post(declined.path, { action: "decline" })).status).toBe(303);
    expect(await statusOf(declined.id)).toBe("declined");
    expect(textOf(await (await fetchPath(declined.path)).text())).toContain(copy.declined.heading);
    const paper = await sent();
    await consented(paper.path);
    expect((await post(paper.path, { action: "paper" })).status).toBe(303);
    expect(await statusOf(paper.id)).toBe("paper-requested");
    expect(textOf(await (await fetchPath(paper.path)).text())).toContain(copy.paperRequested.heading);
    expect((await eventsOf(paper.id)).map((event) => event.kind)).toEqual(["sent", "opened", "consented", "paper-requested"]);
    // Nothing more is taken from a link answered so.
    expect((await post(paper.path, { action: "decline" })).status).toBe(303);
    expect(await statusOf(paper.id)).toBe("paper-requested");
  });

  it("answers an unknown, expired, voided or withdrawn link with one clear page, and takes no step by it", async () => {
    const unknown = [`/engage/${"A".repeat(43)}`, "/engage/not-a-link", "/engage/x/y/z", "/engage/"];
    for (const path of unknown) {
      const response = await fetchPath(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = textOf(await response.text());
      expect(text).toContain(copy.closed.heading);
    }
    const expired = await sent({ expiresInDays: -1 });
    const voided = await sent();
    await sent({ submissionId: voided.submissionId });
    const withdrawn = await sent();
    await withdrawEngagementLetter(db, withdrawn.id, { by: "attorney@example.com", now: new Date() });
    for (const [link, sentence] of [
      [expired, copy.closed.expired],
      [voided, copy.closed.voided],
      [withdrawn, copy.closed.withdrawn],
    ] as const) {
      const response = await fetchPath(link.path);
      expect(response.status).toBe(200);
      const text = textOf(await response.text());
      expect(text).toContain(copy.closed.heading);
      expect(text).toContain(spaced(sentence));
      const events = await eventsOf(link.id);
      const steps: Record<string, string>[] = [
        { action: "consent", consent: "yes" },
        { action: "decline" },
        { action: "sign", name: CLIENT, agree: "yes", version: "1" },
      ];
      for (const fields of steps) expect((await post(link.path, fields)).status).toBe(303);
      expect(await eventsOf(link.id)).toEqual(events);
    }
    expect((await fetchPath(`${expired.path}/signed.pdf`)).status).toBe(404);
  });

  it("is limited per client, with the booking links", async () => {
    const { path } = await sent();
    const statuses: number[] = [];
    for (let request = 0; request < 40; request++) statuses.push((await fetchPath(path, { headers: { "cf-connecting-ip": ip } })).status);
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
    // Another client is not held back by this one.
    expect((await fetchPath(path)).status).toBe(200);
  });

  it("refuses a post from another site", async () => {
    const { path, id } = await sent();
    const response = await fetchPath(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://elsewhere.example" },
      body: "action=decline",
    });
    expect(response.status).toBe(403);
    expect(await statusOf(id)).toBe("sent");
  });

  it("answers a signed letter whose record does not verify with a page that says so, logged by the letter, not the link", async () => {
    const { path, id, token } = await sent();
    await post(path, { action: "sign", name: CLIENT, agree: "yes", ...signingFields(await consented(path)) });
    await asInsider(() =>
      env.DB.prepare("UPDATE engagement_events SET ip = '192.0.2.1' WHERE letter_id = ?1 AND kind = 'consented'").bind(id).run(),
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await fetchPath(`${path}/signed.pdf`);
    expect(response.status).toBe(409);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(textOf(await response.text())).toContain(spaced(copy.closed.unverified.replace(/\{\{email\}\}/g, site.email)));
    expect(String(logged.mock.calls)).toContain(id);
    expect(String(logged.mock.calls)).not.toContain(token);
    logged.mockRestore();
  });

  it("downloads the signed PDF: made from the record until sealed, the same bytes as sealed, stored nowhere", async () => {
    const { path, id, text } = await sent();
    expect((await fetchPath(`${path}/signed.pdf`)).status).toBe(404);
    const fields = signingFields(await consented(path));
    await post(path, { action: "sign", name: CLIENT, agree: "yes", ...fields });
    const made = await fetchPath(`${path}/signed.pdf`);
    expect(made.status).toBe(200);
    expect(made.headers.get("content-type")).toBe("application/pdf");
    expect(made.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]+\.pdf"$/);
    expect(made.headers.get("cache-control")).toBe("no-store");
    const bytes = await made.arrayBuffer();
    expect((await env.RECORDS.list()).objects).toHaveLength(0);
    const read = await pdfText(bytes.slice(0));
    const paragraph = text.split("\n\n").find((each) => each.includes("as typed"))!;
    expect(read).toContain(
      spaced(paragraph.replace(/[^\x20-\x7e]/g, " "))
        .split(" ")
        .slice(0, 6)
        .join(" "),
    );
    expect(read).toContain(fields.letterSha256);
    // Sealed by the queue's consumer: the stored copy is served, and it is the one made before.
    const sealed = await sealSignedEngagement(db, env.RECORDS, id, words, new Date());
    expect(sealed.outcome).toBe("stored");
    const stored = await (await fetchPath(`${path}/signed.pdf`)).arrayBuffer();
    expect(new Uint8Array(stored)).toEqual(new Uint8Array(bytes));
  });
});

/**
 * The bound of a hostile input's test: many times what it takes on two busy cores, where an uncapped description
 * through a cut that grows with the cube of its length needs tens of seconds at 4,000 characters.
 */
const HOSTILE_MS = 10_000;

describe("a browser description of any length", () => {
  // pdf-lib loaded as an isolate's first signature loads it, so what each test takes is the sealing's own work.
  beforeAll(() => import("pdf-lib"));

  // The client writes it: kept to 512 characters, so the certificate that prints it is made at once.
  it.each([4_000, 100_000])(
    "of %i characters is kept to its first 512, and the signed copy is sealed at once",
    async (length) => {
      const { path, id } = await sent();
      const userAgent = `Mozilla/5.0 ${"W".repeat(length)}`;
      const fields = signingFields(await consented(path, userAgent));
      expect((await post(path, { action: "sign", name: CLIENT, agree: "yes", ...fields }, userAgent)).status).toBe(303);
      const clients = (await eventsOf(id)).filter((event) => event.kind !== "sent");
      expect(clients.map((event) => event.kind)).toEqual(["opened", "consented", "signed"]);
      for (const event of clients) expect(event.userAgent).toBe(userAgent.slice(0, 512));
      expect(await sealSignedEngagement(db, env.RECORDS, id, words, new Date())).toMatchObject({ outcome: "stored" });
    },
    HOSTILE_MS,
  );
});
