import * as z from "zod/mini";
import { nameWords } from "../../../db/conflict-names.ts";
import type { ImportRow } from "../../../db/register-import.ts";
import type { MatterStatus, PartyRole } from "../../../db/schema.ts";

/*
 * The conflict register's import file: CSV as RFC 4180 defines it (fields separated by commas, a field in
 * double quotes when it holds a comma, a quote, doubled, or a line break), as a spreadsheet or a
 * practice-management system exports it, UTF-8 with or without a byte order mark, with Windows (CRLF), Unix
 * (LF) or old Mac (CR) line endings. Every record keeps the line of the file it starts on, so each problem
 * is named by the line the attorney sees in a text editor. Pure: no D1 (the plan is src/db/register-import.ts).
 */

/** The largest file taken: thousands of rows, far more than a small practice's clients. */
export const IMPORT_FILE_MAX_BYTES = 2_000_000;
/** The most rows one file may hold. */
export const IMPORT_ROWS_MAX = 10_000;

/** The longest name, title or number kept (the register's own limit), and an e-mail address's. */
const TEXT_MAX = 200;
const EMAIL_MAX = 254;
/** The most names one party cell may list. */
const NAMES_PER_CELL_MAX = 100;

/** A problem with the file: on one line of it, or with the file as a whole. */
export interface ImportProblem {
  /** The line of the file (1-based, as a text editor counts them), when the problem is on one. */
  readonly line?: number;
  /** Plain words, starting lower-case after the line ("the client's name is empty."), or a whole sentence without one. */
  readonly message: string;
}

/** "Line 14: the client's name is empty." */
export const problemText = (problem: ImportProblem): string =>
  problem.line === undefined ? problem.message : `Line ${problem.line}: ${problem.message}`;

/** One record of the file and the line it starts on. */
export interface CsvRecord {
  readonly line: number;
  readonly fields: readonly string[];
}

export type CsvParse = { readonly ok: true; readonly records: CsvRecord[] } | { readonly ok: false; readonly problem: ImportProblem };

const DELIMITER = /[,\r\n]/g;
const LINE_BREAK = /\r\n?|\n/g;

/** The index of the next comma or line break at or after `from`, or the end of the text. */
function fieldEnd(text: string, from: number): number {
  DELIMITER.lastIndex = from;
  return DELIMITER.exec(text)?.index ?? text.length;
}

const breaksIn = (text: string): number => text.match(LINE_BREAK)?.length ?? 0;

/**
 * The records of a CSV text (a UTF-8 byte order mark dropped), each with the physical line it starts on. A
 * field's own line breaks, whatever their kind, are kept as "\n". A quote inside a field that does not start
 * with one is kept as it is, and so is text after a closing quote, as spreadsheets read them; a quoted field
 * that never ends is the one error.
 */
export function parseCsv(input: string): CsvParse {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let at = 0;
  let line = 1;
  while (at < text.length) {
    const recordLine = line;
    const fields: string[] = [];
    for (;;) {
      let value: string;
      if (text[at] === '"') {
        const opened = line;
        value = "";
        at += 1;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote === -1) {
            return {
              ok: false,
              problem: { line: opened, message: 'a quoted field starts here and never ends: a closing quote mark (") is missing.' },
            };
          }
          const part = text.slice(at, quote);
          line += breaksIn(part);
          value += part;
          if (text[quote + 1] === '"') {
            value += '"';
            at = quote + 2;
          } else {
            at = quote + 1;
            break;
          }
        }
        const end = fieldEnd(text, at);
        value = (value + text.slice(at, end)).replace(LINE_BREAK, "\n");
        at = end;
      } else {
        const end = fieldEnd(text, at);
        value = text.slice(at, end);
        at = end;
      }
      fields.push(value);
      if (at >= text.length) break;
      if (text[at] === ",") {
        at += 1;
        continue;
      }
      at += text[at] === "\r" && text[at + 1] === "\n" ? 2 : 1;
      line += 1;
      break;
    }
    records.push({ line: recordLine, fields });
  }
  return { ok: true, records };
}

/** A file's bytes as text: UTF-8 (its byte order mark dropped), or a problem that says how to save it so. */
export function decodeCsvFile(
  bytes: ArrayBuffer,
): { readonly ok: true; readonly text: string } | { readonly ok: false; readonly problem: ImportProblem } {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    if (text.includes("\u0000")) return { ok: false, problem: { message: NOT_CSV } };
    return { ok: true, text };
  } catch {
    return {
      ok: false,
      problem: {
        message:
          "The file is not UTF-8 text. In Excel, choose File › Save As and the type “CSV UTF-8 (Comma delimited)”; in Numbers or Google Sheets, export as CSV.",
      },
    };
  }
}

const NOT_CSV = "The file is not a CSV file. Save the spreadsheet as CSV (comma-separated values) and choose that file.";

/** The size of a text as the limit counts it: its UTF-8 bytes, each line break as one. */
const textBytes = (text: string): number => new TextEncoder().encode(text.replace(/\r\n/g, "\n")).length;

/** A file as the import reads it: its header row and the records under it (blank lines left out). */
export interface CsvFile {
  readonly header: readonly string[];
  readonly records: readonly CsvRecord[];
}

const blank = (record: CsvRecord) => record.fields.every((field) => field.trim() === "");

/** Reads an import file's text: within the size and row limits, with a header row and at least one row under it. */
export function readCsvFile(
  text: string,
): { readonly ok: true; readonly file: CsvFile } | { readonly ok: false; readonly problem: ImportProblem } {
  if (textBytes(text) > IMPORT_FILE_MAX_BYTES) {
    return {
      ok: false,
      problem: { message: `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1_000_000} MB. Split it into smaller files and import each.` },
    };
  }
  if (text.includes("\u0000")) return { ok: false, problem: { message: NOT_CSV } };
  const parsed = parseCsv(text);
  if (!parsed.ok) return parsed;
  const [header, ...records] = parsed.records.filter((record) => !blank(record));
  if (!header) return { ok: false, problem: { message: "The file is empty." } };
  if (records.length === 0) {
    return { ok: false, problem: { message: "The file has a header row but no rows under it." } };
  }
  if (records.length > IMPORT_ROWS_MAX) {
    return {
      ok: false,
      problem: {
        message: `The file has ${records.length.toLocaleString("en-US")} rows; one import takes up to ${IMPORT_ROWS_MAX.toLocaleString("en-US")}. Split it into smaller files and import each.`,
      },
    };
  }
  return { ok: true, file: { header: header.fields.map((name) => name.trim()), records } };
}

/** What the register takes from a file, in the order the mapping step asks for it. */
export const importFields = [
  "clientName",
  "clientEmail",
  "matterTitle",
  "matterReference",
  "status",
  "openedOn",
  "closedOn",
  "adverseParties",
  "relatedParties",
  "clientSideParties",
] as const;
export type ImportField = (typeof importFields)[number];

/** Each field's label and what it holds, as the mapping step shows them. */
export const importFieldCopy: Readonly<Record<ImportField, { readonly label: string; readonly hint: string; readonly required?: true }>> = {
  clientName: { label: "Client's name", hint: "A person or an organization.", required: true },
  clientEmail: { label: "Client's e-mail", hint: "Tells apart two clients with the same name." },
  matterTitle: { label: "Matter", hint: "Its title or description.", required: true },
  matterReference: { label: "Matter number", hint: "Your own number or reference for it." },
  status: { label: "Status", hint: "Open, Active, Pending or Current; Closed, Archived, Inactive or Completed. Empty is current." },
  openedOn: { label: "Opened", hint: "A date: 2024-03-15, 3/15/2024 or 2024/03/15." },
  closedOn: { label: "Closed", hint: "A date, as for opened." },
  adverseParties: { label: "Adverse parties", hint: "Names separated by semicolons or line breaks." },
  relatedParties: { label: "Related parties", hint: "Names separated by semicolons or line breaks." },
  clientSideParties: { label: "People on the client's side", hint: "Names separated by semicolons or line breaks." },
};

/** Which column (its index in the header) each field is read from; a field not in the file is left out. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** A header as the guess compares it: lower-case words, "#" read as "number", "e-mail" as "email". */
const headerWords = (header: string): string =>
  header
    .toLowerCase()
    .replace(/#/g, " number ")
    .replace(/\be-mail\b/g, "email")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The headers each field is recognized by: a spreadsheet's own, Clio Manage's matter export ("Client",
 * "Display Number", "Description", "Status", "Open Date", "Close Date"), PracticePanther's and MyCase's
 * ("Contact", "Matter Name", "Case Name", "Opposing Party"…). Exact names first, in order of preference.
 */
const HEADERS: Readonly<Record<ImportField, readonly string[]>> = {
  clientName: [
    "client",
    "client name",
    "clients",
    "contact",
    "contact name",
    "client contact",
    "primary contact",
    "account",
    "account name",
    "customer",
    "customer name",
    "name",
    "full name",
  ],
  clientEmail: [
    "email",
    "client email",
    "email address",
    "client email address",
    "contact email",
    "primary email",
    "primary email address",
  ],
  matterTitle: [
    "matter",
    "matter name",
    "matter title",
    "description",
    "matter description",
    "case",
    "case name",
    "case title",
    "title",
    "subject",
  ],
  matterReference: [
    "matter number",
    "display number",
    "matter no",
    "matter reference",
    "matter ref",
    "matter id",
    "case number",
    "case no",
    "case id",
    "file number",
    "file no",
    "reference",
    "ref",
    "number",
  ],
  status: ["status", "matter status", "case status", "stage"],
  openedOn: ["open date", "opened", "opened on", "date opened", "opening date", "matter open date", "case open date", "open", "start date"],
  closedOn: ["close date", "closed", "closed on", "date closed", "closing date", "matter close date", "case close date", "end date"],
  adverseParties: [
    "adverse party",
    "adverse parties",
    "opposing party",
    "opposing parties",
    "adverse",
    "opposing",
    "opponent",
    "opponents",
    "other party",
    "other parties",
  ],
  relatedParties: [
    "related party",
    "related parties",
    "related",
    "related contacts",
    "related people",
    "other contacts",
    "involved parties",
    "interested parties",
    "third parties",
  ],
  clientSideParties: [
    "client side",
    "client side parties",
    "people on the client s side",
    "client parties",
    "client contacts",
    "co client",
    "co clients",
    "additional clients",
  ],
};

/** Words that, inside a longer header, point to a field when no header names it exactly. */
const HEADER_HINTS: readonly (readonly [ImportField, RegExp])[] = [
  ["clientEmail", /\bemail\b/],
  ["adverseParties", /\b(adverse|opposing)\b/],
  ["relatedParties", /\brelated\b/],
  ["status", /\bstatus\b/],
  ["openedOn", /\bopen(ed|ing)?\b.*\bdate\b|\bdate\b.*\bopen(ed)?\b/],
  ["closedOn", /\bclos(e|ed|ing)\b.*\bdate\b|\bdate\b.*\bclosed\b/],
];

/** The mapping guessed from a header row: each field to the column whose header names it, each column used once. */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const words = header.map(headerWords);
  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  const take = (field: ImportField, column: number) => {
    mapping[field] = column;
    used.add(column);
  };
  for (const field of importFields) {
    for (const name of HEADERS[field]) {
      const column = words.findIndex((each, index) => each === name && !used.has(index));
      if (column !== -1) {
        take(field, column);
        break;
      }
    }
  }
  for (const [field, hint] of HEADER_HINTS) {
    if (mapping[field] !== undefined) continue;
    const column = words.findIndex((each, index) => hint.test(each) && !used.has(index));
    if (column !== -1) take(field, column);
  }
  return mapping;
}

/** The required fields a mapping leaves out. */
export const missingFields = (mapping: ColumnMapping): ImportField[] =>
  importFields.filter((field) => importFieldCopy[field].required && mapping[field] === undefined);

const STATUSES: Readonly<Record<string, MatterStatus>> = {
  open: "current",
  opened: "current",
  active: "current",
  pending: "current",
  current: "current",
  closed: "closed",
  archived: "closed",
  inactive: "closed",
  completed: "closed",
  complete: "closed",
};

/** A status as written in the file, or undefined when it is none of those taken. Empty is undefined too. */
export const parseStatus = (text: string): MatterStatus | undefined => STATUSES[text.trim().toLowerCase()];

const DATE_FORMS: readonly (readonly [RegExp, (m: RegExpExecArray) => readonly [string, string, string]])[] = [
  [/^(\d{4})-(\d{1,2})-(\d{1,2})$/, (m) => [m[1]!, m[2]!, m[3]!]],
  [/^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, (m) => [m[1]!, m[2]!, m[3]!]],
  [/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, (m) => [m[3]!, m[1]!, m[2]!]],
];

/** A date as YYYY-MM-DD from YYYY-MM-DD, YYYY/MM/DD or M/D/YYYY (US order), or undefined when it is not a real date. */
export function parseDate(text: string): string | undefined {
  const trimmed = text.trim();
  for (const [form, parts] of DATE_FORMS) {
    const match = form.exec(trimmed);
    if (!match) continue;
    const [year, month, day] = parts(match).map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
    return `${String(year)}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  }
  return undefined;
}

/** Control characters (a name's line breaks aside, which become spaces), invisible formatting, half a surrogate pair. */
const UNSTORABLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200d\u202a-\u202e\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Runs of white space (line breaks too) as one space, trimmed. */
const clean = (text: string): string => text.replace(/\s+/g, " ").trim();

/** What a party cell holds when it names nobody. */
const NOBODY = new Set(["-", "–", "—", "n/a", "na", "none", "nil"]);

/** A cell shown in a problem: as written, shortened when long. */
const quoted = (text: string): string => `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;

const partyCells: readonly (readonly [ImportField, PartyRole, string])[] = [
  ["adverseParties", "adverse", "adverse parties"],
  ["relatedParties", "related", "related parties"],
  ["clientSideParties", "client", "people on the client's side"],
];

/**
 * The file's rows as the register will hold them, and every problem, each on its line: a row with any
 * problem is left out of `rows` (and an import with any problem imports nothing).
 */
export function readRows(
  records: readonly CsvRecord[],
  mapping: ColumnMapping,
): { readonly rows: ImportRow[]; readonly problems: ImportProblem[] } {
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  for (const record of records) {
    const found: string[] = [];
    const cell = (field: ImportField) => {
      const column = mapping[field];
      return column === undefined ? "" : (record.fields[column] ?? "");
    };
    const text = (field: ImportField, what: string, required: boolean): string | null => {
      const value = clean(cell(field));
      if (value === "") {
        if (required) found.push(`${what} is empty.`);
        return null;
      }
      if (UNSTORABLE.test(value)) found.push(`${what} holds control or invisible characters; retype it.`);
      else if (value.length > TEXT_MAX) found.push(`${what} is longer than ${TEXT_MAX} characters.`);
      return value;
    };

    const clientName = text("clientName", "the client's name", true);
    if (clientName && nameWords(clientName).length === 0)
      found.push(`the client's name ${quoted(clientName)} holds no name to search for.`);
    const email = clean(cell("clientEmail")).toLowerCase();
    if (email !== "" && (email.length > EMAIL_MAX || !z.regexes.html5Email.test(email))) {
      found.push(`${quoted(email)} is not an e-mail address.`);
    }
    const matterTitle = text("matterTitle", "the matter's title", true);
    const matterReference = text("matterReference", "the matter number", false);

    const statusText = clean(cell("status"));
    const status = parseStatus(statusText);
    if (statusText !== "" && !status) found.push(`${quoted(statusText)} is not a status: write current or closed.`);
    const date = (field: "openedOn" | "closedOn", what: string) => {
      const value = clean(cell(field));
      if (value === "") return null;
      const parsed = parseDate(value);
      if (!parsed) found.push(`the ${what} date ${quoted(value)} is not a date.`);
      return parsed ?? null;
    };
    const openedOn = date("openedOn", "opened");
    const closedOn = date("closedOn", "closed");
    if (openedOn && closedOn && closedOn < openedOn) found.push(`the matter closes (${closedOn}) before it opens (${openedOn}).`);
    // With no status written, a closed date says the matter is closed.
    const standing: MatterStatus = status ?? (closedOn ? "closed" : "current");

    const parties: { name: string; role: PartyRole }[] = [];
    const seen = new Set<string>();
    for (const [field, role, what] of partyCells) {
      const names = cell(field)
        .split(/[;\n]/)
        .map(clean)
        .filter((name) => name !== "" && !NOBODY.has(name.toLowerCase()));
      if (names.length > NAMES_PER_CELL_MAX) found.push(`${what} lists more than ${NAMES_PER_CELL_MAX} names.`);
      for (const name of names) {
        const words = nameWords(name);
        if (UNSTORABLE.test(name)) found.push(`a name in ${what} holds control or invisible characters; retype it.`);
        else if (name.length > TEXT_MAX) found.push(`a name in ${what} is longer than ${TEXT_MAX} characters.`);
        else if (words.length === 0) found.push(`${quoted(name)} in ${what} holds no name to search for.`);
        const key = `${role} ${words.join(" ")}`;
        if (seen.has(key)) continue;
        seen.add(key);
        parties.push({ name, role });
      }
    }

    if (found.length > 0 || !clientName || !matterTitle) {
      problems.push(...found.map((message) => ({ line: record.line, message })));
      continue;
    }
    rows.push({
      line: record.line,
      clientName,
      clientEmail: email || null,
      matterTitle,
      matterReference,
      status: standing,
      openedOn,
      closedOn: standing === "closed" ? closedOn : null,
      parties,
    });
  }
  return { rows, problems };
}
