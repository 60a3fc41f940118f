import { type SQL, and, asc, count, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { regexes } from "zod/mini";
import { type ContactField, contactFieldNames } from "../contact/fields.ts";
import { practiceEventKinds } from "../engagement/chain.ts";
import { redactConflictSearches } from "./activity.ts";
import type { Database } from "./client.ts";
import type { ConflictRecord } from "./conflict-names.ts";
import {
  type ContactSubmission,
  type NotificationStatus,
  conflictChecks,
  engagementEvents,
  engagementLetters,
  registerClients,
  inquiryNotes as notes,
  contactSubmissions as submissions,
} from "./schema.ts";
import { eraseMessagesWhere } from "./submissions.ts";

/*
 * Privacy requests (access, export, deletion) concern every submission of one e-mail address. The inbox's
 * privacy page and `npm run submissions` both act through these functions. However many inquiries one
 * address sent (a flood is possible), each read is a page: the look-up lists a page at a time, the export
 * and the deletion go through them a page at a time. There are two exports: the person's copy (what they
 * sent and how it was delivered, with a count of the practice's own records left out) and the full record,
 * every column and note, for the practice's files.
 */

/** Whether the text is an e-mail address by the rule the contact form applies (the browser's own). */
export const isEmailAddress = (text: string): boolean => regexes.html5Email.test(text.trim());

/** Rows sent from this address; addresses match case-insensitively (indexed that way). */
export const fromAddress = (email: string): SQL => sql`${submissions.email} = ${email.trim()} collate nocase`;

/** Inquiries of an address listed on one page of the look-up. */
export const ADDRESS_PAGE_SIZE = 50;

/** Rows deleted at once. */
const BATCH = 200;

/** Rows read at once by the export: their notes are read by their ids, and D1 binds at most 100 values a statement. */
const EXPORT_BATCH = 90;

/** Where a page of an address's inquiries starts: after this one, oldest first. */
export interface AddressCursor {
  readonly createdAt: number;
  readonly id: string;
}

const afterCursor = (after: AddressCursor | undefined) =>
  after ? sql`(${submissions.createdAt}, ${submissions.id}) > (${after.createdAt}, ${after.id})` : undefined;

/** One page of an address's inquiries, oldest first, after `after` when given. */
export function submissionsFrom(
  db: Database,
  email: string,
  after?: AddressCursor,
  size = ADDRESS_PAGE_SIZE,
): Promise<ContactSubmission[]> {
  return db
    .select()
    .from(submissions)
    .where(and(fromAddress(email), afterCursor(after)))
    .orderBy(asc(submissions.createdAt), asc(submissions.id))
    .limit(size);
}

/** How many inquiries an address sent. */
export async function countFrom(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(submissions).where(fromAddress(email));
  return row?.count ?? 0;
}

/** Every inquiry of an address, oldest first, a page at a time. */
async function* pagesFrom(db: Database, email: string): AsyncGenerator<ContactSubmission[]> {
  let after: AddressCursor | undefined;
  for (;;) {
    const rows = await submissionsFrom(db, email, after, EXPORT_BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows.at(-1)!;
    after = { createdAt: last.createdAt.getTime(), id: last.id };
  }
}

/** One inquiry as the full record holds it: every column under its database name, times in ISO 8601, and its notes. */
export type ExportedSubmission = Record<string, string | number | null | ExportedNote[]>;
type ExportedNote = { readonly at: string; readonly author: string; readonly text: string };

const columns = Object.entries(getTableColumns(submissions));

/** The rows of one page as the full record writes them, with the notes of each. */
async function exported(db: Database, rows: readonly ContactSubmission[]): Promise<ExportedSubmission[]> {
  const written = await db
    .select()
    .from(notes)
    .where(
      inArray(
        notes.submissionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(notes.id));
  const notesOf = (id: string) =>
    written.filter((note) => note.submissionId === id).map((note) => ({ at: note.at.toISOString(), author: note.author, text: note.text }));
  return rows.map((row) => ({
    ...Object.fromEntries(
      columns.map(([key, column]) => {
        const value = row[key as keyof ContactSubmission];
        return [column.name, value instanceof Date ? value.toISOString() : value];
      }),
    ),
    notes: notesOf(row.id),
  }));
}

/** The full record of one address, a page of inquiries at a time, for a document streamed as it is read. */
export async function* exportPagesFrom(db: Database, email: string): AsyncGenerator<ExportedSubmission[]> {
  for await (const rows of pagesFrom(db, email)) yield await exported(db, rows);
}

/** One inquiry as the person's copy holds it: what they sent, when, where their visit came from, its delivery. */
export type PersonalSubmission = { readonly id: string; readonly receivedAt: string } & Readonly<Record<ContactField, string | null>> & {
    readonly sentFromPage: string | null;
    readonly firstPageOfVisit: string | null;
    readonly referringSite: string | null;
    /** The practice's notification e-mail of the inquiry: whether it reached the practice, and when. */
    readonly notification: { readonly status: NotificationStatus; readonly attempts: number; readonly sentAt: string | null };
    /** When the message was erased (by retention or a request), keeping the conflict record; null while kept. */
    readonly messageErasedAt: string | null;
  };

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/** An inquiry as the person's copy holds it: none of the practice's notes, checks or decisions. */
const personalSubmission = (row: ContactSubmission): PersonalSubmission => ({
  id: row.id,
  receivedAt: row.createdAt.toISOString(),
  ...(Object.fromEntries(contactFieldNames.map((name) => [name, row[name]])) as Record<ContactField, string | null>),
  sentFromPage: row.sourcePage,
  firstPageOfVisit: row.landingPage,
  referringSite: row.referrerHost,
  notification: { status: row.notificationStatus, attempts: row.notificationAttempts, sentAt: isoOrNull(row.notifiedAt) },
  messageErasedAt: isoOrNull(row.messageErasedAt),
});

/** The person's copy of one address's inquiries, oldest first, a page at a time. */
export async function* personalPagesFrom(db: Database, email: string): AsyncGenerator<PersonalSubmission[]> {
  for await (const rows of pagesFrom(db, email)) yield rows.map(personalSubmission);
}

/**
 * The practice's own records about an address's inquiries, which the person's copy leaves out: its private
 * notes, its conflict checks, its intake decisions (where each inquiry stands, a conflict check's outcome and
 * any note on a possible conflict among them: counted together, so the count cannot tell which it was) and
 * its follow-up reminders.
 */
export const withheldKinds = ["privateNotes", "conflictChecks", "intakeDecisions", "followUpReminders"] as const;
export type Withheld = Readonly<Record<(typeof withheldKinds)[number], number>>;

/** How many of each of the practice's own records the person's copy of an address's inquiries leaves out. */
export async function withheldFrom(db: Database, email: string): Promise<Withheld> {
  const [[noted], [checked], [decided]] = await db.batch([
    db.select({ count: count() }).from(notes).innerJoin(submissions, eq(notes.submissionId, submissions.id)).where(fromAddress(email)),
    db
      .select({ count: count() })
      .from(conflictChecks)
      .innerJoin(submissions, eq(conflictChecks.submissionId, submissions.id))
      .where(fromAddress(email)),
    db
      .select({
        intakeDecisions: sql<number>`count(*) filter (where ${submissions.intakeState} <> 'new')`,
        followUpReminders: count(submissions.followUpOn),
      })
      .from(submissions)
      .where(fromAddress(email)),
  ]);
  return {
    privateNotes: noted?.count ?? 0,
    conflictChecks: checked?.count ?? 0,
    intakeDecisions: decided?.intakeDecisions ?? 0,
    followUpReminders: decided?.followUpReminders ?? 0,
  };
}

/** What the full record holds, whole. */
export interface SubmissionsExport {
  readonly email: string;
  readonly exportedAt: string;
  readonly submissions: ExportedSubmission[];
}

/** Everything stored about one address, notes included, as one JSON-ready document for the practice's files. */
export async function exportSubmissionsFrom(db: Database, email: string, now: Date): Promise<SubmissionsExport> {
  const all: ExportedSubmission[] = [];
  for await (const page of exportPagesFrom(db, email)) all.push(...page);
  return { email: email.trim(), exportedAt: now.toISOString(), submissions: all };
}

export interface Deletion {
  /** The inquiries deleted, whole (with their notes and conflict checks). */
  readonly ids: string[];
  /** Conflict searches in the activity log whose searched name was the person's, now without it. */
  readonly searchesRedacted: number;
  /**
   * Engagement letters of those inquiries, kept with the record of their signing (the person's name and
   * address on them): the proof of what was agreed, kept for retention.engagementRecordMonths after the
   * letter's last event whatever a deletion asks, as the privacy policy says.
   */
  readonly engagementsKept: number;
}

/**
 * Deletes every submission of one address, a page at a time, then removes the person's name from the
 * conflict searches of the activity log that looked for them (their counts stay). Their engagement letters
 * stay, no longer linked to an inquiry, and are counted.
 */
export async function deleteSubmissionsFrom(db: Database, email: string): Promise<Deletion> {
  const ids: string[] = [];
  const people = new Map<string, ConflictRecord>();
  let engagementsKept = 0;
  for (;;) {
    const page = db.select({ id: submissions.id }).from(submissions).where(fromAddress(email)).limit(BATCH);
    const [[letters], rows] = await db.batch([
      db.select({ n: count() }).from(engagementLetters).where(inArray(engagementLetters.submissionId, page)),
      db
        .delete(submissions)
        .where(inArray(submissions.id, page))
        .returning({ id: submissions.id, name: submissions.name, email: submissions.email }),
    ]);
    engagementsKept += letters?.n ?? 0;
    for (const row of rows)
      people.set(`${row.name}\n${row.email}`, { name: row.name, email: row.email, organization: null, parties: null });
    ids.push(...rows.map((row) => row.id));
    if (rows.length < BATCH) break;
  }
  const searchesRedacted = ids.length > 0 ? await redactConflictSearches(db, [...people.values()]) : 0;
  return { ids, searchesRedacted, engagementsKept };
}

/**
 * Erases the messages of one address (and the practice's notes on them), keeping the conflict record
 * (names, e-mail, organization, other parties, dates, intake state) as retention does; returns the ids
 * whose message was erased.
 */
export const eraseMessagesFrom = (db: Database, email: string, now: Date): Promise<string[]> =>
  eraseMessagesWhere(db, fromAddress(email), now);

/** The most engagement letters a privacy export lists for one address. */
const EXPORT_LETTERS_MAX = 100;

/** An engagement letter sent to an address, as the person's copy and the practice's record give it. */
export interface ExportedEngagementLetter {
  readonly version: number;
  readonly title: string;
  readonly status: string;
  readonly sentAt: string;
  readonly linkValidUntil: string;
  readonly signedAt: string | null;
  readonly signedName: string | null;
  /** The letter's exact words, and the SHA-256 the record keeps of them. */
  readonly letterText: string;
  readonly letterSha256: string;
  /** Each step of the record: when, what, and the internet address and browser it came from. */
  readonly events: readonly { readonly kind: string; readonly at: string; readonly ip: string | null; readonly userAgent: string | null }[];
}

/**
 * The engagement letters sent to an address (whether or not their inquiry is still stored), oldest first, each
 * with its record's steps; never a link. A deletion keeps them (deleteSubmissionsFrom), so an access request
 * must show them.
 */
export async function engagementLettersTo(db: Database, email: string): Promise<ExportedEngagementLetter[]> {
  const letters = await db
    .select()
    .from(engagementLetters)
    .where(sql`${engagementLetters.clientEmail} = ${email.trim()} collate nocase`)
    .orderBy(asc(engagementLetters.createdAt), asc(engagementLetters.id))
    .limit(EXPORT_LETTERS_MAX);
  if (letters.length === 0) return [];
  const events = await db
    .select()
    .from(engagementEvents)
    .where(
      inArray(
        engagementEvents.letterId,
        letters.map((letter) => letter.id),
      ),
    )
    .orderBy(asc(engagementEvents.letterId), asc(engagementEvents.seq));
  return letters.map((letter) => ({
    version: letter.version,
    title: letter.title,
    status: letter.status,
    sentAt: letter.createdAt.toISOString(),
    linkValidUntil: letter.expiresAt.toISOString(),
    signedAt: letter.signedAt?.toISOString() ?? null,
    signedName: letter.signedName,
    letterText: letter.letterText,
    letterSha256: letter.letterSha256,
    events: events
      .filter((event) => event.letterId === letter.id)
      // The network details of the client's own steps only: the practice's events (sent, withdrawn) are not theirs.
      .map((event) => {
        const theirs = !practiceEventKinds.has(event.kind);
        return { kind: event.kind, at: event.at.toISOString(), ip: theirs ? event.ip : null, userAgent: theirs ? event.userAgent : null };
      }),
  }));
}

/**
 * How many clients of the conflict register have this address: a privacy deletion never removes them (a
 * conflict check must keep finding former clients), so the page that reports a deletion says so.
 */
export async function registerClientsWith(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(registerClients).where(sql`${registerClients.email} = ${email.trim()} collate nocase`);
  return row?.n ?? 0;
}
