import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import type { Interval } from "./slots.ts";

/*
 * The attorney's own calendar, as the private iCal address of Google, Outlook, iCloud or Fastmail publishes
 * it, read with ical.js: its busy times over a span.
 * - A time is read in its own zone: the file's VTIMEZONE of its TZID (Outlook's "Pacific Standard Time" too);
 *   a TZID the file does not define, as the IANA zone of that name; a floating time, in the practice's zone.
 *   A recurring event is expanded in its zone's wall-clock time, so a weekly 10:00 stays at 10:00 across a
 *   daylight-saving change; each occurrence lasts the event's own length (RFC 5545 §3.8.5.3).
 * - An all-day event (DATE values) takes whole days of the practice's zone, 23 or 25 hours on a change.
 * - Left out: events marked free (TRANSP:TRANSPARENT) or cancelled (STATUS:CANCELLED), dates of EXDATE, and
 *   occurrences an override (RECURRENCE-ID) replaces: the override is busy at its own time instead, wherever
 *   that lies (moved into the span from outside it, or out of it), unless itself free or cancelled.
 * - An override with RANGE=THISANDFUTURE moves every later occurrence of its series too (by their own
 *   RECURRENCE-ID, not where they were moved), by the same wall-clock difference and to the override's length,
 *   or leaves them out when it is free or cancelled; a later occurrence with an override of its own keeps it
 *   (RFC 5545 §3.8.4.4). Google and Outlook split a series instead; other calendar apps write it.
 * - Bounded work: a rule is followed only to the span's end; a daily or weekly rule without COUNT starts
 *   from just before the span rather than from its first day; and every step of every rule, and every
 *   override, counts against one budget, so that no rule (FREQ=SECONDLY for years, a BYMONTHDAY=30 in
 *   February) nor a flood of overrides can keep the Worker. The overrides of a series are gathered in one
 *   pass, each added in place.
 * A file that cannot be read throws an UnreadableCalendar, and the caller keeps the last good busy times.
 */

const DAY_MS = 86_400_000;

/**
 * Steps one file may take: each candidate time of a recurrence rule ical.js checks (some 2 to 20 µs), and each
 * override (RECURRENCE-ID). A realistic calendar takes a few thousand (a monthly series since 1990, 450; an
 * hourly one over two months, 1,500). Spent, the file is refused: at most about a second's work.
 */
const STEPS_MAX = 50_000;

/** A calendar file that cannot be read; its message says why (ical.js's words may quote the file). */
class UnreadableCalendar extends Error {
  override name = "UnreadableCalendar";
}

type Span = { readonly from: number; readonly to: number };

/** What one reading may still spend, and how times are read. */
interface Reading {
  readonly span: Span;
  /** The practice's zone: all-day and floating times are its wall-clock. */
  readonly zone: string;
  steps: number;
}

/** Whether the runtime knows a zone by this name (an IANA name such as Europe/London). */
function isZoneName(name: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(name);
    return true;
  } catch {
    return false;
  }
}

/** A time's date, and its date and wall-clock time, as Temporal's. */
const plainDate = (time: ICAL.Time) => Temporal.PlainDate.from({ year: time.year, month: time.month, day: time.day });
const plainDateTime = (time: ICAL.Time) =>
  Temporal.PlainDateTime.from({
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  });

/** A wall-clock time of a zone as an instant; a time a spring-forward skips is read as the one after the gap. */
const wallClock = (time: ICAL.Time, zone: string) =>
  plainDateTime(time).toZonedDateTime(zone, { disambiguation: "compatible" }).epochMilliseconds;

/** The instant a day of a zone begins. */
const dayStart = (time: ICAL.Time, zone: string) => plainDate(time).toZonedDateTime({ timeZone: zone }).epochMilliseconds;

/** The instant of a time as a property gives it (`tzid` its TZID parameter), read as the header says. */
function instantOf(time: ICAL.Time, tzid: unknown, reading: Reading): number {
  if (time.isDate) return dayStart(time, reading.zone);
  // UTC, or a zone the file defines (VTIMEZONE): ical.js knows its offsets.
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  return wallClock(time, typeof tzid === "string" && isZoneName(tzid) ? tzid : reading.zone);
}

/** A property's time values with their TZID, read as instants. */
const instantsOf = (property: ICAL.Property, reading: Reading): number[] =>
  property
    .getValues()
    .map((value: ICAL.Time | ICAL.Period) =>
      instantOf(value instanceof ICAL.Period ? value.start : value, property.getParameter("tzid"), reading),
    );

/** Whether an event (or an override of one occurrence) takes no time: marked free, or cancelled. */
const takesNoTime = (event: ICAL.Component) =>
  String(event.getFirstPropertyValue("transp") ?? "").toUpperCase() === "TRANSPARENT" ||
  String(event.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";

/** One step paid from the reading's budget: refused once it is spent. */
function spend(reading: Reading): void {
  if (++reading.steps > STEPS_MAX)
    throw new UnreadableCalendar(`The calendar's recurring events take more than ${STEPS_MAX} steps to expand`);
}

/** A rule's iterator whose every step is paid from the reading's budget. */
function bounded(iterator: ICAL.RecurIterator, reading: Reading): ICAL.RecurIterator {
  const check = iterator.check_contracting_rules.bind(iterator);
  iterator.check_contracting_rules = () => {
    spend(reading);
    return check();
  };
  return iterator;
}

/**
 * Where to start following a rule: for one repeating every n days or weeks with no COUNT, its start moved
 * ahead by whole periods to just before `before` (its occurrences from there are the rule's own; any it skips
 * end before the span); otherwise its start.
 */
function startNear(rule: ICAL.Recur, start: ICAL.Time, startAt: number, before: number): ICAL.Time {
  const unitDays = rule.freq === "DAILY" ? 1 : rule.freq === "WEEKLY" ? 7 : 0;
  if (unitDays === 0 || rule.count || "BYSETPOS" in rule.parts) return start;
  const periodDays = unitDays * (rule.interval || 1);
  const periods = Math.floor((before - startAt) / (periodDays * DAY_MS)) - 1;
  if (periods <= 0) return start;
  const moved = start.clone();
  moved.adjust(periods * periodDays, 0, 0, 0);
  return moved;
}

/** An event's first time and its length: whole days for an all-day event, else the milliseconds it lasts. */
interface Shape {
  readonly start: ICAL.Time;
  readonly tzid: unknown;
  readonly startAt: number;
  readonly days?: number;
  readonly length?: number;
}

/** An event's shape, or undefined when it has no start or takes no time (an end at or before its start). */
function shapeOf(event: ICAL.Component, reading: Reading): Shape | undefined {
  const startProperty = event.getFirstProperty("dtstart");
  const start = startProperty?.getFirstValue();
  if (!startProperty || !(start instanceof ICAL.Time)) return undefined;
  const tzid = startProperty.getParameter("tzid");
  const startAt = instantOf(start, tzid, reading);
  const endProperty = event.getFirstProperty("dtend");
  const end = endProperty?.getFirstValue();
  const duration = event.getFirstPropertyValue("duration");
  if (start.isDate) {
    const days =
      end instanceof ICAL.Time
        ? plainDate(start).until(plainDate(end)).days
        : duration instanceof ICAL.Duration
          ? Math.round(duration.toSeconds() / 86_400)
          : 1;
    return days > 0 ? { start, tzid, startAt, days } : undefined;
  }
  const length =
    end instanceof ICAL.Time
      ? instantOf(end, endProperty?.getParameter("tzid"), reading) - startAt
      : duration instanceof ICAL.Duration
        ? duration.toSeconds() * 1000
        : 0;
  return length > 0 ? { start, tzid, startAt, length } : undefined;
}

/** A series' own wall clock: an instant as its wall-clock time, and back. */
interface Clock {
  readonly wall: (instant: number) => Temporal.PlainDateTime;
  readonly instant: (time: Temporal.PlainDateTime) => number;
}

/** The wall clock a series' times are written in: a zone the file defines (or UTC), its TZID's, or the practice's. */
function clockOf(shape: Shape, reading: Reading): Clock {
  const zone = shape.start.zone;
  if (zone && zone !== ICAL.Timezone.localTimezone)
    return {
      wall: (instant) => plainDateTime(ICAL.Time.fromJSDate(new Date(instant), true).convertToZone(zone)),
      instant: ({ year, month, day, hour, minute, second }) =>
        ICAL.Time.fromData({ year, month, day, hour, minute, second }, zone).toUnixTime() * 1000,
    };
  const name = typeof shape.tzid === "string" && isZoneName(shape.tzid) ? shape.tzid : reading.zone;
  return {
    wall: (instant) => Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(name).toPlainDateTime(),
    instant: (time) => time.toZonedDateTime(name, { disambiguation: "compatible" }).epochMilliseconds,
  };
}

/**
 * The overrides of one series (one UID): the occurrences each replaces, by the instant of its RECURRENCE-ID;
 * and those with RANGE=THISANDFUTURE, which also move every later occurrence.
 */
interface Overrides {
  readonly replaced: Set<number>;
  readonly fromOn: { readonly at: number; readonly override: ICAL.Component }[];
}

/**
 * Where an occurrence (by its instant) goes under a RANGE=THISANDFUTURE override (RFC 5545 §3.8.4.4): moved by
 * the difference between the override's start and its RECURRENCE-ID, in the series' wall-clock time (so a
 * weekly 10:00 moved to 11:00 stays at 11:00 across a clock change), lasting the override's own length;
 * nowhere (null) when the override is free or cancelled.
 */
type Mover = (at: number) => Interval | null;

/** The mover of an override whose RECURRENCE-ID is at `at`; none when it is all-day where its series is timed, or the reverse. */
function moverOf(override: ICAL.Component, at: number, series: Shape, clock: Clock, reading: Reading): Mover | undefined {
  if (takesNoTime(override)) return () => null;
  const shape = shapeOf(override, reading);
  if (!shape || shape.start.isDate !== series.start.isDate) return undefined;
  if (shape.days !== undefined) {
    // All-day times are whole days of the practice's zone (instantOf).
    const dayOf = (instant: number) => Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(reading.zone).toPlainDate();
    const startOf = (day: Temporal.PlainDate) => day.toZonedDateTime({ timeZone: reading.zone }).epochMilliseconds;
    const shift = { days: dayOf(at).until(plainDate(shape.start)).days };
    const days = { days: shape.days };
    return (occurrence) => {
      const first = dayOf(occurrence).add(shift);
      return { start: startOf(first), end: startOf(first.add(days)) };
    };
  }
  const shift = clock.wall(at).until(clock.wall(shape.startAt), { largestUnit: "day" });
  const length = shape.length!;
  return (occurrence) => {
    const start = clock.instant(clock.wall(occurrence).add(shift));
    return { start, end: start + length };
  };
}

/**
 * The busy times of one event: a single one, or each occurrence of a recurring one (RRULE, RDATE) up to the
 * span's end, less its EXDATEs and the occurrences its overrides replace, each moved as a RANGE=THISANDFUTURE
 * override before it says.
 */
function eventTimes(event: ICAL.Component, overrides: Overrides | undefined, reading: Reading): Interval[] {
  const shape = shapeOf(event, reading);
  if (!shape) return [];
  const { start, startAt } = shape;
  const { span } = reading;

  // Each occurrence's time: whole days for an all-day event, else the event's own length; `reach`, the most it lasts.
  const timeOf = (occurrence: ICAL.Time, at: number): Interval => {
    if (shape.days === undefined) return { start: at, end: at + shape.length! };
    const last = occurrence.clone();
    last.adjust(shape.days, 0, 0, 0);
    return { start: at, end: dayStart(last, reading.zone) };
  };
  let reach = shape.days === undefined ? shape.length! : (shape.days + 1) * DAY_MS;

  const rules = event.getAllProperties("rrule");
  const dates = event.getAllProperties("rdate");
  if (rules.length === 0 && dates.length === 0) return [timeOf(start, startAt)];

  // The RANGE=THISANDFUTURE overrides in the order of their RECURRENCE-IDs, each with where it moves what follows.
  const clock = clockOf(shape, reading);
  const movers = (overrides?.fromOn ?? [])
    .map(({ at, override }) => {
      // Paid for each series it is read against: several series may share one UID.
      spend(reading);
      return { at, move: moverOf(override, at, shape, clock, reading) };
    })
    .filter((each): each is { at: number; move: Mover } => each.move !== undefined)
    .sort((a, b) => a.at - b.at);
  // How far a move may bring an occurrence into the span: from before it (moved later; a day more for a clock
  // change) or from after it (moved earlier).
  let ahead = 0;
  for (const { at, move } of movers) {
    const moved = move(at);
    if (!moved) continue;
    reach = Math.max(reach, moved.end - at + DAY_MS);
    ahead = Math.max(ahead, at - moved.start + DAY_MS);
  }
  /** The mover of the last RANGE=THISANDFUTURE override at or before an occurrence's own time (binary search). */
  const moverAt = (at: number): Mover | undefined => {
    let low = 0;
    let high = movers.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (movers[middle]!.at <= at) low = middle + 1;
      else high = middle;
    }
    return movers[low - 1]?.move;
  };

  // Read, never copied: every series of one UID shares its overrides.
  const replaced = overrides?.replaced;
  const excluded = new Set(event.getAllProperties("exdate").flatMap((property) => instantsOf(property, reading)));
  const times = new Map<number, Interval>();
  const add = (occurrence: ICAL.Time, at: number) => {
    if (replaced?.has(at) || excluded.has(at) || times.has(at)) return;
    const move = moverAt(at);
    const time = move ? move(at) : timeOf(occurrence, at);
    if (time && time.start < span.to && time.end > span.from) times.set(at, time);
  };
  // The start is always the first occurrence (RFC 5545 §3.8.5.3).
  add(start, startAt);
  for (const property of rules) {
    const rule = property.getFirstValue() as ICAL.Recur;
    const iterator = bounded(rule.iterator(startNear(rule, start, startAt, span.from - reach)), reading);
    for (let next = iterator.next(); next; next = iterator.next()) {
      const at = instantOf(next, shape.tzid, reading);
      if (at >= span.to + ahead) break;
      add(next, at);
    }
  }
  for (const property of dates)
    for (const value of property.getValues() as (ICAL.Time | ICAL.Period)[]) {
      const time = value instanceof ICAL.Period ? value.start : value;
      add(time, instantOf(time, property.getParameter("tzid"), reading));
    }
  return [...times.values()];
}

/** Overlapping and touching spans merged into one, clipped to `span`, ascending. */
function merged(spans: readonly Interval[], span: Span): Interval[] {
  const clipped = spans
    .map((each) => ({ start: Math.max(each.start, span.from), end: Math.min(each.end, span.to) }))
    .filter((each) => each.start < each.end)
    .sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const each of clipped) {
    const last = out.at(-1);
    if (last && each.start <= last.end) out[out.length - 1] = { start: last.start, end: Math.max(last.end, each.end) };
    else out.push(each);
  }
  return out;
}

/** The calendars of a file: its VCALENDAR components (usually one). */
function calendarsOf(icsText: string): ICAL.Component[] {
  let data: unknown;
  try {
    data = ICAL.parse(icsText);
  } catch (error) {
    throw new UnreadableCalendar(`The calendar is not iCalendar text: ${error instanceof Error ? error.message : error}`, { cause: error });
  }
  // One component, or a list of them (none for an empty text).
  const roots = Array.isArray(data) && typeof data[0] === "string" ? [data] : Array.isArray(data) ? data : [];
  const calendars = roots.map((root) => new ICAL.Component(root)).filter((component) => component.name === "vcalendar");
  if (calendars.length === 0) throw new UnreadableCalendar("The text holds no calendar (VCALENDAR)");
  // A zone's rules change yearly; any other rule ical.js would expand without bound, as no budget reaches it.
  const zoneRules = calendars.flatMap((calendar) =>
    calendar
      .getAllSubcomponents("vtimezone")
      .flatMap((zone) => zone.getAllSubcomponents().flatMap((part) => part.getAllProperties("rrule"))),
  );
  if (zoneRules.some((rule) => (rule.getFirstValue() as ICAL.Recur).freq !== "YEARLY"))
    throw new UnreadableCalendar("The calendar defines a time zone (VTIMEZONE) that changes other than yearly");
  return calendars;
}

/**
 * The busy times of a calendar file over `span` (epoch milliseconds, [from, to)): ascending, overlapping and
 * touching ones merged, clipped to the span. `zone` is the practice's (IANA), for all-day and floating times.
 * Throws an Error saying why when the file cannot be read.
 */
export function busyTimes(icsText: string, span: Span, zone: string): Interval[] {
  const reading: Reading = { span, zone, steps: 0 };
  const busy: Interval[] = [];
  try {
    for (const calendar of calendarsOf(icsText)) {
      const events = calendar.getAllSubcomponents("vevent");
      // Each series' overrides, by UID, each added in place and paid for from the reading's budget.
      const overrides = new Map<string, Overrides>();
      for (const event of events) {
        const recurrence = event.getFirstProperty("recurrence-id");
        if (!recurrence) continue;
        spend(reading);
        const uid = String(event.getFirstPropertyValue("uid"));
        let series = overrides.get(uid);
        if (!series) overrides.set(uid, (series = { replaced: new Set(), fromOn: [] }));
        const [at] = instantsOf(recurrence, reading);
        if (at === undefined) continue;
        series.replaced.add(at);
        if (String(recurrence.getParameter("range") ?? "").toUpperCase() === "THISANDFUTURE") series.fromOn.push({ at, override: event });
      }
      for (const event of events) {
        // An override is busy at its own time; a series, at each occurrence no override replaces, moved as one
        // with RANGE=THISANDFUTURE before it says.
        if (event.hasProperty("recurrence-id")) {
          if (!takesNoTime(event)) busy.push(...eventTimes(event, undefined, reading));
          continue;
        }
        if (takesNoTime(event)) continue;
        busy.push(...eventTimes(event, overrides.get(String(event.getFirstPropertyValue("uid"))), reading));
      }
    }
  } catch (error) {
    if (error instanceof UnreadableCalendar) throw error;
    throw new UnreadableCalendar(`The calendar could not be read: ${error instanceof Error ? error.message : error}`, { cause: error });
  }
  return merged(busy, span);
}
