import ical, { ICalCalendarMethod } from "ical-generator";

/** A consultation as the attorney's calendar feed shows it: its time, and a summary of kind and name only. */
export interface FeedEvent {
  readonly uid: string;
  readonly sequence: number;
  readonly start: number;
  readonly end: number;
  /** The kind and the person's name; never anything they wrote (the caller builds it so). */
  readonly summary: string;
}

/**
 * The attorney's calendar feed (METHOD:PUBLISH), which her calendar app subscribes to and reads again about
 * hourly (X-PUBLISHED-TTL). Times in UTC.
 */
export function calendarFeed(name: string, events: readonly FeedEvent[], stamp: number): string {
  const calendar = ical({
    name,
    prodId: { company: "creative-law-site", product: "consultations", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  for (const event of events)
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      stamp: new Date(stamp),
      start: new Date(event.start),
      end: new Date(event.end),
      summary: event.summary,
    });
  return calendar.toString();
}
