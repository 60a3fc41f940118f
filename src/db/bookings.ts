import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { PRACTICE_ZONE, formatForReader } from "../booking/zone.ts";
import { consultations } from "../content/index.ts";
import { recordActivity } from "./activity.ts";
import type { Database } from "./client.ts";
import { linksClosedSql, linksClosedStates } from "./intake-states.ts";
import {
  type Booking,
  type BookingOffer,
  type BookingStatus,
  type BusyTime,
  bookingOffers as offers,
  bookings,
  busyTimes,
  calendarFeedKeys,
  type IntakeState,
  contactSubmissions as submissions,
} from "./schema.ts";

/*
 * Consultations in D1: offers made from an inquiry (a private link, stored only as its SHA-256), the booking
 * a link makes, moves and cancels (or the practice cancels, with who and the reason kept), and the busy times
 * never offered. Every claim is one D1 batch whose statements decide in SQL, guarded by constraints (a link
 * books once: bookings.offer_id is unique; a minute is held by one booking: booking_minutes' key) and by the
 * inquiry's state (a link books and moves nothing once its inquiry is a possible conflict, declined or
 * closed), never a read followed by a write. Also the statements that end an inquiry's consultations with it
 * (./intake.ts). Times are epoch ms.
 */

/** A span of time, [start, end) in epoch milliseconds. */
interface Span {
  readonly start: number;
  readonly end: number;
}

/** The SHA-256 of a link's secret, in hex: what D1 keeps of it. */
export async function linkHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A new link secret: 32 random bytes, base64url (43 characters). */
export function newLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export interface Actor {
  readonly by: string;
  readonly now: Date;
}

/** Who the activity log and a booking name for what a client does by a booking link: words, not an address. */
export const BOOKING_LINK_ACTOR = "the booking link";

/** A booking as the activity log names it: its kind and its time in Seattle. */
export const bookingDetail = (booking: Pick<Booking, "kind" | "startAt">): string =>
  `${consultations.kinds.find((kind) => kind.id === booking.kind)?.name ?? booking.kind}, ${formatForReader(booking.startAt.getTime(), PRACTICE_ZONE)}`;

/** Makes an offer of the given kinds from an inquiry, good until `expiresAt`; returns it and its link's secret. */
export async function createOffer(
  db: Database,
  fields: { readonly submissionId: string; readonly kinds: readonly string[]; readonly kindNames: string; readonly expiresAt: Date },
  actor: Actor,
): Promise<{ readonly offer: BookingOffer; readonly token: string }> {
  const token = newLinkToken();
  const [offer] = await db
    .insert(offers)
    .values({
      id: crypto.randomUUID(),
      submissionId: fields.submissionId,
      tokenHash: await linkHash(token),
      kinds: JSON.stringify(fields.kinds),
      createdAt: actor.now,
      createdBy: actor.by,
      expiresAt: fields.expiresAt,
    })
    .returning();
  await recordActivity(
    db,
    { actor: actor.by, action: "consultation-offered", submissionId: fields.submissionId, detail: fields.kindNames },
    actor.now,
  );
  return { offer: offer!, token };
}

/** Records that the practice e-mailed an offer's link. */
export async function markOfferSent(db: Database, offerId: string, to: string, at: Date): Promise<void> {
  await db
    .update(offers)
    .set({ sentAt: at, sentTo: to })
    .where(and(eq(offers.id, offerId), isNull(offers.sentAt)));
}

/**
 * The statements that end an inquiry's consultations, for the batch that moves it to `state`, where its links
 * are closed (./intake.ts); each only when the inquiry is in `state` changed at `actor.now`, that is, when the
 * batch made the move: its bookings ahead cancelled by `actor` (SEQUENCE raised, minutes freed, so the client
 * is sent the cancellation), its offers still open withdrawn, each with its entry in the activity log ending
 * with `why` ("the inquiry declined"). Its bookings ahead are read first for the log's words; one booked
 * between that read and the batch is cancelled all the same, its entry in fewer words.
 */
export async function endConsultations(
  db: Database,
  move: { readonly submissionId: string; readonly state: IntakeState; readonly actor: Actor; readonly why: string },
): Promise<{
  readonly statements: D1PreparedStatement[];
  /** The bookings the batch cancelled, from its results for these statements (in order). */
  readonly cancelled: (results: readonly D1Result[]) => { readonly id: string; readonly sequence: number }[];
}> {
  const { submissionId, state, actor, why } = move;
  const ahead = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.submissionId, submissionId), eq(bookings.status, "booked"), gt(bookings.startAt, actor.now)));
  const details = JSON.stringify(Object.fromEntries(ahead.map((booking) => [booking.id, `${bookingDetail(booking)}; ${why}`])));
  // ?1 the inquiry, ?2 the time, ?3 who, ?4 why, ?5 the log's words per booking, ?6 the state moved to.
  const made = "EXISTS (SELECT 1 FROM contact_submissions WHERE id = ?1 AND intake_state = ?6 AND intake_changed_at = ?2)";
  const bookingsAhead = `submission_id = ?1 AND status = 'booked' AND start_at > ?2 AND ${made}`;
  const openOffers = `submission_id = ?1 AND withdrawn_at IS NULL AND expires_at > ?2 AND ${made}
    AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.offer_id = booking_offers.id)`;
  const d1 = db.$client;
  const statements = [
    `INSERT INTO admin_activity (at, actor, action, submission_id, detail)
       SELECT ?2, ?3, 'consultation-cancelled', submission_id, coalesce(json_extract(?5, '$."' || id || '"'), ?4) FROM bookings WHERE ${bookingsAhead}`,
    `UPDATE bookings SET status = 'cancelled', sequence = sequence + 1, changed_at = ?2, cancelled_by = ?3, cancel_reason = NULL,
       reminder_for = NULL, reminder_claimed_at = NULL WHERE ${bookingsAhead} RETURNING id, sequence`,
    "DELETE FROM booking_minutes WHERE booking_id IN (SELECT id FROM bookings WHERE submission_id = ?1 AND status = 'cancelled')",
    `INSERT INTO admin_activity (at, actor, action, submission_id, detail)
       SELECT ?2, ?3, 'consultation-offer-withdrawn', submission_id, ?4 FROM booking_offers WHERE ${openOffers}`,
    `UPDATE booking_offers SET withdrawn_at = ?2 WHERE ${openOffers}`,
  ].map((statement) => {
    // Each statement binds the parameters it names, in order.
    const used = new Set(Array.from(statement.matchAll(/\?(\d)/g), (match) => Number(match[1])));
    const values = [submissionId, actor.now.getTime(), actor.by, why, details, state];
    return d1.prepare(statement).bind(...values.slice(0, Math.max(...used)));
  });
  return { statements, cancelled: (results) => results[1]!.results as { id: string; sequence: number }[] };
}

/** Withdraws an offer not yet booked: its link books nothing after. False when it was booked or withdrawn already. */
export async function withdrawOffer(db: Database, offerId: string, actor: Actor): Promise<boolean> {
  const [offer] = await db
    .update(offers)
    .set({ withdrawnAt: actor.now })
    .where(
      and(
        eq(offers.id, offerId),
        isNull(offers.withdrawnAt),
        sql`not exists (select 1 from ${bookings} where ${bookings.offerId} = ${offers.id})`,
      ),
    )
    .returning();
  if (offer)
    await recordActivity(db, { actor: actor.by, action: "consultation-offer-withdrawn", submissionId: offer.submissionId }, actor.now);
  return offer !== undefined;
}

/** An offer as its link opens it: the offer, the person it went to, their inquiry's state, and its booking once made. */
export interface OfferAtLink {
  readonly offer: BookingOffer;
  readonly person: { readonly name: string; readonly email: string };
  readonly inquiryState: IntakeState;
  readonly booking: Booking | undefined;
}

/** The offer a link's secret opens, if any. Reads only: a GET of a link changes nothing. */
export async function offerAtLink(db: Database, token: string): Promise<OfferAtLink | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select({ offer: offers, name: submissions.name, email: submissions.email, inquiryState: submissions.intakeState, booking: bookings })
    .from(offers)
    .innerJoin(submissions, eq(submissions.id, offers.submissionId))
    .leftJoin(bookings, eq(bookings.offerId, offers.id))
    .where(eq(offers.tokenHash, await linkHash(token)));
  return (
    row && {
      offer: row.offer,
      person: { name: row.name, email: row.email },
      inquiryState: row.inquiryState,
      booking: row.booking ?? undefined,
    }
  );
}

/** Where a link stands for the client. */
export type LinkState = "open" | "expired" | "withdrawn" | "booked" | "cancelled" | "past";

/**
 * Where a link stands: its booking cancelled or its time past whatever else holds; then withdrawn (the offer
 * withdrawn, or its inquiry declined, closed or a possible conflict), booked, expired or open. The writes by a
 * link check the same in SQL, in their own batch.
 */
export function linkState({ offer, booking, inquiryState }: Pick<OfferAtLink, "offer" | "booking" | "inquiryState">, now: Date): LinkState {
  if (booking?.status === "cancelled") return "cancelled";
  if (booking && (booking.status !== "booked" || booking.startAt.getTime() <= now.getTime())) return "past";
  if (offer.withdrawnAt || linksClosedStates.includes(inquiryState)) return "withdrawn";
  if (booking) return "booked";
  return offer.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

/** SQL true while a booking's link may still book or move it: its offer not withdrawn, its inquiry's links open. */
const linkOpenSql = (offerId: string, submissionId: string) =>
  `NOT EXISTS (SELECT 1 FROM booking_offers WHERE id = ${offerId} AND withdrawn_at IS NOT NULL) AND NOT ${linksClosedSql(submissionId)}`;

/** A time to claim: the meeting, the span it holds with its buffers, its day in the practice's zone and that day's limit. */
export interface SlotClaim {
  readonly kind: string;
  readonly meeting: Span;
  readonly held: Span;
  readonly day: Span;
  readonly perDay: number;
}

/** What claiming a time came to. */
export type ClaimOutcome = "booked" | "taken" | "used" | "closed" | "stale";

const MINUTE = 60_000;

/** Statuses that hold a time and count toward the day's limit. */
const HOLDING: readonly BookingStatus[] = ["booked", "held", "no-show"];

/** A number written into SQL: only a whole number, so nothing else can reach the statement's text. */
function whole(value: number): number {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a whole number: ${value}`);
  return value;
}

/** A booking's id written into SQL: only a UUID, as the database makes them. */
function uuid(id: string): string {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new TypeError("not a booking id");
  return id;
}

/** The SQL condition that a claim's time is free: no minute held, no busy time, the day not full (`self` aside). */
function freeSql(raw: SlotClaim, selfId: string | null) {
  const self = selfId && uuid(selfId);
  const claim = {
    held: { start: whole(raw.held.start), end: whole(raw.held.end) },
    day: { start: whole(raw.day.start), end: whole(raw.day.end) },
    perDay: whole(raw.perDay),
  };
  return `NOT EXISTS (SELECT 1 FROM booking_minutes WHERE minute >= ${Math.floor(claim.held.start / MINUTE)} AND minute < ${Math.ceil(claim.held.end / MINUTE)}${self ? ` AND booking_id <> '${self}'` : ""})
    AND NOT EXISTS (SELECT 1 FROM busy_times WHERE end_at > ${claim.held.start} AND start_at < ${claim.held.end})
    AND (SELECT count(*) FROM bookings WHERE status IN (${HOLDING.map((status) => `'${status}'`).join(", ")}) AND start_at >= ${claim.day.start} AND start_at < ${claim.day.end}${self ? ` AND id <> '${self}'` : ""}) < ${claim.perDay}`;
}

/** The statement that holds a booking's minutes, if the booking stands at `start` (each minute at most once, by its key). */
const holdMinutes = (d1: D1Database, bookingId: string, claim: SlotClaim) =>
  d1
    .prepare(
      `WITH RECURSIVE m(minute) AS (SELECT ?2 UNION ALL SELECT minute + 1 FROM m WHERE minute + 1 < ?3)
       INSERT INTO booking_minutes (minute, booking_id) SELECT minute, ?1 FROM m
       WHERE EXISTS (SELECT 1 FROM bookings WHERE id = ?1 AND start_at = ?4 AND status = 'booked')`,
    )
    .bind(bookingId, Math.floor(claim.held.start / MINUTE), Math.ceil(claim.held.end / MINUTE), claim.meeting.start);

/** The activity entry of a change by a link, written only if the change was made (`made` is SQL that is true then). */
const activityIf = (d1: D1Database, made: string, entry: { action: string; submissionId: string; detail: string }, at: Date) =>
  d1
    .prepare(`INSERT INTO admin_activity (at, actor, action, submission_id, detail) SELECT ?1, ?5, ?2, ?3, ?4 WHERE ${made}`)
    .bind(at.getTime(), entry.action, entry.submissionId, entry.detail, BOOKING_LINK_ACTOR);

/** Why a claim that wrote nothing did not: the link used, closed, or the time taken. */
async function whyNot(db: Database, offerId: string, now: Date): Promise<Exclude<ClaimOutcome, "booked" | "stale">> {
  const [row] = await db
    .select({ offer: offers, booking: bookings, inquiryState: submissions.intakeState })
    .from(offers)
    .innerJoin(submissions, eq(submissions.id, offers.submissionId))
    .leftJoin(bookings, eq(bookings.offerId, offers.id))
    .where(eq(offers.id, offerId));
  if (!row) return "closed";
  if (row.booking) return "used";
  return linkState({ offer: row.offer, booking: undefined, inquiryState: row.inquiryState }, now) === "open" ? "taken" : "closed";
}

/**
 * Books a time with an open offer: the booking, its minutes and its log entry in one D1 batch, written only
 * if the offer is open and unused and the time free; two requests for one time, or one link twice, make one
 * booking. A unique minute held twice fails the whole batch, which is the same answer: taken.
 */
export async function bookWithOffer(
  db: Database,
  offer: Pick<BookingOffer, "id" | "submissionId">,
  claim: SlotClaim,
  fields: { readonly clientZone: string; readonly detail: string },
  now: Date,
): Promise<{ readonly outcome: ClaimOutcome; readonly booking?: Booking }> {
  const d1 = db.$client;
  const id = crypto.randomUUID();
  try {
    await d1.batch([
      d1
        .prepare(
          `INSERT INTO bookings (id, offer_id, submission_id, kind, start_at, end_at, client_zone, status, sequence, created_at, changed_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'booked', 0, ?8, ?8
           WHERE EXISTS (SELECT 1 FROM booking_offers WHERE id = ?2 AND withdrawn_at IS NULL AND expires_at > ?8)
             AND NOT ${linksClosedSql("?3")}
             AND NOT EXISTS (SELECT 1 FROM bookings WHERE offer_id = ?2)
             AND ${freeSql(claim, null)}`,
        )
        .bind(id, offer.id, offer.submissionId, claim.kind, claim.meeting.start, claim.meeting.end, fields.clientZone, now.getTime()),
      holdMinutes(d1, id, claim),
      activityIf(
        d1,
        `EXISTS (SELECT 1 FROM bookings WHERE id = '${id}')`,
        { action: "consultation-booked", submissionId: offer.submissionId, detail: fields.detail },
        now,
      ),
    ]);
  } catch (error) {
    if (!/UNIQUE constraint failed/.test(String(error))) throw error;
    return { outcome: (await whyNot(db, offer.id, now)) === "used" ? "used" : "taken" };
  }
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  return booking ? { outcome: "booked", booking } : { outcome: await whyNot(db, offer.id, now) };
}

/**
 * Moves a booking to another time: one booking kept, its SEQUENCE raised, its minutes moved, in one batch,
 * only if it is still booked at the sequence the client's page showed ("stale" otherwise), its link still
 * open (its offer not withdrawn, its inquiry not declined, closed or a possible conflict: "closed" otherwise)
 * and the new time free.
 */
export async function rescheduleBooking(
  db: Database,
  booking: Pick<Booking, "id" | "offerId" | "submissionId" | "sequence">,
  claim: SlotClaim,
  detail: string,
  now: Date,
): Promise<{ readonly outcome: ClaimOutcome; readonly booking?: Booking }> {
  const d1 = db.$client;
  const moved = `EXISTS (SELECT 1 FROM bookings WHERE id = '${uuid(booking.id)}' AND sequence = ${whole(booking.sequence + 1)} AND start_at = ${whole(claim.meeting.start)})`;
  let changed: D1Result[];
  try {
    changed = await d1.batch([
      d1
        .prepare(
          `UPDATE bookings SET kind = ?2, start_at = ?3, end_at = ?4, sequence = sequence + 1, changed_at = ?5, reminder_for = NULL, reminder_claimed_at = NULL
           WHERE id = ?1 AND status = 'booked' AND sequence = ?6 AND ${linkOpenSql("bookings.offer_id", "bookings.submission_id")}
             AND ${freeSql(claim, booking.id)}`,
        )
        .bind(booking.id, claim.kind, claim.meeting.start, claim.meeting.end, now.getTime(), booking.sequence),
      // The log entry only if this request's update moved it (changes() is the statement's before it).
      activityIf(d1, "changes() = 1", { action: "consultation-rescheduled", submissionId: booking.submissionId, detail }, now),
      d1.prepare(`DELETE FROM booking_minutes WHERE booking_id = ?1 AND ${moved}`).bind(booking.id),
      holdMinutes(d1, booking.id, claim),
    ]);
  } catch (error) {
    if (!/UNIQUE constraint failed/.test(String(error))) throw error;
    return { outcome: "taken" };
  }
  const [after] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
  if (after && changed[0]!.meta.changes === 1) return { outcome: "booked", booking: after };
  if (after?.status !== "booked" || after.sequence !== booking.sequence) return { outcome: "stale" };
  const [open] = await d1
    .prepare(`SELECT 1 AS open WHERE ${linkOpenSql("?1", "?2")}`)
    .bind(booking.offerId, booking.submissionId)
    .raw();
  return { outcome: open ? "taken" : "closed" };
}

/** The longest reason for cancelling the practice gives a client, in characters. */
export const CANCEL_REASON_MAX = 1_000;

/**
 * Cancels a booking still booked ahead at the sequence shown: its time freed, its SEQUENCE raised (so its
 * confirmation, the cancellation, goes to the client), who cancelled it kept (BOOKING_LINK_ACTOR or a person)
 * with the reason the practice gives the client, if any, and its entry in the activity log. False when it was
 * not.
 */
export async function cancelBooking(
  db: Database,
  booking: Pick<Booking, "id" | "submissionId" | "sequence" | "kind" | "startAt">,
  by: string,
  now: Date,
  reason: string | null = null,
): Promise<Booking | undefined> {
  const d1 = db.$client;
  const cancelled = `EXISTS (SELECT 1 FROM bookings WHERE id = '${uuid(booking.id)}' AND status = 'cancelled' AND sequence = ${whole(booking.sequence + 1)})`;
  // The log entry only if this request's update changed the booking (changes() is the statement's before it).
  const [update] = await d1.batch([
    d1
      .prepare(
        `UPDATE bookings SET status = 'cancelled', sequence = sequence + 1, changed_at = ?2, cancelled_by = ?4, cancel_reason = ?5
         WHERE id = ?1 AND status = 'booked' AND sequence = ?3 AND start_at > ?2`,
      )
      .bind(booking.id, now.getTime(), booking.sequence, by, reason),
    d1
      .prepare(
        "INSERT INTO admin_activity (at, actor, action, submission_id, detail) SELECT ?1, ?2, 'consultation-cancelled', ?3, ?4 WHERE changes() = 1",
      )
      .bind(
        now.getTime(),
        by,
        booking.submissionId,
        reason ? `${bookingDetail(booking)}; reason given: ${reason}` : bookingDetail(booking),
      ),
    d1.prepare(`DELETE FROM booking_minutes WHERE booking_id = ?1 AND ${cancelled}`).bind(booking.id),
  ]);
  const [after] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
  return update!.meta.changes === 1 ? after : undefined;
}

/** Records, after its time, that a consultation was held or missed. False when it was not booked or not yet begun. */
export async function recordOutcome(db: Database, bookingId: string, status: "held" | "no-show", actor: Actor): Promise<boolean> {
  const [after] = await db
    .update(bookings)
    .set({ status, changedAt: actor.now })
    .where(
      and(
        eq(bookings.id, bookingId),
        inArray(bookings.status, ["booked", "held", "no-show"]),
        lt(bookings.startAt, actor.now),
        ne(bookings.status, status),
      ),
    )
    .returning();
  if (after)
    await recordActivity(
      db,
      { actor: actor.by, action: status === "held" ? "consultation-held" : "consultation-no-show", submissionId: after.submissionId },
      actor.now,
    );
  return after !== undefined;
}

/**
 * What is already taken over a span: busy times, and the meetings booked (without their buffers), but
 * `except` (a booking being moved, whose own time does not stand in its way).
 */
export async function takenOver(db: Database, span: Span, except?: string): Promise<{ busy: Span[]; bookings: Span[] }> {
  const [busy, booked] = await db.batch([
    db
      .select({ start: busyTimes.startAt, end: busyTimes.endAt })
      .from(busyTimes)
      .where(and(gt(busyTimes.endAt, new Date(span.start)), lt(busyTimes.startAt, new Date(span.end)))),
    db
      .select({ start: bookings.startAt, end: bookings.endAt })
      .from(bookings)
      .where(
        and(
          inArray(bookings.status, HOLDING),
          gt(bookings.endAt, new Date(span.start - 86_400_000)),
          lt(bookings.startAt, new Date(span.end + 86_400_000)),
          except ? ne(bookings.id, except) : undefined,
        ),
      ),
  ]);
  const times = (rows: { start: Date; end: Date }[]) => rows.map((row) => ({ start: row.start.getTime(), end: row.end.getTime() }));
  return { busy: times(busy), bookings: times(booked) };
}

/** An inquiry's offers, newest first, each with its booking. */
export async function offersOfInquiry(
  db: Database,
  submissionId: string,
): Promise<{ offer: BookingOffer; booking: Booking | undefined }[]> {
  const rows = await db
    .select({ offer: offers, booking: bookings })
    .from(offers)
    .leftJoin(bookings, eq(bookings.offerId, offers.id))
    .where(eq(offers.submissionId, submissionId))
    .orderBy(desc(offers.createdAt));
  return rows.map((row) => ({ offer: row.offer, booking: row.booking ?? undefined }));
}

/** Consultations booked from `from` on, soonest first, with the person's name: the inbox's and the feed's. */
export async function upcomingBookings(db: Database, from: Date, limit = 200): Promise<(Booking & { readonly name: string })[]> {
  const rows = await db
    .select({ booking: bookings, name: submissions.name })
    .from(bookings)
    .innerJoin(submissions, eq(submissions.id, bookings.submissionId))
    .where(and(gt(bookings.endAt, from), ne(bookings.status, "cancelled")))
    .orderBy(asc(bookings.startAt), asc(bookings.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.booking, name: row.name }));
}

/** Adds a busy time or a day off from the inbox, effective at once for every later offer and booking. */
export async function addBusyTime(db: Database, span: Span, note: string, actor: Actor): Promise<void> {
  await db
    .insert(busyTimes)
    .values({ source: "inbox", startAt: new Date(span.start), endAt: new Date(span.end), note, createdBy: actor.by });
  await recordActivity(db, { actor: actor.by, action: "busy-time-added", detail: note }, actor.now);
}

/** Removes one of the inbox's busy times. */
export async function removeBusyTime(db: Database, id: number, actor: Actor): Promise<boolean> {
  const [row] = await db
    .delete(busyTimes)
    .where(and(eq(busyTimes.id, id), eq(busyTimes.source, "inbox")))
    .returning();
  if (row) await recordActivity(db, { actor: actor.by, action: "busy-time-removed", detail: row.note ?? undefined }, actor.now);
  return row !== undefined;
}

/** The inbox's busy times ending after `from`, soonest first. */
export async function inboxBusyTimes(db: Database, from: Date, limit = 100): Promise<BusyTime[]> {
  return db
    .select()
    .from(busyTimes)
    .where(and(eq(busyTimes.source, "inbox"), gt(busyTimes.endAt, from)))
    .orderBy(asc(busyTimes.startAt))
    .limit(limit);
}

/** Replaces the attorney's calendar's busy times with a fresh reading, at once (one batch). */
export async function replaceCalendarBusy(db: Database, spans: readonly Span[]): Promise<void> {
  const d1 = db.$client;
  const json = JSON.stringify(spans.map((span) => [span.start, span.end]));
  await d1.batch([
    d1.prepare("DELETE FROM busy_times WHERE source = 'calendar'"),
    d1
      .prepare("INSERT INTO busy_times (source, start_at, end_at) SELECT 'calendar', value ->> 0, value ->> 1 FROM json_each(?1)")
      .bind(json),
  ]);
}

/** Whether a calendar feed's secret is the current one (made in the inbox, not revoked). Reads only. */
export async function isFeedKey(db: Database, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const [row] = await db
    .select({ id: calendarFeedKeys.id })
    .from(calendarFeedKeys)
    .where(and(eq(calendarFeedKeys.tokenHash, await linkHash(token)), isNull(calendarFeedKeys.revokedAt)));
  return row !== undefined;
}

/** Offers deleted per statement by retention. */
const OFFERS_PER_DELETION = 500;

/**
 * Deletes the offers (with their bookings and held minutes) whose consultation's time, or whose last day
 * when never booked, is before `cutoff`, a bounded batch at a time; returns how many.
 */
export async function deleteOffersBefore(db: Database, cutoff: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await db
      .delete(offers)
      .where(
        inArray(
          offers.id,
          sql`(SELECT o.id FROM booking_offers o LEFT JOIN bookings b ON b.offer_id = o.id
               WHERE coalesce(b.start_at, o.expires_at) < ${cutoff.getTime()} LIMIT ${OFFERS_PER_DELETION})`,
        ),
      )
      .returning({ id: offers.id });
    deleted += rows.length;
    if (rows.length < OFFERS_PER_DELETION) return deleted;
  }
}

/**
 * Bookings whose latest change's confirmation was never claimed, changed between `since` and `before`: their
 * queue message was lost (the queue refused it, or the server died before sending it). Bounded.
 */
export async function unconfirmedBookings(
  db: Database,
  since: Date,
  before: Date,
  limit = 100,
): Promise<{ id: string; sequence: number }[]> {
  return db
    .select({ id: bookings.id, sequence: bookings.sequence })
    .from(bookings)
    .where(
      and(
        sql`(${bookings.mailedSequence} IS NULL OR ${bookings.mailedSequence} < ${bookings.sequence})`,
        gt(bookings.changedAt, since),
        lt(bookings.changedAt, before),
      ),
    )
    .limit(limit);
}
