import { type SQL, and, eq, isNotNull, isNull, lt, not, or, sql } from "drizzle-orm";
import { contactSubmissions as submissions } from "./schema.ts";

/*
 * Where a submission's notification e-mail stands, as one set of rules over the row's columns. The queue
 * consumer, the sweep and the inbox all read them from here, so "stuck" means one thing everywhere.
 */

/** How long one delivery may hold a submission before another may try. */
export const LEASE_MS = 60_000;

/** The longest wait between two attempts of one queue message (the backoff's cap). */
export const MAX_RETRY_DELAY_SECONDS = 15 * 60;

/** A row whose queueing failed (queued_at NULL) is left alone this long, then counts as stuck. */
export const NEVER_QUEUED_GRACE_MS = 2 * 60_000;

/**
 * A pending row with no sign of life (queued, or claimed by a delivery) for this long has lost its queue
 * message: a live message comes back within the longest backoff, and its attempt ends with the lease.
 * Five minutes more allow for a busy queue. Re-queueing a row whose message is merely late is safe anyway:
 * the lease and the sent mark let only one delivery send the e-mail.
 */
export const GONE_QUIET_MS = MAX_RETRY_DELAY_SECONDS * 1000 + LEASE_MS + 5 * 60_000;

/** What the inbox shows for a notification. */
export const deliveryStates = ["queued", "retrying", "stuck", "sent", "failed"] as const;
export type DeliveryState = (typeof deliveryStates)[number];

const pending = eq(submissions.notificationStatus, "pending");

/** No delivery holds the row right now. */
export const leaseFree = (now: Date): SQL => or(isNull(submissions.notificationLeaseUntil), lt(submissions.notificationLeaseUntil, now))!;

/**
 * A pending notification that no queue message will deliver: never queued (the queue refused it) for
 * longer than the grace, or silent for longer than the retry schedule allows (the message was lost, or the
 * Worker stopped between storing the row and queueing it). Nobody holds its lease. The sweep queues these
 * again; the inbox offers to send them again.
 */
export function stuck(now: Date): SQL {
  const lastSignOfLife = sql`max(${submissions.queuedAt}, coalesce(${submissions.notificationLastAttemptAt}, 0))`;
  return and(
    pending,
    leaseFree(now),
    or(
      and(isNull(submissions.queuedAt), lt(submissions.createdAt, new Date(now.getTime() - NEVER_QUEUED_GRACE_MS))),
      and(isNotNull(submissions.queuedAt), sql`${lastSignOfLife} < ${now.getTime() - GONE_QUIET_MS}`),
    ),
  )!;
}

/**
 * Each state as a condition on the row; they never overlap. Queued and retrying are pending rows that are
 * not stuck, without or with the error of a failed attempt.
 */
export function inDeliveryState(state: DeliveryState, now: Date): SQL {
  switch (state) {
    case "sent":
      return eq(submissions.notificationStatus, "sent");
    case "failed":
      return eq(submissions.notificationStatus, "failed");
    case "stuck":
      return stuck(now);
    case "retrying":
      return and(pending, not(stuck(now)), isNotNull(submissions.notificationError))!;
    case "queued":
      return and(pending, not(stuck(now)), isNull(submissions.notificationError))!;
  }
}

/** The row's state as a column of a select, from the same conditions. */
export const deliveryState = (now: Date): SQL<DeliveryState> =>
  sql<DeliveryState>`case ${sql.join(
    deliveryStates.map((state) => sql`when ${inDeliveryState(state, now)} then ${state}`),
    sql` `,
  )} end`;
