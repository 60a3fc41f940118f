import { type SQL, and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import { summaryFields, summaryOf } from "../contact/fields.ts";
import type { Database } from "./client.ts";
import { type DeliveryState, deliveryState, inDeliveryState, leaseFree, stuck } from "./delivery.ts";
import { fromAddress } from "./privacy.ts";
import { type ContactSubmission, type IntakeState, contactSubmissions as submissions } from "./schema.ts";

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
}

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
  );
}

const cursorOf = (row: InboxRow): InboxCursor => ({ createdAt: row.createdAt.getTime(), id: row.id });

/** One page of the inbox, newest first. */
export async function listInbox(
  db: Database,
  criteria: InboxFilter,
  position: PagePosition,
  now: Date,
  size = INBOX_PAGE_SIZE,
): Promise<InboxPage> {
  const { before, after } = position;
  const keyset = after
    ? sql`(${submissions.createdAt}, ${submissions.id}) > (${after.createdAt}, ${after.id})`
    : before
      ? sql`(${submissions.createdAt}, ${submissions.id}) < (${before.createdAt}, ${before.id})`
      : undefined;
  const direction = after ? asc : desc;
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
    })
    .from(submissions)
    .where(and(filterCondition(criteria, now), keyset))
    .orderBy(direction(submissions.createdAt), direction(submissions.id))
    .limit(size + 1);
  const more = found.length > size;
  const page = found
    .slice(0, size)
    .map(({ excerpt, summary, ...row }): InboxRow => ({ ...row, summary: summaryOf(summary), firstLine: firstLineOf(excerpt) }));
  if (after) {
    const rows = page.reverse();
    return { rows, newer: more ? cursorOf(rows[0]!) : undefined, older: rows.length > 0 ? cursorOf(rows.at(-1)!) : undefined };
  }
  return {
    rows: page,
    older: more ? cursorOf(page.at(-1)!) : undefined,
    newer: before && page.length > 0 ? cursorOf(page[0]!) : undefined,
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
