import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/*
 * The invitation to a booked consultation (RFC 5545, with RFC 5546's methods), written by ical-generator:
 * METHOD:REQUEST on booking and on each change (one UID per booking, SEQUENCE raised by each change),
 * METHOD:CANCEL with STATUS:CANCELLED on cancelling; times in UTC, so no VTIMEZONE is needed. The library
 * escapes TEXT values (commas, semicolons, backslashes, line breaks) and quotes parameters, and folds lines
 * at 75 octets: what a client typed never starts a property or a parameter of its own.
 */

/** A booking as its invitation carries it. */
export interface InvitationEvent {
  readonly uid: string;
  readonly sequence: number;
  readonly start: number;
  readonly end: number;
  readonly summary: string;
  readonly description: string;
  readonly location?: string;
  readonly organizer: { readonly name: string; readonly email: string };
  readonly attendee: { readonly name: string; readonly email: string };
  /** When this version of the invitation was made (DTSTAMP). */
  readonly stamp: number;
}

export type InvitationMethod = "REQUEST" | "CANCEL";

/**
 * A name as a quoted parameter value (CN): no line breaks or control characters, and no double quote, which a
 * parameter value cannot hold in any form (RFC 5545 §3.1: ical-generator writes \" there, which parsers read
 * as the value's end); a typed " becomes '.
 */
const paramText = (text: string) =>
  text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/"/g, "'")
    .trim();

/** The .ics text of an invitation, its lines ending CRLF. */
export function invitation(event: InvitationEvent, method: InvitationMethod): string {
  const calendar = ical({
    prodId: { company: "creative-law-site", product: "consultations", language: "EN" },
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: new Date(event.stamp),
    start: new Date(event.start),
    end: new Date(event.end),
    summary: event.summary,
    description: event.description,
    ...(event.location ? { location: event.location } : {}),
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: paramText(event.organizer.name), email: event.organizer.email },
    attendees: [
      {
        name: paramText(event.attendee.name),
        email: event.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: method === "REQUEST",
      },
    ],
  });
  return calendar.toString();
}

/** The MIME type of an invitation part, with the method mail programs act on (Outlook needs it here too). */
export const invitationContentType = (method: InvitationMethod) => `text/calendar; charset=utf-8; method=${method}`;
