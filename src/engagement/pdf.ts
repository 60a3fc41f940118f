/**
 * The signed engagement letter as a PDF (pdf-lib, in the Worker): the letter's text, wrapped and paginated;
 * the signature block (the name typed, the date and time in the practice's zone and in UTC, the address the
 * link went to); and a certificate page: the SHA-256 of the letter's exact text and of the disclosure's, every
 * event of the record with its time, internet address and browser (the client's steps; the practice's name who
 * acted), e-mail address, each event's hash and the chain's last. The exact texts are attached to the PDF as UTF-8 files (letter.txt, disclosure.txt), so their
 * hashes can be checked from the PDF alone.
 *
 * The page text is set in PDF's standard Helvetica and Courier, which need no embedded font but can show only
 * the Windows-1252 (WinAnsi) characters: any other character is transliterated where it has a plain Latin
 * form (Ł → L, ő → o, “ ” kept as they are in WinAnsi) and shown as ? otherwise; the certificate says so, and
 * the attached texts keep every character. The same record gives the same bytes (dates are the signing's), so
 * a PDF made twice has one SHA-256.
 */
import type { PDFDocument, PDFFont, PDFPage } from "pdf-lib";
import { type HashedEvent, practiceEventKinds } from "./chain.ts";

/** What the PDF shows of a letter: the row as src/db/engagements.ts reads it, signed. */
export interface SignedLetter {
  readonly id: string;
  readonly version: number;
  readonly kind: string;
  readonly title: string;
  readonly clientName: string;
  readonly clientEmail: string;
  readonly letterText: string;
  readonly letterSha256: string;
  readonly disclosureText: string;
  readonly disclosureSha256: string;
  readonly signedAt: Date;
  readonly signedName: string;
}

/** An event of the record as the certificate lists it. */
export type RecordEvent = Omit<HashedEvent, "letterId" | "prevHash">;

export interface EngagementRecord {
  readonly letter: SignedLetter;
  readonly events: readonly RecordEvent[];
  /** The chain's last hash, as its verification found it. */
  readonly lastHash: string;
  readonly practiceName: string;
  /** The practice's zone (content/consultations.yaml), e.g. America/Los_Angeles. */
  readonly timeZone: string;
  /** What the client ticked to sign (content/pages/engagement.yaml, agreeLabel). */
  readonly agreement: string;
}

const PAGE = { width: 612, height: 792 } as const; // US Letter, in points
const MARGIN = { x: 72, top: 72, bottom: 72 } as const;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN.x;

/** Spaces and dashes WinAnsi lacks, in the form it has. */
const PLAIN: Readonly<Record<string, string>> = {
  "\t": "    ",
  "\u2007": " ",
  "\u2009": " ",
  "\u202F": " ",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2212": "-",
  "\u2032": "'",
  "\u2033": '"',
  "\u0141": "L",
  "\u0142": "l",
  "\u0110": "D",
  "\u0111": "d",
  "\u0131": "i",
};

/** Text the standard fonts can show: each character they lack transliterated, or `?`. */
export function winAnsi(text: string, known: ReadonlySet<number>): string {
  let out = "";
  for (const char of text) {
    if (known.has(char.codePointAt(0)!)) {
      out += char;
      continue;
    }
    const plain = PLAIN[char] ?? char.normalize("NFKD").replace(/\p{M}/gu, "");
    out += [...plain].every((part) => known.has(part.codePointAt(0)!)) && plain !== "" ? plain : "?";
  }
  return out;
}

/**
 * A line's words, broken to fit `width`; a word longer than a line is cut where it must be. One pass: each word
 * is measured once with the line before it, and a long word is cut by adding its characters' widths one after
 * another (each with its kerning against the one before), so the work grows with the text's length, however
 * long its words.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const measure = (value: string) => font.widthOfTextAtSize(value, size);
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    // The word alone, cut into lines that fit; its last piece starts the next line.
    let start = 0;
    let used = 0;
    for (let at = 0; at < word.length; at++) {
      // This character's width with its kerning against the one before: the pair's width less the one before's.
      const added = at === start ? measure(word[at]!) : measure(word.slice(at - 1, at + 1)) - measure(word[at - 1]!);
      if (at > start && used + added > width) {
        lines.push(word.slice(start, at));
        start = at;
        used = measure(word[at]!);
      } else used += added;
    }
    line = word.slice(start);
  }
  lines.push(line);
  return lines;
}

interface Style {
  readonly font: PDFFont;
  readonly size: number;
  readonly indent?: number;
}

/** Lays text down page after page, a new page where the next line would reach the bottom margin. */
class Pages {
  readonly pages: PDFPage[] = [];
  private readonly doc: PDFDocument;
  private readonly known: ReadonlySet<number>;
  private page!: PDFPage;
  private y = 0;

  constructor(doc: PDFDocument, known: ReadonlySet<number>) {
    this.doc = doc;
    this.known = known;
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Room for `height` points on this page, or a new page. */
  keep(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  /** A paragraph: its lines wrapped to the text's width, each kept whole on a page. */
  text(text: string, { font, size, indent = 0 }: Style) {
    const leading = size * 1.4;
    for (const line of wrap(winAnsi(text, this.known), font, size, TEXT_WIDTH - indent)) {
      this.keep(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN.x + indent, y: this.y + size * 0.3, size, font });
    }
  }

  /** A label and its value beside it, the value wrapped under itself. */
  field(label: string, value: string, labelStyle: Style, valueStyle: Style, labelWidth = 118) {
    const leading = valueStyle.size * 1.4;
    const lines = wrap(winAnsi(value, this.known), valueStyle.font, valueStyle.size, TEXT_WIDTH - labelWidth - (valueStyle.indent ?? 0));
    this.keep(leading * Math.min(lines.length, 3));
    for (const [index, line] of lines.entries()) {
      this.keep(leading);
      this.y -= leading;
      const base = this.y + valueStyle.size * 0.3;
      if (index === 0)
        this.page.drawText(winAnsi(label, this.known), {
          x: MARGIN.x + (labelStyle.indent ?? 0),
          y: base,
          size: labelStyle.size,
          font: labelStyle.font,
        });
      this.page.drawText(line, {
        x: MARGIN.x + labelWidth + (valueStyle.indent ?? 0),
        y: base,
        size: valueStyle.size,
        font: valueStyle.font,
      });
    }
  }
}

/** "November 25, 2026, 2:14:05 PM PST" in `timeZone`, and "2026-11-25 22:14:05 UTC". */
export function signingTimes(at: Date, timeZone: string): { readonly local: string; readonly utc: string } {
  const local = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "long", timeZone }).format(at);
  return {
    local,
    utc: `${at
      .toISOString()
      .replace("T", " ")
      .replace(/\.\d+Z$/, "")} UTC`,
  };
}

/** The signed letter, its signature block and its certificate, as a PDF's bytes. */
export async function engagementPdf(record: EngagementRecord): Promise<Uint8Array> {
  // Loaded when a letter is signed, not when an isolate starts: most requests never make a PDF.
  const { PDFDocument, StandardFonts, AFRelationship } = await import("pdf-lib");
  const { letter, events, timeZone } = record;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const [regular, bold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.Courier),
  ]);
  const known = new Set(regular.getCharacterSet());
  const body: Style = { font: regular, size: 10.5 };
  const small: Style = { font: regular, size: 8.5 };
  const label: Style = { font: bold, size: 8.5 };
  const hash: Style = { font: mono, size: 8 };
  const pages = new Pages(doc, known);

  // The letter, a paragraph per line of its text (blank lines as space between them).
  for (const line of letter.letterText.split("\n")) {
    if (line.trim() === "") pages.gap(body.size * 0.7);
    else pages.text(line, body);
  }

  // The signature block, kept together.
  const signed = signingTimes(letter.signedAt, timeZone);
  pages.gap(24);
  pages.keep(130);
  pages.text("Signed electronically", { font: bold, size: 11 });
  pages.gap(4);
  const value: Style = { font: regular, size: 10 };
  const key: Style = { font: bold, size: 10 };
  pages.field("Name typed", letter.signedName, key, value);
  pages.field("E-mail", letter.clientEmail, key, value);
  pages.field("Signed", `${signed.local} (${timeZone})`, key, value);
  pages.field("", signed.utc, key, value);
  pages.field("Agreed", `"${record.agreement}" (ticked)`, key, value);

  // The certificate.
  pages.newPage();
  pages.text("Certificate of electronic signature", { font: bold, size: 14 });
  pages.gap(6);
  pages.text(`${letter.title}, version ${letter.version}, ${record.practiceName}`, body);
  pages.gap(8);
  pages.field("Letter", letter.id, label, small);
  pages.field("Client", `${letter.clientName}, ${letter.clientEmail}`, label, small);
  pages.field("Signed as", letter.signedName, label, small);
  pages.field("Letter text SHA-256", letter.letterSha256, label, hash);
  pages.field("Disclosure SHA-256", letter.disclosureSha256, label, hash);
  pages.gap(6);
  pages.text(
    "The SHA-256 above is of the exact UTF-8 text of the letter and of the disclosure the client consented to, attached to this PDF as letter.txt and disclosure.txt. Characters the PDF's standard fonts cannot show are transliterated on these pages; the attached texts keep every one.",
    small,
  );
  pages.gap(10);
  pages.text("Events", { font: bold, size: 11 });
  for (const event of events) {
    const times = signingTimes(event.at, timeZone);
    pages.gap(6);
    pages.keep(90);
    pages.text(`${event.seq}. ${event.kind}`, { font: bold, size: 9.5 });
    pages.field("Time", `${times.utc}; ${times.local} (${timeZone})`, label, small);
    // The practice's own steps name who acted in their detail; where they came from is not the client's copy's.
    if (practiceEventKinds.has(event.kind)) pages.field("By", record.practiceName, label, small);
    else {
      pages.field("IP address", event.ip ?? "none recorded", label, small);
      pages.field("Browser", event.userAgent ?? "none recorded", label, small);
    }
    pages.field("E-mail", event.email, label, small);
    if (event.detail) pages.field("Detail", event.detail, label, small);
    pages.field("Hash", event.hash, label, hash);
  }
  pages.gap(10);
  pages.field("Last hash of the chain", record.lastHash, label, hash);
  pages.gap(6);
  pages.text(
    'Each event\'s hash is the SHA-256 of the JSON text ["engagement-event/1", previous hash, letter id, number, kind, time in milliseconds since 1970 UTC, IP address, browser, e-mail, detail] (absent values null); the first event\'s previous hash is the SHA-256 of ["engagement-letter/1", letter id, version, kind, client name, client e-mail, letter text SHA-256, disclosure SHA-256, time sent in milliseconds]. A changed, removed or reordered event breaks the chain from there on. The practice\'s own events (sent, voided) name who acted in their detail; no internet address or browser of theirs is shown, and any kept is counted in their hash as stored.',
    small,
  );

  // Every page numbered, now that their number is known.
  const total = pages.pages.length;
  for (const [index, page] of pages.pages.entries()) {
    const footer = winAnsi(
      `${record.practiceName} \u00B7 ${letter.title}, version ${letter.version} \u00B7 page ${index + 1} of ${total}`,
      known,
    );
    page.drawText(footer, { x: MARGIN.x, y: MARGIN.bottom / 2, size: 8, font: regular });
  }

  const encoder = new TextEncoder();
  const attached = {
    creationDate: letter.signedAt,
    modificationDate: letter.signedAt,
    mimeType: "text/plain",
    afRelationship: AFRelationship.Source,
  };
  await doc.attach(encoder.encode(letter.letterText), "letter.txt", { ...attached, description: "The letter's exact text (UTF-8)" });
  await doc.attach(encoder.encode(letter.disclosureText), "disclosure.txt", {
    ...attached,
    description: "The disclosure's exact text (UTF-8)",
  });
  // The document's properties are Unicode in a PDF: as written.
  doc.setTitle(`${letter.title}, version ${letter.version}: ${letter.clientName}`);
  doc.setAuthor(record.practiceName);
  doc.setSubject(`Signed engagement letter ${letter.id}`);
  doc.setCreator(record.practiceName);
  doc.setProducer("pdf-lib");
  doc.setCreationDate(letter.signedAt);
  doc.setModificationDate(letter.signedAt);
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
