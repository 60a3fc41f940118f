import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { PRODUCT, escapedText, finished, plainText } from "./invitation.ts";

/** A consultation as the attorney's calendar feed shows it: its time, and a summary of kind and name only. */
export interface FeedEvent {
  /** The booking's UID, the one its invitations carry, so that her app keeps one event through each change. */
  readonly uid: string;
  readonly sequence: number;
  /** Instants, epoch milliseconds. */
  readonly start: number;
  readonly end: number;
  /**
   * The kind and the person's name, as the caller builds it. Never what they wrote: the feed is read by a
   * calendar app at an address that is a secret, not a sign-in, and whatever it shows may be synced and shared.
   */
  readonly summary: string;
  /** CANCELLED for a consultation cancelled but still listed; CONFIRMED when absent. */
  readonly status?: "CONFIRMED" | "CANCELLED";
}

/** How often her calendar app is asked to read the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;

/**
 * The attorney's calendar feed (METHOD:PUBLISH), which her calendar app subscribes to and reads again about
 * hourly: its name (X-WR-CALNAME), each consultation's time in UTC, summary and status, and nothing else (no
 * description, attendee or place). Written by ical-generator as invitation.ts writes an invitation.
 */
export function calendarFeed(calendarName: string, events: readonly FeedEvent[], stamp: number): string {
  const calendar = ical({
    // ical-generator writes the name (NAME, X-WR-CALNAME) as given.
    name: escapedText(calendarName),
    prodId: PRODUCT,
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  for (const event of events)
    calendar.createEvent({
      id: escapedText(event.uid),
      sequence: event.sequence,
      stamp: new Date(stamp),
      start: new Date(event.start),
      end: new Date(event.end),
      summary: plainText(event.summary),
      status: event.status === "CANCELLED" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  return finished(calendar.toString());
}
