/*
 * The conflict register's import file: CSV as RFC 4180 defines it (fields separated by commas, a field in
 * double quotes when it holds a comma, a quote, doubled, or a line break), as a spreadsheet or a
 * practice-management system exports it, UTF-8 with or without a byte order mark, with Windows (CRLF), Unix
 * (LF) or old Mac (CR) line endings. Every record keeps the line of the file it starts on, so each problem
 * is named by the line the attorney sees in a text editor. Its columns are columns.ts, its rows rows.ts; pure: no D1 (the plan is src/db/register-import.ts).
 */

/** The largest file taken: thousands of rows, far more than a small practice's clients. */
export const IMPORT_FILE_MAX_BYTES = 2_000_000;
/** The most rows one file may hold. */
export const IMPORT_ROWS_MAX = 10_000;

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
