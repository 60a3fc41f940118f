import { type SQL, and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { type Attribution, attributionFields } from "../contact/attribution.ts";
import { fieldSpecs } from "../contact/fields.ts";
import { conflictKeys } from "./conflict-names.ts";
import type { ContactSubmissionInput } from "../contact/schema.ts";
import type { Database } from "./client.ts";
import { leaseFree, stuck } from "./delivery.ts";
import { type ContactSubmission, inquiryNotes, contactSubmissions as submissions } from "./schema.ts";

/*
 * The data layer of the contact pipeline: plain functions over D1, one statement each. The notification
 * columns form a small state machine: pending → sent, or pending → failed after the last retry (and back
 * to pending when the inbox sends it again). What each state means is defined in delivery.ts.
 */

/** The window insertSubmission counts stored submissions in: its cap is per minute. */
export const CAP_WINDOW_MS = 60_000;

/** Where an inquiry came from, when the post said nothing about it (tests, scripts). */
export const noAttribution: Attribution = { sourcePage: null, landingPage: null, referrerHost: null };

/**
 * Stores a valid submission with where it came from, marked as queued now, and returns its id; unless `cap`
 * submissions (from anyone) were stored in the minute before `now`: then stores nothing and returns
 * undefined. One statement, so the count and the insert cannot be separated by another post (D1 runs a
 * database's writes one at a time): the cap holds exactly, however many posts arrive together.
 */
export async function insertSubmission(
  db: Database,
  input: ContactSubmissionInput,
  now: Date,
  cap: number,
  attribution: Attribution = noAttribution,
): Promise<string | undefined> {
  const id = crypto.randomUUID();
  const fields = fieldSpecs.map((field) => field.name);
  const columns = [
    submissions.id,
    ...fields.map((field) => submissions[field]),
    ...attributionFields.map((field) => submissions[field]),
    submissions.conflictKeys,
    submissions.createdAt,
    submissions.queuedAt,
  ];
  const values = [
    id,
    ...fields.map((field) => input[field]),
    ...attributionFields.map((field) => attribution[field]),
    conflictKeys(input),
    now.getTime(),
    now.getTime(),
  ];
  // What was inserted is read back (RETURNING), not counted: the change count includes what triggers write.
  const inserted = await db.all<{ id: string }>(sql`
    insert into ${submissions} (${sql.join(
      columns.map((column) => sql.identifier(column.name)),
      sql`, `,
    )})
    select ${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}
    where (select count(*) from ${submissions} where ${submissions.createdAt} > ${now.getTime() - CAP_WINDOW_MS}) < ${cap}
    returning ${submissions.id}`);
  return inserted.length === 1 ? id : undefined;
}

/** The queue refused the message: clear queued_at so the sweep sends it again. */
export async function markNotQueued(db: Database, id: string): Promise<void> {
  await db.update(submissions).set({ queuedAt: null }).where(eq(submissions.id, id));
}

export type Claim =
  | { readonly kind: "claimed"; readonly submission: ContactSubmission }
  /** Already sent, or already recorded as failed: nothing to do. */
  | { readonly kind: "done" }
  /** Another delivery of the same message holds the lease right now. */
  | { readonly kind: "busy" }
  | { readonly kind: "missing" };

/**
 * Takes the right to send this submission's e-mail for `leaseMs`. Only one delivery can hold it, so a
 * duplicated or retried message never sends a second e-mail.
 */
export async function claimForNotification(db: Database, id: string, now: Date, leaseMs: number): Promise<Claim> {
  const [claimed] = await db
    .update(submissions)
    .set({
      notificationLeaseUntil: new Date(now.getTime() + leaseMs),
      notificationLastAttemptAt: now,
      notificationAttempts: sql`${submissions.notificationAttempts} + 1`,
    })
    .where(and(eq(submissions.id, id), eq(submissions.notificationStatus, "pending"), leaseFree(now)))
    .returning();
  if (claimed) return { kind: "claimed", submission: claimed };
  const current = await db.query.contactSubmissions.findFirst({
    columns: { notificationStatus: true },
    where: eq(submissions.id, id),
  });
  if (!current) return { kind: "missing" };
  return current.notificationStatus === "pending" ? { kind: "busy" } : { kind: "done" };
}

export async function markNotified(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(submissions)
    .set({ notificationStatus: "sent", notifiedAt: now, notificationLeaseUntil: null, notificationError: null })
    .where(eq(submissions.id, id));
}

/** An attempt failed: record why (never the message itself) and free the lease for the retry. */
export async function releaseAfterFailure(db: Database, id: string, reason: string): Promise<void> {
  await db
    .update(submissions)
    .set({ notificationLeaseUntil: null, notificationError: reason.slice(0, 500) })
    .where(eq(submissions.id, id));
}

/**
 * The dead-letter queue's verdict: this e-mail will not be retried again. The last attempt's error is kept
 * (the inbox shows it). A lease another delivery still holds is left to run out: if that delivery sends
 * the e-mail, it marks the row sent.
 */
export async function markNotificationFailed(db: Database, id: string, reason: string): Promise<void> {
  await db
    .update(submissions)
    .set({
      notificationStatus: "failed",
      notificationError: sql`substr(${reason} || coalesce('; last error: ' || ${submissions.notificationError}, ''), 1, 500)`,
    })
    .where(and(eq(submissions.id, id), eq(submissions.notificationStatus, "pending")));
}

/** The stuck rows (see delivery.ts), oldest first: the sweep queues them again. */
export async function findStuck(db: Database, now: Date, limit: number): Promise<string[]> {
  const rows = await db.select({ id: submissions.id }).from(submissions).where(stuck(now)).orderBy(submissions.createdAt).limit(limit);
  return rows.map((row) => row.id);
}

export async function markQueued(db: Database, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length > 0)
    await db
      .update(submissions)
      .set({ queuedAt: now })
      .where(inArray(submissions.id, [...ids]));
}

/**
 * What erasing a message leaves of its inquiry: the conflict record (the fields marked so in
 * src/contact/fields.ts, dates, intake). Every other field goes (a required one becomes empty), and with
 * them where the inquiry came from.
 */
const erased = {
  ...Object.fromEntries(fieldSpecs.filter((field) => !field.conflictRecord).map((field) => [field.name, field.required ? "" : null])),
  ...Object.fromEntries(attributionFields.map((field) => [field, null])),
  // The words of a decline letter can tell of the matter as the message did: they go with it (that it was
  // declined, and when the letter was sent, stay with the conflict record).
  declineLetter: null,
};

/**
 * Erases the messages of the inquiries `which` selects and have a message still, keeping their conflict
 * record; and the practice's notes on them. Returns the ids erased.
 */
export async function eraseMessagesWhere(db: Database, which: SQL, now: Date): Promise<string[]> {
  const rows = await db
    .update(submissions)
    .set({ ...erased, messageErasedAt: now })
    .where(and(which, isNull(submissions.messageErasedAt)))
    .returning({ id: submissions.id });
  await db.delete(inquiryNotes).where(inArray(inquiryNotes.submissionId, db.select({ id: submissions.id }).from(submissions).where(which)));
  return rows.map((row) => row.id);
}

/**
 * Erases the messages received before `cutoff` (the message's retention period), keeping the conflict
 * record of each inquiry; returns how many.
 */
export async function eraseMessagesBefore(db: Database, cutoff: Date, now: Date): Promise<number> {
  return (await eraseMessagesWhere(db, lt(submissions.createdAt, cutoff), now)).length;
}

/** Deletes the inquiries received before `cutoff` (the conflict record's retention period); returns how many. */
export async function deleteSubmissionsBefore(db: Database, cutoff: Date): Promise<number> {
  const deleted = await db.delete(submissions).where(lt(submissions.createdAt, cutoff)).returning({ id: submissions.id });
  return deleted.length;
}
