import { and, asc, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import { linkHash, newLinkToken } from "./bookings.ts";
import type { Database } from "./client.ts";
import { fromAddress } from "./privacy.ts";
import {
  type Booking,
  type BookingOffer,
  adminActivity,
  bookingOffers as offers,
  bookings,
  calendarFeedKeys,
  calendarReads,
  contactSubmissions as submissions,
} from "./schema.ts";

/*
 * What the inbox reads and changes of consultations beyond src/db/bookings.ts: one offer or booking of one
 * inquiry, an offer's link checked against its hash, the consultations whose outcome is still to record, the
 * attorney's calendar feed address (made, stopped) and her own calendar's last reading, and one address's
 * offers and bookings for a privacy request. Each read is bounded and by an index.
 */

/** An offer of this inquiry, with its booking once made; undefined when the inquiry has no such offer. */
export async function offerOfInquiry(
  db: Database,
  submissionId: string,
  offerId: string,
): Promise<{ readonly offer: BookingOffer; readonly booking: Booking | undefined } | undefined> {
  const [row] = await db
    .select({ offer: offers, booking: bookings })
    .from(offers)
    .leftJoin(bookings, eq(bookings.offerId, offers.id))
    .where(and(eq(offers.id, offerId), eq(offers.submissionId, submissionId)));
  return row && { offer: row.offer, booking: row.booking ?? undefined };
}

/** Whether a link's secret is this offer's: its SHA-256 is the one stored. Only a secret of the link's shape is hashed. */
export async function isOffersLink(offer: Pick<BookingOffer, "tokenHash">, token: string): Promise<boolean> {
  return /^[A-Za-z0-9_-]{43}$/.test(token) && (await linkHash(token)) === offer.tokenHash;
}

/** A booking of this inquiry; undefined when the inquiry has no such booking. */
export async function bookingOfInquiry(db: Database, submissionId: string, bookingId: string): Promise<Booking | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.submissionId, submissionId)));
  return row;
}

/** How far back consultations whose outcome was never recorded are still listed. */
const OUTCOME_DAYS = 60;

/**
 * Consultations still marked booked whose time began before `before`, within the last 60 days: held or
 * missed, the attorney has yet to say. Soonest first, with the person's name; a range of the start-time index.
 */
export async function outcomesToRecord(db: Database, before: Date, limit = 50): Promise<(Booking & { readonly name: string })[]> {
  const rows = await db
    .select({ booking: bookings, name: submissions.name })
    .from(bookings)
    .innerJoin(submissions, eq(submissions.id, bookings.submissionId))
    .where(
      and(
        gt(bookings.startAt, new Date(before.getTime() - OUTCOME_DAYS * 86_400_000)),
        lt(bookings.startAt, before),
        eq(bookings.status, "booked"),
      ),
    )
    .orderBy(asc(bookings.startAt), asc(bookings.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.booking, name: row.name }));
}

/** The calendar feed address in use: when it was made and by whom; undefined when there is none. */
export async function currentFeedKey(db: Database): Promise<{ readonly createdAt: Date; readonly createdBy: string } | undefined> {
  const [row] = await db
    .select({ createdAt: calendarFeedKeys.createdAt, createdBy: calendarFeedKeys.createdBy })
    .from(calendarFeedKeys)
    .where(isNull(calendarFeedKeys.revokedAt))
    .orderBy(asc(calendarFeedKeys.id))
    .limit(1);
  return row;
}

/**
 * Makes a new calendar feed address: its secret (32 random bytes, base64url) returned to show once, only its
 * SHA-256 stored; every earlier address stopped in the same batch, and the change in the activity log.
 */
export async function makeFeedKey(db: Database, actor: { readonly by: string; readonly now: Date }): Promise<string> {
  const token = newLinkToken();
  await db.batch([
    db.update(calendarFeedKeys).set({ revokedAt: actor.now }).where(isNull(calendarFeedKeys.revokedAt)),
    db.insert(calendarFeedKeys).values({ tokenHash: await linkHash(token), createdAt: actor.now, createdBy: actor.by }),
    db.insert(adminActivity).values({
      at: actor.now,
      actor: actor.by,
      action: "calendar-feed",
      detail: "Made a new calendar address; any earlier one stopped",
    }),
  ]);
  return token;
}

/** Stops the calendar feed address in use; false when there was none. */
export async function stopFeedKey(db: Database, actor: { readonly by: string; readonly now: Date }): Promise<boolean> {
  const stopped = await db
    .update(calendarFeedKeys)
    .set({ revokedAt: actor.now })
    .where(isNull(calendarFeedKeys.revokedAt))
    .returning({ id: calendarFeedKeys.id });
  if (stopped.length === 0) return false;
  await db
    .insert(adminActivity)
    .values({ at: actor.now, actor: actor.by, action: "calendar-feed", detail: "Stopped the calendar address" });
  return true;
}

/** When the cron last read the attorney's own calendar, and its last failure; undefined before its first try. */
export async function lastCalendarRead(db: Database): Promise<typeof calendarReads.$inferSelect | undefined> {
  const [row] = await db.select().from(calendarReads).where(eq(calendarReads.id, 1));
  return row;
}

/** One offer and its booking as a privacy export holds them: times, kinds and states, never the link or its hash. */
export interface ExportedConsultation {
  readonly inquiry: string;
  readonly offeredAt: string;
  /** The kinds offered (ids of content/consultations.yaml). */
  readonly kinds: readonly string[];
  readonly linkValidUntil: string;
  /** When the practice e-mailed the link, and to which address; null when the attorney sent it from her own mail. */
  readonly sentAt: string | null;
  readonly sentTo: string | null;
  readonly withdrawnAt: string | null;
  readonly booking: {
    readonly kind: string;
    readonly startsAt: string;
    readonly endsAt: string;
    readonly timeZone: string;
    readonly status: Booking["status"];
    /** How many times it was moved or cancelled since it was booked. */
    readonly changes: number;
    readonly bookedAt: string;
    readonly changedAt: string;
  } | null;
}

/** An address's offers at most, in one export: each is the attorney's own act, so a real person has a handful. */
const EXPORT_OFFERS_MAX = 1000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Every offer made to an address's inquiries, oldest first, with its booking: for a privacy export. */
export async function consultationsFrom(db: Database, email: string): Promise<ExportedConsultation[]> {
  const rows = await db
    .select({ offer: offers, booking: bookings })
    .from(offers)
    .leftJoin(bookings, eq(bookings.offerId, offers.id))
    .where(inArray(offers.submissionId, db.select({ id: submissions.id }).from(submissions).where(fromAddress(email))))
    .orderBy(asc(offers.createdAt), asc(offers.id))
    .limit(EXPORT_OFFERS_MAX);
  return rows.map(({ offer, booking }) => ({
    inquiry: offer.submissionId,
    offeredAt: offer.createdAt.toISOString(),
    kinds: JSON.parse(offer.kinds) as string[],
    linkValidUntil: offer.expiresAt.toISOString(),
    sentAt: iso(offer.sentAt),
    sentTo: offer.sentTo,
    withdrawnAt: iso(offer.withdrawnAt),
    booking: booking && {
      kind: booking.kind,
      startsAt: booking.startAt.toISOString(),
      endsAt: booking.endAt.toISOString(),
      timeZone: booking.clientZone,
      status: booking.status,
      changes: booking.sequence,
      bookedAt: booking.createdAt.toISOString(),
      changedAt: booking.changedAt.toISOString(),
    },
  }));
}
