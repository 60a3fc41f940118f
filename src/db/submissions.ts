import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { ContactSubmissionInput } from "../contact/schema.ts";
import type { Database } from "./client.ts";
import { type ContactSubmission, contactSubmissions as submissions } from "./schema.ts";

/*
 * The data layer of the contact pipeline: plain functions over D1, one statement each. The notification
 * columns form a small state machine: pending → sent, or pending → failed after the last retry.
 */

/** Stores a valid submission, marked as queued now; returns its id. */
export async function insertSubmission(db: Database, input: ContactSubmissionInput, now: Date): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(submissions).values({ id, ...input, createdAt: now, queuedAt: now });
  return id;
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
      notificationAttempts: sql`${submissions.notificationAttempts} + 1`,
    })
    .where(
      and(
        eq(submissions.id, id),
        eq(submissions.notificationStatus, "pending"),
        or(isNull(submissions.notificationLeaseUntil), lt(submissions.notificationLeaseUntil, now)),
      ),
    )
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

/** The dead-letter queue's verdict: this e-mail will not be retried again. */
export async function markNotificationFailed(db: Database, id: string, reason: string): Promise<void> {
  await db
    .update(submissions)
    .set({ notificationStatus: "failed", notificationLeaseUntil: null, notificationError: reason.slice(0, 500) })
    .where(and(eq(submissions.id, id), eq(submissions.notificationStatus, "pending")));
}

/**
 * Pending rows the queue never got (queued_at NULL, older than `graceMs`) or lost (queued longer ago than
 * `staleMs`, which outlasts every retry): the sweep queues them again.
 */
export async function findUnnotified(db: Database, now: Date, graceMs: number, staleMs: number, limit: number) {
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.notificationStatus, "pending"),
        or(
          and(isNull(submissions.queuedAt), lt(submissions.createdAt, new Date(now.getTime() - graceMs))),
          lt(submissions.queuedAt, new Date(now.getTime() - staleMs)),
        ),
      ),
    )
    .orderBy(submissions.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function markQueued(db: Database, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length > 0) await db.update(submissions).set({ queuedAt: now }).where(inArray(submissions.id, [...ids]));
}

export async function findSubmission(db: Database, id: string): Promise<ContactSubmission | undefined> {
  return db.query.contactSubmissions.findFirst({ where: eq(submissions.id, id) });
}

/** Deletes submissions received before `cutoff` (the retention period); returns how many. */
export async function deleteSubmissionsBefore(db: Database, cutoff: Date): Promise<number> {
  const deleted = await db.delete(submissions).where(lt(submissions.createdAt, cutoff)).returning({ id: submissions.id });
  return deleted.length;
}
