import * as z from "zod/mini";
import { nameWords } from "../../../db/conflict-names.ts";
import type { ImportRow } from "../../../db/register-import.ts";
import type { MatterStatus, PartyRole } from "../../../db/schema.ts";
import type { ColumnMapping, ImportField } from "./columns.ts";
import type { CsvRecord, ImportProblem } from "./register-csv.ts";

/* An import file's rows read as the register holds them, each bad one named by its line and left out. */

/** The longest name, title or number kept (the register's own limit), and an e-mail address's. */
const TEXT_MAX = 200;
const EMAIL_MAX = 254;
/** The most names one party cell may list. */
const NAMES_PER_CELL_MAX = 100;

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
