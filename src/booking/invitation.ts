import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/*
 * The invitation to a booked consultation (RFC 5545, with RFC 5546's methods), written by ical-generator:
 * METHOD:REQUEST on booking and on each change (one UID per booking, SEQUENCE raised by each change),
 * METHOD:CANCEL with STATUS:CANCELLED on cancelling; times in UTC, so no VTIMEZONE is needed. The library
 * escapes TEXT values (`\`, `;`, `,`, line breaks) and folds lines at 75 octets, never inside a character.
 * What it gets wrong is done here, so that nothing a client typed ever starts a property or a parameter:
 * - A name (CN) is a quoted parameter value, which has no escapes at all (RFC 5545 §3.2): ical-generator
 *   writes a typed `"` as `\"`, whose `"` ends the value (ical.js then reads the rest of the name as the
 *   attendee's address), and doubles a `\`. So `"` becomes `'` and `\` becomes `/`; `;` becomes `,`, as
 *   lenient parsers (node-ical among them) split parameters at every `;`, quoted or not; line breaks and
 *   control characters become spaces. (RFC 6868's `^'` is not used: node-ical and others show it as typed.)
 * - An address becomes a mailto: URI with anything but a URI's plain characters percent-encoded.
 * - TEXT may not hold control characters but tab and line breaks (§3.3.11): they are removed.
 * - The UID (and the feed's calendar name) it writes as given: they are escaped here.
 * - Every line ends CRLF (§3.1), the last one too.
 */

/** A booking as its invitation carries it: instants in epoch milliseconds. */
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

/** The product named in every calendar the site writes: the practice, generically. */
export const PRODUCT = { company: "creative-law-site", product: "consultations", language: "EN" } as const;

/** TEXT for ical-generator to escape: control characters other than tab and line breaks removed. */
export const plainText = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "");

/** TEXT that ical-generator writes as given (UID, the calendar's name), escaped here (RFC 5545 §3.3.11). */
export const escapedText = (text: string) =>
  plainText(text)
    .replace(/[\\;,]/g, "\\$&")
    .replace(/\r\n|\r|\n/g, "\\n");

/** A name as ical-generator's quoted parameter value (CN) can carry it: see above. */
const paramText = (name: string) =>
  name
    .replace(/[\p{Cc}\s]+/gu, " ")
    .replace(/"/g, "'")
    .replace(/;/g, ",")
    .replace(/\\/g, "/")
    .trim();

/** An e-mail address as the body of a mailto: URI, percent-encoding all but its plain characters (RFC 6068). */
const address = (email: string) =>
  email
    .trim()
    .replace(/[^\w.!#$&'*+/=?^`{|}~@-]/gu, (char) =>
      [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
    );

/** ical-generator's text with its last line ended, as every other (RFC 5545 §3.1). */
export const finished = (text: string) => (text.endsWith("\r\n") ? text : `${text}\r\n`);

/** The .ics text of an invitation, every line ending CRLF. */
export function invitation(event: InvitationEvent, method: InvitationMethod): string {
  const calendar = ical({
    prodId: PRODUCT,
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: escapedText(event.uid),
    sequence: event.sequence,
    stamp: new Date(event.stamp),
    start: new Date(event.start),
    end: new Date(event.end),
    summary: plainText(event.summary),
    ...(event.description ? { description: plainText(event.description) } : {}),
    ...(event.location ? { location: plainText(event.location) } : {}),
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: paramText(event.organizer.name), email: address(event.organizer.email) },
    attendees: [
      {
        name: paramText(event.attendee.name),
        email: address(event.attendee.email),
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        // A reply is asked for an invitation, not for its cancellation.
        ...(method === "REQUEST" ? { rsvp: true } : {}),
      },
    ],
  });
  return finished(calendar.toString());
}

/** The MIME type of an invitation part, with the method mail programs act on (Outlook needs it here too). */
export const invitationContentType = (method: InvitationMethod) => `text/calendar; charset=utf-8; method=${method}`;
