import { type SQL, and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { summaryFields, summaryOf } from "../contact/fields.ts";
import type { Database } from "./client.ts";
import { seattleDay } from "./days.ts";
import { type DeliveryState, deliveryState, inDeliveryState, leaseFree, stuck } from "./delivery.ts";
import { fromAddress } from "./privacy.ts";
import {
  type ConflictCheckRow,
  type ContactSubmission,
  type IntakeState,
  bookings,
  conflictChecks,
  intakeCounts,
  intakeStates,
  contactSubmissions as submissions,
} from "./schema.ts";

/*
 * What the attorney's inbox reads and changes: submissions newest first, paged by keyset on
 * (created_at, id) so every page costs the same however deep, with the delivery state of each.
 */

const INBOX_PAGE_SIZE = 25;

export interface InboxFilter {
  readonly state?: DeliveryState;
  /** Only inquiries at this intake state. */
  readonly intake?: IntakeState;
  /** Part of the name or e-mail address (ASCII letters match in either case). */
  readonly search?: string;
  /** Exactly this address, in any case (privacy requests). */
  readonly email?: string;
  /**
   * Where inquiries came from: a path of this site (the page the form was sent from, or the visit's first
   * page) or an outside site's host (src/contact/attribution.ts).
   */
  readonly source?: string;
  /** Follow-ups due (on or before today, in Seattle), or every inquiry with a follow-up day. */
  readonly followUp?: FollowUpFilter;
  /** Only inquiries with a consultation booked and not yet over. */
  readonly consultation?: "upcoming";
  /**
   * What waits on the attorney (`waitingStates`, or a follow-up due), listed oldest first: the one waiting
   * longest at the top.
   */
  readonly needsMe?: boolean;
}

/** The intake states that wait on the attorney: a check to run, a possible conflict to resolve, a letter to send. */
export const waitingStates = ["new", "conflict", "declining"] as const satisfies readonly IntakeState[];

export const followUpFilters = ["due", "any"] as const;
export type FollowUpFilter = (typeof followUpFilters)[number];

/** A position in the list: the row a page starts after. */
export interface InboxCursor {
  readonly createdAt: number;
  readonly id: string;
}

/** Which page: the newest, the one older than a row, or the one newer than a row. */
export type PagePosition = { readonly before?: InboxCursor; readonly after?: InboxCursor };

export interface InboxRow {
  readonly id: string;
  readonly createdAt: Date;
  readonly name: string;
  readonly email: string;
  /** The summary fields (src/contact/fields.ts), joined: what follows the name. */
  readonly summary: string;
  /** The message's first non-empty line, shortened. */
  readonly firstLine: string;
  readonly state: DeliveryState;
  readonly notifiedAt: Date | null;
  readonly notificationError: string | null;
  readonly intakeState: IntakeState;
  /** Other inquiries and register entries its newest conflict check found; null before any check. */
  readonly latestCheckMatches: number | null;
  readonly followUpOn: string | null;
  readonly sourcePage: string | null;
  readonly referrerHost: string | null;
}

export interface InboxPage {
  readonly rows: InboxRow[];
  /** Where the next older page starts, if there is one. */
  readonly older?: InboxCursor;
  /** Where the next newer page starts, if there is one. */
  readonly newer?: InboxCursor;
}

/** The summary fields' columns, for a list's one-line view of each inquiry. */
const summaryColumns = Object.fromEntries(summaryFields.map((field) => [field.name, submissions[field.name]]));

const FIRST_LINE_LENGTH = 140;

/** The message's first non-empty line, cut at a word boundary near `FIRST_LINE_LENGTH` characters. */
export function firstLineOf(message: string): string {
  const line =
    message
      .split(/\r?\n/)
      .find((text) => text.trim() !== "")
      ?.trim() ?? "";
  if (line.length <= FIRST_LINE_LENGTH) return line;
  const cut = line.slice(0, FIRST_LINE_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : FIRST_LINE_LENGTH).trimEnd()}…`;
}

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function filterCondition(criteria: InboxFilter, now: Date): SQL | undefined {
  const search = criteria.search?.trim();
  return and(
    criteria.state ? inDeliveryState(criteria.state, now) : undefined,
    criteria.intake ? eq(submissions.intakeState, criteria.intake) : undefined,
    search
      ? or(
          sql`${submissions.name} like ${likeEscaped(search)} escape '\\'`,
          sql`${submissions.email} like ${likeEscaped(search)} escape '\\'`,
        )
      : undefined,
    criteria.email ? fromAddress(criteria.email) : undefined,
    criteria.source ? sourceCondition(criteria.source) : undefined,
    criteria.followUp === "due" ? followUpDue(now) : undefined,
    criteria.followUp === "any" ? isNotNull(submissions.followUpOn) : undefined,
    criteria.needsMe ? or(inArray(submissions.intakeState, [...waitingStates]), followUpDue(now)) : undefined,
    criteria.consultation === "upcoming" ? sql`${submissions.id} IN (${upcomingConsultations(now, bookings.submissionId)})` : undefined,
  );
}

/** The bookings still to come or under way at `now` (few: read by the index on their start), as a subquery of `column`. */
const upcomingConsultations = (now: Date, column: SQLiteColumn | SQL) =>
  sql`SELECT ${column} FROM ${bookings} WHERE ${bookings.status} = 'booked' AND ${bookings.startAt} > ${now.getTime() - 86_400_000} AND ${bookings.endAt} > ${now.getTime()}`;

/** A follow-up day on or before today in Seattle; named with "is not null" so SQLite reads the partial index of those that have one. */
const followUpDue = (now: Date): SQL => and(isNotNull(submissions.followUpOn), lte(submissions.followUpOn, seattleDay(now)))!;

/** A page of this site (the form's page or the visit's first) when it starts with "/", else an outside site. */
const sourceCondition = (source: string): SQL =>
  source.startsWith("/")
    ? or(eq(submissions.sourcePage, source), eq(submissions.landingPage, source))!
    : eq(submissions.referrerHost, source.toLowerCase());

const cursorOf = (row: InboxRow): InboxCursor => ({ createdAt: row.createdAt.getTime(), id: row.id });

/**
 * One page of the inbox, newest first (oldest first for `needsMe`). `before` and `after` keep their meaning in
 * time whatever the order: the page of rows older, or newer, than the cursor.
 */
export async function listInbox(
  db: Database,
  criteria: InboxFilter,
  position: PagePosition,
  now: Date,
  size = INBOX_PAGE_SIZE,
): Promise<InboxPage> {
  const { before, after } = position;
  const oldestFirst = criteria.needsMe === true;
  // Asked for the page before this one in the list's order: read backwards from the cursor, then turn it round.
  const backwards = oldestFirst ? before !== undefined : after !== undefined;
  const keyset = after
    ? sql`(${submissions.createdAt}, ${submissions.id}) > (${after.createdAt}, ${after.id})`
    : before
      ? sql`(${submissions.createdAt}, ${submissions.id}) < (${before.createdAt}, ${before.id})`
      : undefined;
  const direction = oldestFirst !== backwards ? asc : desc;
  const found = await db
    .select({
      id: submissions.id,
      createdAt: submissions.createdAt,
      name: submissions.name,
      email: submissions.email,
      summary: summaryColumns,
      excerpt: sql<string>`substr(${submissions.message}, 1, 400)`,
      state: deliveryState(now),
      notifiedAt: submissions.notifiedAt,
      notificationError: submissions.notificationError,
      intakeState: submissions.intakeState,
      latestCheckMatches: submissions.latestCheckMatches,
      followUpOn: submissions.followUpOn,
      sourcePage: submissions.sourcePage,
      referrerHost: submissions.referrerHost,
    })
    .from(submissions)
    .where(and(filterCondition(criteria, now), keyset))
    .orderBy(direction(submissions.createdAt), direction(submissions.id))
    .limit(size + 1);
  const more = found.length > size;
  const read = found
    .slice(0, size)
    .map(({ excerpt, summary, ...row }): InboxRow => ({ ...row, summary: summaryOf(summary), firstLine: firstLineOf(excerpt) }));
  const rows = backwards ? read.reverse() : read;
  // The cursors of the pages before and after this one, in the list's order.
  const first = rows[0];
  const last = rows.at(-1);
  const previous = first && (backwards ? more : before !== undefined || after !== undefined) ? cursorOf(first) : undefined;
  const next = last && (backwards || more) ? cursorOf(last) : undefined;
  return oldestFirst ? { rows, older: previous, newer: next } : { rows, newer: previous, older: next };
}

/** An inquiry as the list's CSV export holds it: every field but the message (its first line instead). */
export type ExportRow = Omit<ContactSubmission, "message"> & {
  readonly firstLine: string;
  readonly state: DeliveryState;
  /** The conflict check the intake's outcome rests on, if any: what it found and compared with. */
  readonly outcomeCheck: Pick<ConflictCheckRow, "matchCount" | "comparedNames" | "registerNames"> | null;
};

/**
 * One batch of the list's export, newest first, older than `before` when given: the same filters as the
 * list, read a batch at a time so an export of any size holds one batch in memory.
 */
export async function inboxExportBatch(
  db: Database,
  criteria: InboxFilter,
  before: InboxCursor | undefined,
  now: Date,
  size: number,
): Promise<ExportRow[]> {
  const { message: _message, ...columns } = getTableColumns(submissions);
  const rows = await db
    .select({
      ...columns,
      excerpt: sql<string>`substr(${submissions.message}, 1, 400)`,
      state: deliveryState(now),
      checkMatches: conflictChecks.matchCount,
      checkCompared: conflictChecks.comparedNames,
      checkRegister: conflictChecks.registerNames,
    })
    .from(submissions)
    .leftJoin(conflictChecks, eq(conflictChecks.id, submissions.intakeCheckId))
    .where(
      and(
        filterCondition(criteria, now),
        before ? sql`(${submissions.createdAt}, ${submissions.id}) < (${before.createdAt}, ${before.id})` : undefined,
      ),
    )
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(size);
  return rows.map(({ excerpt, checkMatches, checkCompared, checkRegister, ...row }) => ({
    ...row,
    firstLine: firstLineOf(excerpt),
    outcomeCheck: checkMatches === null ? null : { matchCount: checkMatches, comparedNames: checkCompared, registerNames: checkRegister },
  }));
}

/** How many inquiries stand at each intake state (a state with none is 0), how many follow-ups are due, and how many wait on the attorney. */
export interface InboxCounts {
  readonly intake: Readonly<Record<IntakeState, number>>;
  readonly followUpsDue: number;
  /** The inquiries at a waiting state, and those with a follow-up due at any other. */
  readonly needsMe: number;
  /** Consultations booked and not yet over. */
  readonly consultations: number;
}

/**
 * The inbox's counts: the few rows the triggers keep per intake state (schema.ts, intakeCounts), and the
 * inquiries with a follow-up day due, read through the partial index of the few that have one. Neither
 * reads the inquiries themselves; what needs the attorney is the waiting states' counts and the follow-ups
 * due at another state.
 */
export async function countInbox(db: Database, now: Date): Promise<InboxCounts> {
  const perState = await db.select().from(intakeCounts);
  const [due] = await db
    .select({
      count: count(),
      elsewhere: sql<number>`coalesce(sum(${notInArray(submissions.intakeState, [...waitingStates])}), 0)`,
    })
    .from(submissions)
    .where(followUpDue(now));
  const intake = Object.fromEntries(intakeStates.map((state) => [state, 0])) as Record<IntakeState, number>;
  for (const row of perState) intake[row.state] = row.count;
  const waiting = waitingStates.reduce((sum, state) => sum + intake[state], 0);
  const [consultations] = await db.all<{ count: number }>(sql`SELECT count(*) AS count FROM (${upcomingConsultations(now, sql`1`)})`);
  return {
    intake,
    followUpsDue: due?.count ?? 0,
    needsMe: waiting + Number(due?.elsewhere ?? 0),
    consultations: consultations?.count ?? 0,
  };
}

/** How many notifications failed for good: the inbox shows it on every page. */
export async function countFailed(db: Database): Promise<number> {
  const [row] = await db.select({ failed: count() }).from(submissions).where(eq(submissions.notificationStatus, "failed"));
  return row?.failed ?? 0;
}

export type InboxSubmission = ContactSubmission & { readonly state: DeliveryState };

/** One submission with its delivery state, or undefined when there is none with this id. */
export async function findInboxSubmission(db: Database, id: string, now: Date): Promise<InboxSubmission | undefined> {
  const [row] = await db
    .select({ submission: submissions, state: deliveryState(now) })
    .from(submissions)
    .where(eq(submissions.id, id));
  return row ? { ...row.submission, state: row.state } : undefined;
}

/**
 * Makes a failed or stuck notification pending again and marks it queued now, unless a delivery holds its
 * lease. True when it did: the caller then puts one message on the queue. A second press finds the row
 * queued (neither failed nor stuck) and changes nothing, so one press means at most one e-mail.
 */
export async function requeueNotification(db: Database, id: string, now: Date): Promise<boolean> {
  const changed = await db
    .update(submissions)
    .set({ notificationStatus: "pending", notificationError: null, queuedAt: now })
    .where(and(eq(submissions.id, id), leaseFree(now), or(eq(submissions.notificationStatus, "failed"), stuck(now))))
    .returning({ id: submissions.id });
  return changed.length > 0;
}
