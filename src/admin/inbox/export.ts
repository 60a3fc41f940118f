import { fieldSpecs } from "../../contact/fields.ts";
import type { Database } from "../../db/client.ts";
import { type ExportRow, type InboxCursor, type InboxFilter, inboxExportBatch } from "../../db/inbox.ts";
import { clearedRecord, intakeCopy, stateCopy } from "../shared/copy.ts";
import { csvRecord } from "../shared/csv.ts";

/*
 * The inbox list as CSV (csv.ts): the inquiries a view shows, every page of it. Streamed: D1 is read
 * EXPORT_BATCH rows at a time as the download goes, so an export of 50,000 inquiries holds one batch in
 * memory, never the list (bench/bench-inbox.ts measures it).
 */

/** Rows read from D1 for each part of the CSV. */
export const EXPORT_BATCH = 500;

let csvTime: Intl.DateTimeFormat | undefined;
/** "2026-11-05 10:02", Seattle time: what a spreadsheet reads as a date and time. */
const spreadsheetTime = (date: Date) =>
  (csvTime ??= new Intl.DateTimeFormat("sv-SE", { dateStyle: "short", timeStyle: "short", timeZone: "America/Los_Angeles" })).format(date);

/** What the intake's outcome rests on: a cleared check's record, or what a possible conflict is. */
const outcomeOf = (row: ExportRow): string =>
  row.intakeState === "cleared" && row.outcomeCheck
    ? clearedRecord(row.outcomeCheck, row.clearedReason)
    : row.intakeState === "conflict"
      ? (row.intakeNote ?? "")
      : "";

/** The export's columns: a header and how each inquiry fills it (every field but the message, its first line instead). */
const columns = (origin: string): [string, (row: ExportRow) => string][] => [
  ["Received (Seattle time)", (row) => spreadsheetTime(row.createdAt)],
  ...fieldSpecs.flatMap((field): [string, (row: ExportRow) => string][] =>
    field.name === "message" ? [] : [[field.inboxLabel, (row) => row[field.name as Exclude<typeof field.name, "message">] ?? ""]],
  ),
  ["Intake", (row) => intakeCopy[row.intakeState].label],
  ["Conflict check outcome", outcomeOf],
  ["Notification", (row) => stateCopy[row.state].label],
  ["Follow up on", (row) => row.followUpOn ?? ""],
  ["Sent from the page", (row) => row.sourcePage ?? ""],
  ["First page of the visit", (row) => row.landingPage ?? ""],
  ["Came from the site", (row) => row.referrerHost ?? ""],
  ["First line of the message", (row) => row.firstLine],
  ["Inquiry", (row) => `${origin}/admin/submissions/${row.id}`],
];

/** The CSV of the inquiries `criteria` selects, newest first, as a stream of UTF-8 (a byte-order mark first, for spreadsheets). */
export function inboxCsv(db: Database, criteria: InboxFilter, now: Date, origin: string): ReadableStream<Uint8Array> {
  const table = columns(origin);
  const utf8 = new TextEncoder();
  let before: InboxCursor | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(utf8.encode(`\uFEFF${csvRecord(table.map(([header]) => header))}`));
    },
    async pull(controller) {
      const rows = await inboxExportBatch(db, criteria, before, now, EXPORT_BATCH);
      if (rows.length > 0) controller.enqueue(utf8.encode(rows.map((row) => csvRecord(table.map(([, value]) => value(row)))).join("")));
      if (rows.length < EXPORT_BATCH) return controller.close();
      const last = rows.at(-1)!;
      before = { createdAt: last.createdAt.getTime(), id: last.id };
    },
  });
}
