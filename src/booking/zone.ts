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

/** A wall-clock time of a zone: its instant, and whether the zone's clock reads it once, never or twice that day. */
export interface WallTime {
  /** The instant, as Temporal's "compatible" reading gives it: after the gap when skipped, the earlier when repeated. */
  readonly instant: number;
  /** False in the hour a spring-forward skips. */
  readonly exists: boolean;
  /** True in the hour a fall-back repeats. */
  readonly ambiguous: boolean;
}

const MINUTE = 60_000;

/** Minutes after midnight as a Temporal wall-clock time of a day. */
const plainTime = (day: string, minutes: number) =>
  Temporal.PlainDate.from(day).toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });

/**
 * The instant of a wall-clock time (minutes after midnight) on a day of a zone, and whether that time exists
 * there: in the hour a spring-forward skips it does not (the instant is then the one after the gap); in the
 * hour a fall-back repeats it is ambiguous (the instant is the earlier of the two).
 */
export function wallTime(day: string, minutes: number, zone: string): WallTime {
  const local = plainTime(day, minutes);
  const earlier = local.toZonedDateTime(zone, { disambiguation: "earlier" });
  const later = local.toZonedDateTime(zone, { disambiguation: "later" });
  const exists = Temporal.PlainDateTime.compare(earlier.toPlainDateTime(), local) === 0;
  // "compatible" is the earlier of two repeated instants, and the later reading of a skipped time.
  return { instant: (exists ? earlier : later).epochMilliseconds, exists, ambiguous: exists && !earlier.equals(later) };
}

/** A calendar day of a zone: its bounds, and its wall-clock times read in one step where the day has no change. */
export interface DayClock {
  readonly start: number;
  readonly end: number;
  /** The wall time `minutes` after midnight, as wallTime reads it. */
  readonly at: (minutes: number) => WallTime;
  /**
   * The first instant the zone's clock reads that wall time or later: the wall time's own instant (the earlier
   * when repeated), or the end of the gap a spring-forward skips it in.
   */
  readonly reached: (minutes: number) => number;
}

/**
 * The clock of a calendar day in a zone. On a day without a change of offset (nearly every day), a wall time
 * is the day's start plus its minutes; on the others, each is read through Temporal.
 */
export function dayClock(day: string, zone: string): DayClock {
  const date = Temporal.PlainDate.from(day);
  const first = date.toZonedDateTime({ timeZone: zone });
  const start = first.epochMilliseconds;
  const end = date.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds;
  const change = first.getTimeZoneTransition("next");
  if (first.hour === 0 && first.minute === 0 && (change === null || change.epochMilliseconds >= end)) {
    const at = (minutes: number): WallTime => ({ instant: start + minutes * MINUTE, exists: true, ambiguous: false });
    return { start, end, at, reached: (minutes) => start + minutes * MINUTE };
  }
  const at = (minutes: number) => wallTime(day, minutes, zone);
  const reached = (minutes: number) => {
    const time = at(minutes);
    if (time.exists) return time.instant;
    // The change that skips it comes right after its "earlier" reading.
    const before = plainTime(day, minutes).toZonedDateTime(zone, { disambiguation: "earlier" });
    return before.getTimeZoneTransition("next")?.epochMilliseconds ?? time.instant;
  };
  return { start, end, at, reached };
}

/** Minutes after midnight of an instant's wall-clock time in a zone. */
export function minutesOfDay(instant: number, zone: string): number {
  const time = zoned(instant, zone);
  return time.hour * 60 + time.minute;
}

/** The formats of a zone, made once each (a format costs far more to make than to use). */
const formats = new Map<
  string,
  { readonly full: Intl.DateTimeFormat; readonly name: Intl.DateTimeFormat; readonly clock: Intl.DateTimeFormat }
>();

function formatsOf(zone: string) {
  let made = formats.get(zone);
  if (!made) {
    made = {
      full: new Intl.DateTimeFormat("en-US", { timeZone: zone, dateStyle: "full", timeStyle: "short" }),
      name: new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" }),
      clock: new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }),
    };
    // Zones are checked names (isTimeZone), a few hundred at most; the bound only guards against a mistake.
    if (formats.size >= 600) formats.clear();
    formats.set(zone, made);
  }
  return made;
}

/** "Tuesday, March 16, 2027 at 10:00 AM PDT": an instant written for a reader in a zone (en-US). */
export function formatTime(instant: number, zone: string): string {
  const { full, name } = formatsOf(zone);
  return `${full.format(instant)} ${name.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? zone}`;
}

/** "10:00 AM": a clock time in a zone. */
export const clockTime = (instant: number, zone: string): string => formatsOf(zone).clock.format(instant);

/**
 * An instant for a reader in their zone, with the practice's time beside it when the zones differ:
 * "Tuesday, March 16, 2027, 1:00 PM EDT (10:00 AM in Seattle)".
 */
export const formatForReader = (instant: number, zone: string): string =>
  zone === PRACTICE_ZONE
    ? formatTime(instant, zone)
    : `${formatTime(instant, zone)} (${clockTime(instant, PRACTICE_ZONE)} in ${site.location.city})`;
