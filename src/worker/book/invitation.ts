import { bookingEvent } from "../../booking/event.ts";
import { invitation } from "../../booking/invitation.ts";
import type { OfferAtLink } from "../../db/bookings.ts";
import type { Booking } from "../../db/schema.ts";

/** The invitation a booked link offers to download: REQUEST while booked, CANCEL once cancelled. */
export const invitationOf = (link: OfferAtLink, booking: Booking, host: string): string =>
  invitation(bookingEvent(booking, link.person, host, booking.changedAt.getTime()), booking.status === "cancelled" ? "CANCEL" : "REQUEST");
