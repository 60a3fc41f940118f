import { type SQL, and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type LastBackup, lastFinishedRun } from "./backups.ts";
import type { Database } from "./client.ts";
import { dayAfter, seattleDay } from "./days.ts";
import {
  type IntakeState,
  bookingOffers as offers,
  bookings,
  engagementLetters as letters,
  contactSubmissions as submissions,
  inquiryDigests as digests,
} from "./schema.ts";

/*
 * The weekly digest: one row per week, claimed once however often the cron fires that Monday, then sent by
 * the queue with a lease, as a notification is (src/db/submissions.ts).
 */

const DAY_MS = 24 * 60 * 60_000;

/**
 * An inquiry still new this long after it arrived is listed as waiting for its conflict check; a decline
 * letter not marked sent this long after it was written, as unsent.
 */
const CHECK_OVERDUE_MS = 3 * DAY_MS;

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
  readonly followUpOn: string | null;
  readonly declinedAt: Date | null;
  /** Its consultation's time, or when it was offered one: in the consultations' lists. */
  readonly consultationAt?: Date;
  /** When its engagement letter went: in the list of letters not answered. */
  readonly letterSentAt?: Date;
}

/** The most inquiries a digest lists under one heading; the rest are counted, with a link to the inbox. */
export const DIGEST_LIST_MAX = 50;

/** A list of the digest: its first inquiries (at most DIGEST_LIST_MAX) and how many there are in all. */
export interface DigestList {
  readonly inquiries: readonly DigestInquiry[];
  readonly total: number;
}

/** How many inquiries came from one source (an outside site, a page: null when unknown), and how many became engaged. */
export interface SourceCount {
  readonly source: string | null;
  readonly inquiries: number;
  readonly engaged: number;
}

/** Where the inquiries of the last SOURCES_DAYS days came from. */
export interface DigestSources {
  readonly inquiries: number;
  readonly engaged: number;
  /** By the outside site that sent the visitor (null: none, or not known). */
  readonly bySite: readonly SourceCount[];
  /** By the first page of the visit. */
  readonly byLandingPage: readonly SourceCount[];
  /** By the page the form was sent from. */
  readonly bySourcePage: readonly SourceCount[];
}

export interface DigestContents {
  /** Received in the digest's period, oldest first. */
  readonly received: DigestList;
  /** Still without a conflict check three days or more after they arrived, oldest first. */
  readonly awaitingCheck: DigestList;
  /** Declined, with the letter not marked sent three days or more after it was written, oldest first. */
  readonly unsentDeclines: DigestList;
  /** Follow-ups due by the end of the digest's week (its Sunday, in Seattle), earliest first. */
  readonly followUps: DigestList;
  /** The last day the follow-ups listed are due (YYYY-MM-DD). */
  readonly followUpsBy: string;
  /** Notifications that failed every retry. */
  readonly failed: DigestList;
  /** Consultations booked for the seven days after the digest, soonest first. */
  readonly consultations: DigestList;
  /** Offers made `offerFollowUpDays` ago or more that no one has booked (and not withdrawn), oldest first. */
  readonly offersNotTaken: DigestList;
  /**
   * Engagement letters sent `engagementFollowUpDays` ago or more, their link still open (not signed, declined,
   * asked for on paper, withdrawn or replaced; expired within the week), oldest first.
   */
  readonly lettersNotAnswered: DigestList;
  readonly sources: DigestSources;
  /** Messages retention erases in the next RETENTION_NOTICE_DAYS days. */
  readonly messagesErasedSoon: number;
  /** Inquiries retention deletes whole (their conflict record too) in the same days. */
  readonly recordsDeletedSoon: number;
  /** The last finished backup, if any. */
  readonly lastBackup: LastBackup | undefined;
}

/** How far back the digest's sources look. */
export const SOURCES_DAYS = 90;

/** The sources listed under each heading, most inquiries first; the rest are counted together. */
export const SOURCES_LISTED = 10;

const inquiry = {
  id: submissions.id,
  name: submissions.name,
  organization: submissions.organization,
  createdAt: submissions.createdAt,
  intakeState: submissions.intakeState,
  followUpOn: submissions.followUpOn,
  declinedAt: submissions.declinedAt,
};

/** The first DIGEST_LIST_MAX inquiries `which` selects, in `order`, and how many it selects in all. */
async function boundedList(db: Database, which: SQL | undefined, order: readonly SQL[]): Promise<DigestList> {
  const inquiries = await db
    .select(inquiry)
    .from(submissions)
    .where(which)
    .orderBy(...order)
    .limit(DIGEST_LIST_MAX);
  if (inquiries.length < DIGEST_LIST_MAX) return { inquiries, total: inquiries.length };
  const [all] = await db.select({ count: count() }).from(submissions).where(which);
  return { inquiries, total: all?.count ?? inquiries.length };
}

/** Inquiries in a period counted by one column, most first: the first SOURCES_LISTED. */
async function countedBy(db: Database, column: SQLiteColumn, period: SQL): Promise<SourceCount[]> {
  return db
    .select({ source: sql<string | null>`${column}`, inquiries: count(), engaged: count(submissions.engagedAt) })
    .from(submissions)
    .where(period)
    .groupBy(column)
    .orderBy(desc(count()), asc(column))
    .limit(SOURCES_LISTED);
}

/** Where the inquiries received in the SOURCES_DAYS days up to `until` came from. */
async function sourcesUpTo(db: Database, until: Date): Promise<DigestSources> {
  const period = and(gt(submissions.createdAt, new Date(until.getTime() - SOURCES_DAYS * DAY_MS)), lte(submissions.createdAt, until))!;
  const [all] = await db
    .select({ inquiries: count(), engaged: count(submissions.engagedAt) })
    .from(submissions)
    .where(period);
  return {
    inquiries: all?.inquiries ?? 0,
    engaged: all?.engaged ?? 0,
    bySite: await countedBy(db, submissions.referrerHost, period),
    byLandingPage: await countedBy(db, submissions.landingPage, period),
    bySourcePage: await countedBy(db, submissions.sourcePage, period),
  };
}

/**
 * What a digest says, for the period `since`–`until`. `eraseCutoff` and `deleteCutoff` are retention's
 * cut-offs as they will be in RETENTION_NOTICE_DAYS days: what lies before them goes by then. Every list
 * is bounded (DIGEST_LIST_MAX) whatever arrived: a flood of inquiries makes a longer count, not a longer
 * e-mail.
 */
export async function digestContents(
  db: Database,
  period: { readonly since: Date; readonly until: Date },
  cutoffsSoon: { readonly erase: Date; readonly delete: Date },
  offerFollowUpDays = 5,
  engagementFollowUpDays = 7,
): Promise<DigestContents> {
  const oldestFirst = [asc(submissions.createdAt), asc(submissions.id)] as const;
  const threeDaysBefore = new Date(period.until.getTime() - CHECK_OVERDUE_MS);
  const followUpsBy = dayAfter(seattleDay(period.until), 6);
  const received = await boundedList(
    db,
    and(gt(submissions.createdAt, period.since), lte(submissions.createdAt, period.until)),
    oldestFirst,
  );
  const awaitingCheck = await boundedList(
    db,
    and(eq(submissions.intakeState, "new"), lte(submissions.createdAt, threeDaysBefore)),
    oldestFirst,
  );
  const unsentDeclines = await boundedList(
    db,
    and(eq(submissions.intakeState, "declining"), lte(submissions.declinedAt, threeDaysBefore)),
    oldestFirst,
  );
  const followUps = await boundedList(db, and(isNotNull(submissions.followUpOn), lte(submissions.followUpOn, followUpsBy)), [
    asc(submissions.followUpOn),
    ...oldestFirst,
  ]);
  const failed = await boundedList(db, eq(submissions.notificationStatus, "failed"), oldestFirst);
  const weekAhead = new Date(period.until.getTime() + 7 * DAY_MS);
  const consultationList = await db
    .select({ ...inquiry, consultationAt: bookings.startAt })
    .from(bookings)
    .innerJoin(submissions, eq(submissions.id, bookings.submissionId))
    .where(and(eq(bookings.status, "booked"), gt(bookings.startAt, period.until), lt(bookings.startAt, weekAhead)))
    .orderBy(asc(bookings.startAt), asc(bookings.id))
    .limit(DIGEST_LIST_MAX);
  const offeredBefore = new Date(period.until.getTime() - offerFollowUpDays * DAY_MS);
  const offersList = await db
    .select({ ...inquiry, consultationAt: offers.createdAt })
    .from(offers)
    .innerJoin(submissions, eq(submissions.id, offers.submissionId))
    .leftJoin(bookings, eq(bookings.offerId, offers.id))
    .where(
      and(
        isNull(bookings.id),
        isNull(offers.withdrawnAt),
        lte(offers.createdAt, offeredBefore),
        gt(offers.expiresAt, new Date(period.until.getTime() - 7 * DAY_MS)),
      ),
    )
    .orderBy(asc(offers.createdAt), asc(offers.id))
    .limit(DIGEST_LIST_MAX);
  const lettersList = await db
    .select({ ...inquiry, letterSentAt: letters.createdAt })
    .from(letters)
    .innerJoin(submissions, eq(submissions.id, letters.submissionId))
    .where(
      and(
        inArray(letters.status, ["sent", "opened", "consented"]),
        lte(letters.createdAt, new Date(period.until.getTime() - engagementFollowUpDays * DAY_MS)),
        gt(letters.expiresAt, new Date(period.until.getTime() - 7 * DAY_MS)),
      ),
    )
    .orderBy(asc(letters.createdAt), asc(letters.id))
    .limit(DIGEST_LIST_MAX);
  const [erasing] = await db
    .select({ count: count() })
    .from(submissions)
    .where(and(lt(submissions.createdAt, cutoffsSoon.erase), isNull(submissions.messageErasedAt)));
  const [deleting] = await db.select({ count: count() }).from(submissions).where(lt(submissions.createdAt, cutoffsSoon.delete));
  return {
    received,
    awaitingCheck,
    unsentDeclines,
    followUps,
    followUpsBy,
    failed,
    // A practice books a handful of consultations a week: at most DIGEST_LIST_MAX of each are listed.
    consultations: { inquiries: consultationList, total: consultationList.length },
    offersNotTaken: { inquiries: offersList, total: offersList.length },
    lettersNotAnswered: { inquiries: lettersList, total: lettersList.length },
    sources: await sourcesUpTo(db, period.until),
    messagesErasedSoon: erasing?.count ?? 0,
    recordsDeletedSoon: deleting?.count ?? 0,
    lastBackup: await lastFinishedRun(db),
  };
}
