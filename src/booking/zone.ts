import { Temporal } from "temporal-polyfill";
import { consultations, site } from "../content/index.ts";

/*
 * Instants (epoch milliseconds) and the wall-clock time of a zone, through the Temporal polyfill: no offset is
 * ever written by hand, so a 23- or 25-hour day at a daylight-saving change is whatever the zone's rules say.
 */

/** The practice's zone (content/consultations.yaml): every window, day and limit is counted in it. */
export const PRACTICE_ZONE = consultations.timeZone;

/** Whether the runtime knows a zone by this name (an IANA name such as Europe/Berlin). */
export function isTimeZone(name: string): boolean {
  if (name.length > 64) return false;
  try {
    Temporal.Now.instant().toZonedDateTimeISO(name);
    return true;
  } catch {
    return false;
  }
}

const zoned = (instant: number, zone: string) => Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(zone);

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export const dayOf = (instant: number, zone: string): string => zoned(instant, zone).toPlainDate().toString();

/** The instants a calendar day of a zone begins and ends (23 or 25 hours apart on a daylight-saving change). */
export function dayBounds(day: string, zone: string): { start: number; end: number } {
  const date = Temporal.PlainDate.from(day);
  return {
    start: date.toZonedDateTime({ timeZone: zone }).epochMilliseconds,
    end: date.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds,
  };
}

/** The day `days` after a calendar day. */
export const addDays = (day: string, days: number): string => Temporal.PlainDate.from(day).add({ days }).toString();

/** The day of the week of a calendar day, as content/consultations.yaml names it. */
export const weekdayOf = (day: string): string =>
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][Temporal.PlainDate.from(day).dayOfWeek - 1]!;

/**
 * The instant of a wall-clock time (minutes after midnight) on a day of a zone, and whether that time exists
 * there: in the hour a spring-forward skips it does not (the instant is then the one after the gap); in the
 * hour a fall-back repeats, the earlier of the two.
 */
export function wallTime(day: string, minutes: number, zone: string): { instant: number; exists: boolean } {
  const local = Temporal.PlainDate.from(day).toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  const instant = local.toZonedDateTime(zone, { disambiguation: "compatible" });
  return { instant: instant.epochMilliseconds, exists: Temporal.PlainDateTime.compare(instant.toPlainDateTime(), local) === 0 };
}

/** Minutes after midnight of an instant's wall-clock time in a zone. */
export function minutesOfDay(instant: number, zone: string): number {
  const time = zoned(instant, zone);
  return time.hour * 60 + time.minute;
}

/** "Tuesday, March 16, 2027, 10:00 AM PDT": an instant written for a reader in a zone. */
export const formatTime = (instant: number, zone: string): string =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, dateStyle: "full", timeStyle: "short" }).format(instant) +
  ` ${new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" }).formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? zone}`;

/** "10:00 AM": a clock time in a zone. */
export const clockTime = (instant: number, zone: string): string =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(instant);

/**
 * An instant for a reader in their zone, with the practice's time beside it when the zones differ:
 * "Tuesday, March 16, 2027, 1:00 PM EDT (10:00 AM in Seattle)".
 */
export const formatForReader = (instant: number, zone: string): string =>
  zone === PRACTICE_ZONE
    ? formatTime(instant, zone)
    : `${formatTime(instant, zone)} (${clockTime(instant, PRACTICE_ZONE)} in ${site.location.city})`;
