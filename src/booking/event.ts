import { consultations, site } from "../content/index.ts";
import type { InvitationEvent } from "./invitation.ts";

/** A booking as its invitation needs it. */
export interface BookedConsultation {
  readonly id: string;
  readonly kind: string;
  readonly startAt: Date;
  readonly endAt: Date;
  readonly sequence: number;
}

/**
 * The invitation's event of a booking, the same in every mail and download: one UID per booking (its id at the
 * site's host), its SEQUENCE, the practice as organizer and the client as attendee; the kind's name and place,
 * never anything the client wrote.
 */
export function bookingEvent(
  booking: BookedConsultation,
  person: { readonly name: string; readonly email: string },
  host: string,
  stamp: number,
): InvitationEvent {
  const kind = consultations.kinds.find((each) => each.id === booking.kind);
  return {
    uid: `${booking.id}@${host}`,
    sequence: booking.sequence,
    start: booking.startAt.getTime(),
    end: booking.endAt.getTime(),
    summary: `${kind?.name ?? "Consultation"}: ${site.practiceName}`,
    description: kind?.where ?? "",
    organizer: { name: site.practiceName, email: site.email },
    attendee: person,
    stamp,
  };
}
