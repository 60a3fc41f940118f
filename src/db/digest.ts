import { and, asc, desc, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { type IntakeState, contactSubmissions as submissions, inquiryDigests as digests } from "./schema.ts";

/*
 * The weekly digest: one row per week, claimed once however often the cron fires that Monday, then sent by
 * the queue with a lease, as a notification is (src/db/submissions.ts).
 */

/** An inquiry still new this long after it arrived is listed as waiting for its conflict check. */
const CHECK_OVERDUE_MS = 3 * 24 * 60 * 60_000;

/** How far ahead the digest looks for records that retention is about to erase or delete. */
export const RETENTION_NOTICE_DAYS = 30;

/** How long after its claim a digest not yet sent counts as lost, for the sweep to queue it again. */
const DIGEST_GONE_QUIET_MS = 30 * 60_000;

/**
 * Claims the digest of `week` (its Monday in Seattle, YYYY-MM-DD), covering what arrived since the last
 * digest (or the last seven days, for the first). True when this call claimed it: only then is it queued.
 */
export async function claimDigest(db: Database, week: string, now: Date): Promise<boolean> {
  const [last] = await db.select({ createdAt: digests.createdAt }).from(digests).orderBy(desc(digests.createdAt)).limit(1);
  const since = last?.createdAt ?? new Date(now.getTime() - 7 * 24 * 60 * 60_000);
  const inserted = await db.insert(digests).values({ week, createdAt: now, since }).onConflictDoNothing().returning({ week: digests.week });
  return inserted.length === 1;
}

export type DigestClaim =
  | { readonly kind: "claimed"; readonly since: Date; readonly until: Date }
  | { readonly kind: "done" | "busy" | "missing" };

/** Takes the digest's lease for one delivery, as claimForNotification does for a submission. */
export async function claimDigestDelivery(db: Database, week: string, now: Date, leaseMs: number): Promise<DigestClaim> {
  const [claimed] = await db
    .update(digests)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${digests.attempts} + 1` })
    .where(and(eq(digests.week, week), eq(digests.status, "pending"), or(isNull(digests.leaseUntil), lt(digests.leaseUntil, now))))
    .returning({ since: digests.since, until: digests.createdAt });
  if (claimed) return { kind: "claimed", ...claimed };
  const [row] = await db.select({ status: digests.status }).from(digests).where(eq(digests.week, week));
  if (!row) return { kind: "missing" };
  return { kind: row.status === "pending" ? "busy" : "done" };
}

export async function markDigestSent(db: Database, week: string, now: Date): Promise<void> {
  await db.update(digests).set({ status: "sent", sentAt: now, leaseUntil: null, error: null }).where(eq(digests.week, week));
}

export async function releaseDigestAfterFailure(db: Database, week: string, reason: string): Promise<void> {
  await db.update(digests).set({ leaseUntil: null, error: reason }).where(eq(digests.week, week));
}

export async function markDigestFailed(db: Database, week: string, reason: string): Promise<void> {
  await db.update(digests).set({ status: "failed", leaseUntil: null, error: reason }).where(eq(digests.week, week));
}

/** Digests claimed but not sent for longer than a delivery takes, and not held: their queue message was lost. */
export async function findLostDigests(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ week: digests.week })
    .from(digests)
    .where(
      and(
        eq(digests.status, "pending"),
        lt(digests.createdAt, new Date(now.getTime() - DIGEST_GONE_QUIET_MS)),
        or(isNull(digests.leaseUntil), lt(digests.leaseUntil, now)),
      ),
    );
  return rows.map((row) => row.week);
}

/** An inquiry as a digest lists it. */
export interface DigestInquiry {
  readonly id: string;
  readonly name: string;
  readonly organization: string | null;
  readonly createdAt: Date;
  readonly intakeState: IntakeState;
}

export interface DigestContents {
  /** Received in the digest's period, oldest first. */
  readonly received: DigestInquiry[];
  /** Still without a conflict check three days or more after they arrived, oldest first. */
  readonly awaitingCheck: DigestInquiry[];
  /** Notifications that failed every retry. */
  readonly failed: DigestInquiry[];
  /** Messages retention erases in the next RETENTION_NOTICE_DAYS days. */
  readonly messagesErasedSoon: number;
  /** Inquiries retention deletes whole (their conflict record too) in the same days. */
  readonly recordsDeletedSoon: number;
}

const inquiry = {
  id: submissions.id,
  name: submissions.name,
  organization: submissions.organization,
  createdAt: submissions.createdAt,
  intakeState: submissions.intakeState,
};

/**
 * What a digest says, for the period `since`–`until`. `eraseCutoff` and `deleteCutoff` are retention's
 * cut-offs as they will be in RETENTION_NOTICE_DAYS days: what lies before them goes by then.
 */
export async function digestContents(
  db: Database,
  period: { readonly since: Date; readonly until: Date },
  cutoffsSoon: { readonly erase: Date; readonly delete: Date },
): Promise<DigestContents> {
  const oldestFirst = [asc(submissions.createdAt), asc(submissions.id)] as const;
  const received = await db
    .select(inquiry)
    .from(submissions)
    .where(and(gt(submissions.createdAt, period.since), lte(submissions.createdAt, period.until)))
    .orderBy(...oldestFirst);
  const awaitingCheck = await db
    .select(inquiry)
    .from(submissions)
    .where(and(eq(submissions.intakeState, "new"), lte(submissions.createdAt, new Date(period.until.getTime() - CHECK_OVERDUE_MS))))
    .orderBy(...oldestFirst);
  const failed = await db
    .select(inquiry)
    .from(submissions)
    .where(eq(submissions.notificationStatus, "failed"))
    .orderBy(...oldestFirst);
  const [erasing] = await db
    .select({ count: sql<number>`count(*)` })
    .from(submissions)
    .where(and(lt(submissions.createdAt, cutoffsSoon.erase), isNull(submissions.messageErasedAt)));
  const [deleting] = await db
    .select({ count: sql<number>`count(*)` })
    .from(submissions)
    .where(lt(submissions.createdAt, cutoffsSoon.delete));
  return { received, awaitingCheck, failed, messagesErasedSoon: erasing?.count ?? 0, recordsDeletedSoon: deleting?.count ?? 0 };
}
