import { consultations } from "../../content/index.ts";
import type { Booking, BookingOffer } from "../../db/schema.ts";
import type { ConsultationStanding } from "../shared/copy.ts";

/*
 * Consultations as the inbox speaks of them: the kinds the practice offers (content/consultations.yaml), their
 * names, and where an offer stands.
 */

/** The kinds the practice offers, in the file's order (read when asked: the inbox loads whatever content holds). */
export const consultationKinds = () => consultations.kinds;

/** How many days an offer's link books, from the day it is made (content/consultations.yaml). */
export const linkValidDays = () => consultations.linkValidDays;

/** A kind's name; its id when the practice no longer offers it. */
export const kindName = (id: string): string => consultationKinds().find((kind) => kind.id === id)?.name ?? id;

/** The names of an offer's kinds (its JSON list of ids), joined: "Video call, At the office". */
export const offeredKindNames = (offer: Pick<BookingOffer, "kinds">): string =>
  (JSON.parse(offer.kinds) as string[]).map(kindName).join(", ");

/** Where an offer stands, at `now`: its booking's state once booked, else its link's. */
export function standingOf(offer: BookingOffer, booking: Booking | undefined, now: Date): ConsultationStanding {
  if (booking) {
    if (booking.status !== "booked") return booking.status;
    if (booking.startAt.getTime() < now.getTime()) return "to-record";
    return booking.sequence > 0 ? "moved" : "booked";
  }
  if (offer.withdrawnAt) return "withdrawn";
  return offer.expiresAt.getTime() <= now.getTime() ? "expired" : "offered";
}

/** Whether an outcome (held, did not come) may be recorded: booked, not cancelled, its time begun. */
export const outcomeOpen = (booking: Booking, now: Date): boolean =>
  booking.status !== "cancelled" && booking.startAt.getTime() < now.getTime();
