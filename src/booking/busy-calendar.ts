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
 *   RANGE=THISANDFUTURE is not read (Google and Outlook split a series instead).
 * - Bounded work: a rule is followed only to the span's end; a daily or weekly rule without COUNT starts
 *   from just before the span rather than from its first day; and every step of every rule counts against
 *   one budget, so that no rule (FREQ=SECONDLY for years, a BYMONTHDAY=30 in February) can keep the Worker.
 * A file that cannot be read throws an UnreadableCalendar, and the caller keeps the last good busy times.
 */

const DAY_MS = 86_400_000;

/**
 * Steps of recurrence rules one file may take (each a candidate time ical.js checks, some 2 to 20 µs): a
 * realistic calendar takes a few thousand (a monthly series since 1990, 450; an hourly one over two months,
 * 1,500). Spent, the file is refused: at most about a second's work.
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

/** A wall-clock time of a zone as an instant; a time a spring-forward skips is read as the one after the gap. */
const wallClock = (time: ICAL.Time, zone: string) =>
  Temporal.PlainDateTime.from({
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  }).toZonedDateTime(zone, { disambiguation: "compatible" }).epochMilliseconds;

/** The instant a day of a zone begins. */
const dayStart = (time: ICAL.Time, zone: string) =>
  Temporal.PlainDate.from({ year: time.year, month: time.month, day: time.day }).toZonedDateTime({ timeZone: zone }).epochMilliseconds;

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

/** A rule's iterator whose every step is paid from the reading's budget. */
function bounded(iterator: ICAL.RecurIterator, reading: Reading): ICAL.RecurIterator {
  const check = iterator.check_contracting_rules.bind(iterator);
  iterator.check_contracting_rules = () => {
    if (++reading.steps > STEPS_MAX)
      throw new UnreadableCalendar(`The calendar's recurring events take more than ${STEPS_MAX} steps to expand`);
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

/**
 * The busy times of one event: a single one, or each occurrence of a recurring one (RRULE, RDATE) up to the
 * span's end, less its EXDATEs and the occurrences `replaced` by overrides.
 */
function eventTimes(event: ICAL.Component, replaced: ReadonlySet<number>, reading: Reading): Interval[] {
  const startProperty = event.getFirstProperty("dtstart");
  const start = startProperty?.getFirstValue();
  if (!startProperty || !(start instanceof ICAL.Time)) return [];
  const tzid = startProperty.getParameter("tzid");
  const startAt = instantOf(start, tzid, reading);
  const endProperty = event.getFirstProperty("dtend");
  const end = endProperty?.getFirstValue();
  const duration = event.getFirstPropertyValue("duration");
  const { span } = reading;

  // Each occurrence's time: whole days for an all-day event, else the event's own length; `reach`, the most it lasts.
  let timeOf: (occurrence: ICAL.Time, at: number) => Interval;
  let reach: number;
  if (start.isDate) {
    const days =
      end instanceof ICAL.Time
        ? Temporal.PlainDate.from({ year: start.year, month: start.month, day: start.day }).until({
            year: end.year,
            month: end.month,
            day: end.day,
          }).days
        : duration instanceof ICAL.Duration
          ? Math.round(duration.toSeconds() / 86_400)
          : 1;
    if (days <= 0) return [];
    reach = (days + 1) * DAY_MS;
    timeOf = (occurrence, at) => {
      const last = occurrence.clone();
      last.adjust(days, 0, 0, 0);
      return { start: at, end: dayStart(last, reading.zone) };
    };
  } else {
    const length =
      end instanceof ICAL.Time
        ? instantOf(end, endProperty?.getParameter("tzid"), reading) - startAt
        : duration instanceof ICAL.Duration
          ? duration.toSeconds() * 1000
          : 0;
    if (length <= 0) return [];
    reach = length;
    timeOf = (_, at) => ({ start: at, end: at + length });
  }

  const rules = event.getAllProperties("rrule");
  const dates = event.getAllProperties("rdate");
  if (rules.length === 0 && dates.length === 0) return [timeOf(start, startAt)];

  const excluded = new Set([...replaced, ...event.getAllProperties("exdate").flatMap((property) => instantsOf(property, reading))]);
  const times = new Map<number, Interval>();
  const add = (occurrence: ICAL.Time, at: number) => {
    if (at < span.to && !excluded.has(at)) times.set(at, timeOf(occurrence, at));
  };
  // The start is always the first occurrence (RFC 5545 §3.8.5.3).
  add(start, startAt);
  for (const property of rules) {
    const rule = property.getFirstValue() as ICAL.Recur;
    const iterator = bounded(rule.iterator(startNear(rule, start, startAt, span.from - reach)), reading);
    for (let next = iterator.next(); next; next = iterator.next()) {
      const at = instantOf(next, tzid, reading);
      if (at >= span.to) break;
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
      // The occurrences each series' overrides replace, by UID: the instants of their RECURRENCE-IDs.
      const replaced = new Map<string, Set<number>>();
      for (const event of events) {
        const recurrence = event.getFirstProperty("recurrence-id");
        if (!recurrence) continue;
        const uid = String(event.getFirstPropertyValue("uid"));
        replaced.set(uid, new Set([...(replaced.get(uid) ?? []), ...instantsOf(recurrence, reading)]));
      }
      for (const event of events) {
        if (takesNoTime(event)) continue;
        // An override is busy at its own time; a series, at each occurrence no override replaces.
        const replacedHere = event.hasProperty("recurrence-id") ? undefined : replaced.get(String(event.getFirstPropertyValue("uid")));
        busy.push(...eventTimes(event, replacedHere ?? new Set(), reading));
      }
    }
  } catch (error) {
    if (error instanceof UnreadableCalendar) throw error;
    throw new UnreadableCalendar(`The calendar could not be read: ${error instanceof Error ? error.message : error}`, { cause: error });
  }
  return merged(busy, span);
}
