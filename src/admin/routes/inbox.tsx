import { type Context, Hono } from "hono";
import { fieldSpecs } from "../../contact/fields.ts";
import { database } from "../../db/client.ts";
import { seattleDay } from "../../db/days.ts";
import { type ExportRow, type InboxFilter, type PagePosition, countInbox, inboxExportBatch, listInbox } from "../../db/inbox.ts";
import { audit } from "../audit.ts";
import { intakeCopy, stateCopy } from "../copy.ts";
import { csvRecord } from "../csv.ts";
import type { AdminEnv } from "../gate.ts";
import { inboxHref, readInboxForm, readInboxQuery } from "../inbox-query.ts";
import { InboxPage } from "../pages/InboxPage.tsx";
import { renderAdminPage } from "../render.tsx";

/** /admin: the list of inquiries, filtered and paged by a link, or searched by a posted form; and its CSV. */
export const inboxRoutes = new Hono<AdminEnv>();

const showInbox = async (c: Context<AdminEnv>, criteria: InboxFilter, position: PagePosition) => {
  const db = database(c.env.DB);
  const now = new Date();
  const page = await listInbox(db, criteria, position, now);
  const counts = await countInbox(db, now);
  return renderAdminPage(
    c,
    "Inquiries",
    <InboxPage criteria={criteria} position={position} page={page} counts={counts} today={seattleDay(now)} />,
  );
};

inboxRoutes.get("/", (c) => {
  const { criteria, position } = readInboxQuery(new URL(c.req.url));
  return showInbox(c, criteria, position);
});

/** The filter form: a search is answered here, never put in an address; the rest leads to the view's link. */
inboxRoutes.post("/", async (c) => {
  const { criteria, position } = readInboxForm(await c.req.parseBody());
  if (!criteria.search) return c.redirect(inboxHref(criteria, position), 303);
  return showInbox(c, criteria, position);
});

/** Rows read from D1 for each part of the CSV: the export holds one batch in memory, whatever its size. */
const EXPORT_BATCH = 500;

let csvTime: Intl.DateTimeFormat | undefined;
/** "2026-11-05 10:02", Seattle time: what a spreadsheet reads as a date and time. */
const spreadsheetTime = (date: Date) =>
  (csvTime ??= new Intl.DateTimeFormat("sv-SE", { dateStyle: "short", timeStyle: "short", timeZone: "America/Los_Angeles" })).format(date);

/** The export's columns: a header and how each inquiry fills it. */
const columns = (origin: string): [string, (row: ExportRow) => string][] => [
  ["Received (Seattle time)", (row) => spreadsheetTime(row.createdAt)],
  ...fieldSpecs.flatMap((field): [string, (row: ExportRow) => string][] =>
    field.name === "message" ? [] : [[field.inboxLabel, (row) => row[field.name as Exclude<typeof field.name, "message">] ?? ""]],
  ),
  ["Intake", (row) => intakeCopy[row.intakeState].label],
  ["Notification", (row) => stateCopy[row.state].label],
  ["Follow up on", (row) => row.followUpOn ?? ""],
  ["Sent from the page", (row) => row.sourcePage ?? ""],
  ["First page of the visit", (row) => row.landingPage ?? ""],
  ["Came from the site", (row) => row.referrerHost ?? ""],
  ["First line of the message", (row) => row.firstLine],
  ["Inquiry", (row) => `${origin}/admin/submissions/${row.id}`],
];

/** What an export covered, for the activity log: the filters, never a search's words (which name someone). */
function coverage(criteria: InboxFilter): string {
  const parts = [
    criteria.intake && `intake ${intakeCopy[criteria.intake].label}`,
    criteria.state && `notification ${stateCopy[criteria.state].label}`,
    criteria.source && `from ${criteria.source}`,
    criteria.followUp && `follow-ups ${criteria.followUp === "due" ? "due" : "set"}`,
    criteria.search && "a name search",
  ].filter(Boolean);
  return parts.length > 0 ? `Filtered by ${parts.join(", ")}` : "Every inquiry";
}

/**
 * The list a view shows, every page of it, as CSV (csv.ts), posted like the filter form (a search is never
 * in an address). Streamed: D1 is read EXPORT_BATCH rows at a time as the download goes, so an export of
 * 50,000 inquiries holds one batch in memory, not the list.
 */
inboxRoutes.post("/export.csv", async (c) => {
  const { criteria } = readInboxForm(await c.req.parseBody());
  const db = database(c.env.DB);
  const now = new Date();
  const table = columns(new URL(c.req.url).origin);
  await audit(c, { action: "exported-list", detail: coverage(criteria) });
  const utf8 = new TextEncoder();
  let before: { createdAt: number; id: string } | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // The byte-order mark tells spreadsheets the file is UTF-8.
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
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="inquiries-${seattleDay(now)}.csv"`,
  });
});
