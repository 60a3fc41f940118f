import { env } from "cloudflare:workers";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { disclosureParts } from "../content/engagement.ts";
import { consultations, engagementLetters, pages, site } from "../content/index.ts";
import { database } from "../db/client.ts";
import { engagementRecord, sealSignedEngagement, verifyEngagementChain, verifyEngagementPdf } from "../db/engagements.ts";
import { PHONE, clearEngagements, signedFlatFeeLetter } from "../test/engagement.ts";
import { asInsider } from "../test/insider.ts";
import { storeSubmission } from "../test/submissions.ts";
import { sha256Hex } from "./chain.ts";
import { disclosureText, fillEngagementLetter, longDate } from "./letter.ts";
import { type EngagementRecord, engagementPdf, signingTimes, winAnsi } from "./pdf.ts";
import { recordKey, storeEngagementPdf, verifyStoredPdf } from "./records.ts";

const db = database(env.DB);
const NOW = new Date(Date.UTC(2027, 2, 1, 17, 30));
const words = { practiceName: site.practiceName, timeZone: consultations.timeZone, agreement: pages.engagement.agreeLabel };

const VALUES = {
  clientName: "Zoë Łukasiewicz",
  client: "Northwind Gallery LLC",
  matter: "the sale of three works to the Harbor Museum",
  scope: "Draft the consignment agreement.\nNegotiate it with the museum's counsel, one round.",
  exclusions: "Shipping, insurance and customs.",
  flatFee: "$1,800",
  feeTerms: "In full before work begins.",
};

/** A flat-fee letter sent, consented to and signed, its record as the database holds it. */
async function signedLetter() {
  const submissionId = await storeSubmission(NOW, { name: "Zoë Łukasiewicz", email: "zoe@northwind.example" });
  const sent = { values: VALUES, clientEmail: "zoe@northwind.example", now: NOW, consentFirst: true };
  const { letter } = await signedFlatFeeLetter(db, submissionId, sent);
  return (await engagementRecord(db, letter.id))!;
}

/** The text a PDF parser reads on every page, spaces and line breaks as one space. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

beforeEach(clearEngagements);

describe("the signed letter's PDF", () => {
  it("is made in the Worker, and a PDF parser reads back the letter's words, the signature and the certificate's hashes", async () => {
    const { letter, events } = await signedLetter();
    const sealed = await sealSignedEngagement(db, env.RECORDS, letter.id, words, NOW);
    expect(sealed).toMatchObject({ outcome: "stored", key: recordKey(letter.id) });
    if (sealed.outcome !== "stored") return;
    const object = await env.RECORDS.get(sealed.key);
    expect(object?.httpMetadata?.contentType).toBe("application/pdf");
    const bytes = new Uint8Array(await object!.arrayBuffer());
    expect(await sha256Hex(bytes)).toBe(sealed.sha256);
    expect((await engagementRecord(db, letter.id))!.letter).toMatchObject({ pdfKey: sealed.key, pdfSha256: sealed.sha256 });

    const text = await pdfText(bytes);
    // The letter, its flat-fee statement as filled in, and its closing.
    expect(text).toContain(`For a flat fee of $1,800, ${site.practiceName} agrees to provide the following services:`);
    expect(text).toContain("Draft the consignment agreement.");
    expect(text).toContain("Paying the fee in advance does not affect your right to end our attorney-client relationship at any time.");
    // Characters the standard font cannot show, transliterated: Ł is L; ë is in WinAnsi and stays.
    expect(text).toContain("Dear Zoë Lukasiewicz,");
    // The signature block.
    const signedAt = signingTimes(letter.signedAt!, consultations.timeZone);
    expect(text).toContain("Signed electronically");
    expect(text).toContain(`${signedAt.local} (${consultations.timeZone})`);
    expect(text).toContain(signedAt.utc);
    expect(text).toContain(pages.engagement.agreeLabel);
    // The certificate: both texts' hashes, each event with its address, browser and hash, and the chain's last hash.
    expect(text).toContain("Certificate of electronic signature");
    expect(text).toContain(letter.letterSha256);
    expect(text).toContain(letter.disclosureSha256);
    for (const event of events) {
      expect(text).toContain(`${event.seq}. ${event.kind}`);
      expect(text).toContain(event.hash);
      if (event.ip) expect(text).toContain(event.ip);
    }
    expect(text).toContain(PHONE.userAgent);
    const check = await verifyEngagementChain(db, letter.id);
    expect(check?.ok && check.lastHash).toBe(events.at(-1)!.hash);
    expect(text).toContain(`Last hash of the chain ${events.at(-1)!.hash}`);

    // The exact texts ride along, attached, every character kept.
    const document = await getDocumentProxy(new Uint8Array(bytes));
    const attachments = (await document.getAttachments()) as Record<string, { filename: string; content: Uint8Array }>;
    const attached = Object.fromEntries(Object.values(attachments).map((file) => [file.filename, new TextDecoder().decode(file.content)]));
    expect(attached["letter.txt"]).toBe(letter.letterText);
    expect(attached["disclosure.txt"]).toBe(letter.disclosureText);
    expect(await sha256Hex(attached["letter.txt"]!)).toBe(letter.letterSha256);
  });

  it("shows where the client's steps came from, and who took the practice's, never where from", async () => {
    const { letter, events } = await signedLetter();
    const check = await verifyEngagementChain(db, letter.id);
    if (!check?.ok) throw new Error("broken");
    // As a record made when the practice's steps kept where they came from holds them.
    const practice = { ip: "203.0.113.77", userAgent: "the practice's own browser" };
    const pdf = await engagementPdf({
      letter: { ...letter, signedAt: letter.signedAt!, signedName: letter.signedName! },
      events: events.map((event) => (event.kind === "sent" ? { ...event, ...practice } : event)),
      lastHash: check.lastHash,
      ...words,
    });
    const text = await pdfText(pdf);
    expect(text).toContain(`1. sent Time`);
    expect(text).toContain(`By ${site.practiceName}`);
    expect(text).toContain("by attorney@example.com");
    expect(text).toContain(PHONE.ip);
    expect(text).toContain(PHONE.userAgent);
    expect(text).not.toContain(practice.ip);
    expect(text).not.toContain(practice.userAgent);
  });

  it("is the same bytes each time it is made from the same record, and sealed once", async () => {
    const { letter } = await signedLetter();
    const check = await verifyEngagementChain(db, letter.id);
    if (!check?.ok) throw new Error("broken");
    const record: EngagementRecord = {
      letter: { ...letter, signedAt: letter.signedAt!, signedName: letter.signedName! },
      events: (await engagementRecord(db, letter.id))!.events,
      lastHash: check.lastHash,
      ...words,
    };
    const [one, two] = await Promise.all([engagementPdf(record), engagementPdf(record)]);
    expect(await sha256Hex(one)).toBe(await sha256Hex(two));
    const first = await sealSignedEngagement(db, env.RECORDS, letter.id, words, NOW);
    expect(await sealSignedEngagement(db, env.RECORDS, letter.id, words, new Date(NOW.getTime() + 1))).toEqual(first);
  });

  it("is checked against its recorded SHA-256 when read back: a changed or missing object is found", async () => {
    const { letter } = await signedLetter();
    const sealed = await sealSignedEngagement(db, env.RECORDS, letter.id, words, NOW);
    if (sealed.outcome !== "stored") throw new Error("not stored");
    expect(await verifyEngagementPdf(db, env.RECORDS, letter.id)).toMatchObject({ status: "match", sha256: sealed.sha256 });
    const bytes = new Uint8Array(await (await env.RECORDS.get(sealed.key))!.arrayBuffer());
    bytes[bytes.length >> 1]! ^= 1;
    await env.RECORDS.put(sealed.key, bytes);
    const changed = await verifyEngagementPdf(db, env.RECORDS, letter.id);
    expect(changed).toMatchObject({ status: "mismatch", bytes: bytes.length });
    expect(changed.status === "mismatch" && changed.sha256).not.toBe(sealed.sha256);
    await env.RECORDS.delete(sealed.key);
    expect(await verifyEngagementPdf(db, env.RECORDS, letter.id)).toEqual({ status: "missing" });
    expect(await verifyStoredPdf(env.RECORDS, "engagement-letters/none.pdf", sealed.sha256)).toEqual({ status: "missing" });
  });

  it("is not made of a letter unsigned, nor of a record that does not verify", async () => {
    const { letter } = await signedLetter();
    await asInsider(() => env.DB.prepare("DELETE FROM engagement_events WHERE letter_id = ?1 AND seq = 2").bind(letter.id).run());
    expect(await sealSignedEngagement(db, env.RECORDS, letter.id, words, NOW)).toMatchObject({
      outcome: "broken",
      check: { ok: false, broken: { at: "event", seq: 3, reason: "sequence" } },
    });
    expect(await verifyEngagementPdf(db, env.RECORDS, letter.id)).toEqual({ status: "none" });
    expect(await sealSignedEngagement(db, env.RECORDS, "no-such-letter", words, NOW)).toEqual({ outcome: "not-signed" });
    expect((await env.RECORDS.list()).objects).toEqual([]);
  });

  it("is stored with its SHA-256, which R2 checks the bytes it receives against", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 a record");
    const stored = await storeEngagementPdf(env.RECORDS, "letter-1", bytes);
    expect(stored).toEqual({ key: recordKey("letter-1"), sha256: await sha256Hex(bytes) });
    expect(await verifyStoredPdf(env.RECORDS, stored.key, stored.sha256)).toMatchObject({ status: "match", bytes: bytes.length });
    await expect(env.RECORDS.put("engagement-letters/other.pdf", bytes, { sha256: "0".repeat(64) })).rejects.toThrow();
    expect(await env.RECORDS.head("engagement-letters/other.pdf")).toBeNull();
  });
});

/**
 * The bound of a hostile input's test: a few times what it takes on two busy cores, read back included, where a
 * cut that grows with the cube of the word's length needs tens of seconds for 4,000 characters.
 */
const HOSTILE_MS = 10_000;

describe("a word longer than a line", () => {
  // pdf-lib and the parser loaded and run once first: what each test takes is the PDF's own making and reading.
  beforeAll(async () => {
    const { PDFDocument } = await import("pdf-lib");
    const empty = await PDFDocument.create();
    empty.addPage();
    await pdfText(await empty.save());
  });

  // A record can hold a browser description of any length (one kept before they were capped): cut in one
  // pass, it costs the PDF little.
  it.each([4_000, 100_000])(
    "of %i characters is cut into lines in one pass, every character kept in order",
    async (length) => {
      const { letter, events } = await signedLetter();
      const check = await verifyEngagementChain(db, letter.id);
      if (!check?.ok) throw new Error("broken");
      const word = Array.from({ length }, (_, index) => "AMiW1."[index % 6]).join("");
      const pdf = await engagementPdf({
        letter: { ...letter, signedAt: letter.signedAt!, signedName: letter.signedName! },
        events: events.map((event) => (event.kind === "signed" ? { ...event, userAgent: word } : event)),
        lastHash: check.lastHash,
        ...words,
      });
      // Read back without the pages' footers (the word runs over several pages) and the spaces between its lines.
      const footer = new RegExp(`${site.practiceName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} · [^·]* · page \\d+ of \\d+`, "g");
      expect((await pdfText(pdf)).replace(footer, "").replace(/ /g, "")).toContain(word);
    },
    HOSTILE_MS,
  );
});

describe("the standard fonts' characters", () => {
  it("keep what WinAnsi holds and transliterate the rest, or show ?", async () => {
    const { PDFDocument, StandardFonts } = await import("pdf-lib");
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const known = new Set(font.getCharacterSet());
    expect(winAnsi("Zoë Łukasiewicz, Ōkubo — “quoted” café", known)).toBe("Zoë Lukasiewicz, Okubo — “quoted” café");
    expect(winAnsi("Dvořák\u00A0& ☃ 李", known)).toBe("Dvor\u00E1k\u00A0& ? ?");
  });
});

describe("a letter filled in", () => {
  const template = engagementLetters.hourly;
  const full = Object.fromEntries(template.fields.map((field) => [field.name, `the ${field.name}`]));

  it("takes each field's value literally, the day in the practice's zone, and names the fields left empty", () => {
    const filled = fillEngagementLetter(
      template,
      { ...full, clientName: "Ana $& Co {{email}}" },
      new Date(Date.UTC(2027, 0, 1, 5)),
      "America/Los_Angeles",
    );
    expect(filled.ok).toBe(true);
    if (!filled.ok) return;
    expect(filled.text.startsWith("December 31, 2026\n")).toBe(true);
    expect(filled.text).toContain("Dear Ana $& Co {{email}},");
    expect(filled.text).not.toMatch(/\{\{(?!email\}\})/);
    expect(longDate(new Date(Date.UTC(2027, 0, 1, 5)), "UTC")).toBe("January 1, 2027");
    expect(fillEngagementLetter(template, { ...full, scope: "  ", deposit: undefined }, NOW, "UTC")).toEqual({
      ok: false,
      missing: ["scope", "deposit"],
    });
  });

  it("keeps a long field's lines and a short field on one line, without control characters", () => {
    const filled = fillEngagementLetter(
      template,
      { ...full, scope: "One.\r\nTwo.\n\n\n\nThree.\u0007", hourlyRate: "$350\nan hour\u202E" },
      NOW,
      "UTC",
    );
    expect(filled.ok && filled.values).toMatchObject({ scope: "One.\nTwo.\n\nThree.", hourlyRate: "$350 an hour" });
  });

  it("carries the disclosure with every part, in order, as one text", () => {
    const { disclosure } = pages.engagement;
    const text = disclosureText(disclosure);
    const parts = text.split("\n\n");
    expect(parts).toEqual([
      disclosure.heading,
      disclosure.intro,
      ...Object.keys(disclosureParts).map((part) => disclosure[part as keyof typeof disclosureParts]),
    ]);
  });
});
