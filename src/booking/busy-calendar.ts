import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import type { Interval } from "./slots.ts";
import { dayBounds, isTimeZone } from "./zone.ts";

/*
 * The attorney's own calendar, as the private iCal address of Google, Outlook, iCloud or Fastmail publishes
 * it, read with ical.js: its busy times over a span. A recurring event is expanded in its own zone, so a
 * weekly 10:00 meeting stays at 10:00 across a daylight-saving change; free (TRANSP:TRANSPARENT) and
 * cancelled events, and cancelled or moved occurrences, are left out.
 */

/** Occurrences read of one recurring event at most: a hostile rule (every second) cannot run the Worker out. */
const OCCURRENCES_MAX = 2_000;

/** The instant of a calendar time: in its own zone when it names one, else in the file's VTIMEZONE, else `zone`. */
function instantOf(time: ICAL.Time, zone: string): number {
  if (time.isDate) return dayBounds(time.toString().slice(0, 10), zone).start;
  if (time.zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000;
  // ical.js keeps a TZID it has no VTIMEZONE for as `timezone` (not in its types), the time itself floating.
  const named = (time as ICAL.Time & { timezone?: string }).timezone ?? time.zone?.tzid;
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
  if (named && isTimeZone(named)) return Temporal.PlainDateTime.from(wall).toZonedDateTime(named).epochMilliseconds;
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  return Temporal.PlainDateTime.from(wall).toZonedDateTime(zone).epochMilliseconds;
}

/** Whether an event (or one occurrence of it) takes no time: marked free, or cancelled. */
const takesNoTime = (event: ICAL.Component) =>
  String(event.getFirstPropertyValue("transp") ?? "").toUpperCase() === "TRANSPARENT" ||
  String(event.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";

/** Overlapping and touching spans merged into one, clipped to `span`, ascending. */
function merged(spans: Interval[], span: { from: number; to: number }): Interval[] {
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

/**
 * The busy times of a calendar file over `span`, in order and merged; all-day events are whole days of
 * `zone`. A file that is not iCalendar throws (the caller keeps the last good reading).
 */
export function busyTimes(icsText: string, span: { readonly from: number; readonly to: number }, zone: string): Interval[] {
  const calendar = new ICAL.Component(ICAL.parse(icsText));
  if (calendar.name !== "vcalendar") throw new Error("the calendar address did not answer with an iCalendar file");
  for (const timezone of calendar.getAllSubcomponents("vtimezone")) {
    const tzid = String(timezone.getFirstPropertyValue("tzid"));
    if (!ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(new ICAL.Timezone(timezone));
  }
  const events = calendar.getAllSubcomponents("vevent");
  const overrides = new Map<string, ICAL.Component[]>();
  for (const event of events)
    if (event.hasProperty("recurrence-id")) {
      const uid = String(event.getFirstPropertyValue("uid"));
      overrides.set(uid, [...(overrides.get(uid) ?? []), event]);
    }
  const busy: Interval[] = [];
  const add = (start: ICAL.Time, end: ICAL.Time) => busy.push({ start: instantOf(start, zone), end: instantOf(end, zone) });
  for (const component of events) {
    if (component.hasProperty("recurrence-id")) continue;
    const event = new ICAL.Event(component);
    for (const override of overrides.get(event.uid) ?? []) event.relateException(override);
    if (!event.isRecurring()) {
      if (!takesNoTime(component)) add(event.startDate, event.endDate);
      continue;
    }
    const occurrences = event.iterator();
    for (let n = 0, next = occurrences.next(); next && n < OCCURRENCES_MAX; next = occurrences.next(), n++) {
      const details = event.getOccurrenceDetails(next);
      if (instantOf(details.startDate, zone) >= span.to) break;
      if (!takesNoTime(details.item.component)) add(details.startDate, details.endDate);
    }
    // Moved occurrences whose new time lies where the rule's own never reach are still busy.
    for (const override of overrides.get(event.uid) ?? []) {
      const moved = new ICAL.Event(override);
      if (!takesNoTime(override)) add(moved.startDate, moved.endDate);
    }
  }
  return merged(busy, span);
}
