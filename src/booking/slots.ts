import type { Consultations } from "../content/collections.ts";
import { type DayClock, addDays, dayBounds, dayClock, dayOf, weekdayOf } from "./zone.ts";

/*
 * The free times of a consultation kind. A time is offered when its meeting lies wholly inside one of the
 * weekly windows of its day (in the practice's zone), starts on the window's grid (from, from + step, …) at a
 * wall-clock time that exists, is far enough ahead and not too far, leaves room in its day, and, with its
 * buffers, touches no busy time and no other booking with its buffers. `freeSlots` and `refusalOf` judge each
 * time by the same function (`judge`), so a time on the grid is offered exactly when it is not refused; the
 * property tests hold them to it.
 *
 * A window's edges are the first instants the zone's clock reads its from and to: a window from 01:00 to 02:30
 * on the day clocks skip 02:00 to 03:00 ends at 03:00 daylight time; on the day 01:00 to 02:00 repeats, times
 * in the repeated hour are offered once, at their first reading. Busy times and bookings are sorted and merged
 * once, and each time is checked against them by binary search.
 */

/** A span of time, [start, end) in epoch milliseconds. */
export interface Interval {
  readonly start: number;
  readonly end: number;
}

/** What is already taken: busy times, and the meetings booked (without their buffers). */
export interface Taken {
  readonly busy: readonly Interval[];
  readonly bookings: readonly Interval[];
}

export type SlotRefusal = "unknown-kind" | "past" | "too-soon" | "too-far" | "outside-hours" | "day-full" | "busy" | "buffer";

const MINUTE = 60_000;

/** A whole day of the practice's zone as a busy time (a day off), 23 or 25 hours on a daylight-saving change. */
export const dayOff = (day: string, zone: string): Interval => dayBounds(day, zone);

/** Intervals sorted and merged where they overlap or touch, empty ones left out: disjoint and ascending. */
function merged(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((each) => each.start < each.end).sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const each of sorted) {
    const last = out.at(-1);
    if (last && each.start <= last.end) last.end = Math.max(last.end, each.end);
    else out.push({ start: each.start, end: each.end });
  }
  return out;
}

/** How many of the ascending numbers are below `value` (binary search). */
function countBelow(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether [start, end) overlaps any of the disjoint, ascending intervals: only the last one starting before `end` can. */
function hits(intervals: readonly Interval[], starts: readonly number[], start: number, end: number): boolean {
  const before = countBelow(starts, end);
  return before > 0 && intervals[before - 1]!.end > start;
}

/** Disjoint ascending intervals with their starts, for binary search. */
const indexed = (intervals: readonly Interval[]) => {
  const list = merged(intervals);
  return { list, starts: list.map((each) => each.start) };
};

/** Everything a time is judged against, worked out once per call. */
interface Rules {
  readonly minutes: number;
  readonly before: number;
  readonly after: number;
  readonly earliest: number;
  readonly now: number;
  /** The end of the last day offered: `daysAhead` days after today, in the practice's zone. */
  readonly horizon: number;
  readonly perDay: number;
  readonly busy: ReturnType<typeof indexed>;
  readonly booked: ReturnType<typeof indexed>;
  /** Bookings with the buffers kept around each, so two meetings are at least both buffers apart. */
  readonly bookedPadded: ReturnType<typeof indexed>;
  /** The bookings' starts, ascending, to count a day's. */
  readonly bookingStarts: readonly number[];
}

function rulesOf(availability: Consultations, kindId: string, taken: Taken, now: number): Rules | undefined {
  const kind = availability.kinds.find((each) => each.id === kindId);
  if (!kind) return undefined;
  const before = availability.bufferBeforeMinutes * MINUTE;
  const after = availability.bufferAfterMinutes * MINUTE;
  const today = dayOf(now, availability.timeZone);
  return {
    minutes: kind.minutes * MINUTE,
    before,
    after,
    now,
    earliest: now + availability.minimumNoticeHours * 60 * MINUTE,
    horizon: dayBounds(addDays(today, availability.daysAhead), availability.timeZone).end,
    perDay: availability.perDay,
    busy: indexed(taken.busy),
    booked: indexed(taken.bookings),
    bookedPadded: indexed(taken.bookings.map((booking) => ({ start: booking.start - before, end: booking.end + after }))),
    bookingStarts: taken.bookings.map((booking) => booking.start).sort((a, b) => a - b),
  };
}

/**
 * The times on a day's grid (wall times that exist, each window's from plus whole steps), each with the end of
 * the latest window it starts on the grid of, ascending.
 */
function gridOf(availability: Consultations, day: string, clock: DayClock): Map<number, number> {
  const grid = new Map<number, number>();
  const weekday = weekdayOf(day);
  for (const window of availability.weekly) {
    if (window.day !== weekday) continue;
    const from = clockMinutes(window.from);
    const to = clockMinutes(window.to);
    const end = clock.reached(to);
    for (let minutes = from; minutes < to; minutes += availability.stepMinutes) {
      const at = clock.at(minutes);
      if (at.exists) grid.set(at.instant, Math.max(end, grid.get(at.instant) ?? end));
    }
  }
  return new Map([...grid].sort((a, b) => a[0] - b[0]));
}

const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** Why a time is refused by the clock alone (past, too soon, too far), or undefined. */
function tooEarlyOrLate(rules: Rules, start: number): SlotRefusal | undefined {
  if (start < rules.now) return "past";
  if (start < rules.earliest) return "too-soon";
  if (start >= rules.horizon) return "too-far";
  return undefined;
}

/** Why a time is refused, given its day and the end of its window (undefined when not on the day's grid), or undefined. */
function judge(rules: Rules, clock: DayClock, start: number, windowEnd: number | undefined): SlotRefusal | undefined {
  const early = tooEarlyOrLate(rules, start);
  if (early) return early;
  const end = start + rules.minutes;
  if (windowEnd === undefined || end > windowEnd) return "outside-hours";
  const bookedThatDay = countBelow(rules.bookingStarts, clock.end) - countBelow(rules.bookingStarts, clock.start);
  if (bookedThatDay >= rules.perDay) return "day-full";
  const heldStart = start - rules.before;
  const heldEnd = end + rules.after;
  if (hits(rules.busy.list, rules.busy.starts, heldStart, heldEnd) || hits(rules.booked.list, rules.booked.starts, start, end))
    return "busy";
  if (hits(rules.bookedPadded.list, rules.bookedPadded.starts, heldStart, heldEnd)) return "buffer";
  return undefined;
}

/** Why this time cannot be booked for this kind, or undefined when it can. */
export function refusalOf(availability: Consultations, kindId: string, start: number, taken: Taken, now: number): SlotRefusal | undefined {
  const rules = rulesOf(availability, kindId, taken, now);
  if (!rules) return "unknown-kind";
  // Cheap refusals first; judge repeats them, so both paths read the same rules in the same order.
  const early = tooEarlyOrLate(rules, start);
  if (early) return early;
  const day = dayOf(start, availability.timeZone);
  const clock = dayClock(day, availability.timeZone);
  return judge(rules, clock, start, gridOf(availability, day, clock).get(start));
}

/**
 * The free times of a kind, ascending, from now (or `span.from`) to the last day offered (or `span.to`): every
 * time on the grid that refusalOf does not refuse.
 */
export function freeSlots(
  availability: Consultations,
  kindId: string,
  taken: Taken,
  now: number,
  span: { readonly from: number; readonly to: number } = { from: now, to: Number.POSITIVE_INFINITY },
): number[] {
  const rules = rulesOf(availability, kindId, taken, now);
  if (!rules) return [];
  const zone = availability.timeZone;
  const from = Math.max(now, span.from);
  const to = Math.min(span.to, rules.horizon);
  const free: number[] = [];
  for (let day = dayOf(from, zone), clock = dayClock(day, zone); clock.start < to; day = addDays(day, 1), clock = dayClock(day, zone))
    for (const [start, windowEnd] of gridOf(availability, day, clock))
      if (start >= from && start < to && judge(rules, clock, start, windowEnd) === undefined) free.push(start);
  return free;
}

/**
 * The `count` free times nearest to `start`, ascending: those within two weeks either side, or, when there are
 * fewer, the nearest of all.
 */
export function nearestFree(availability: Consultations, kindId: string, start: number, taken: Taken, now: number, count = 3): number[] {
  const fortnight = 14 * 24 * 60 * MINUTE;
  const near = freeSlots(availability, kindId, taken, now, { from: start - fortnight, to: start + fortnight });
  const free = near.length >= count ? near : freeSlots(availability, kindId, taken, now);
  return free
    .sort((a, b) => Math.abs(a - start) - Math.abs(b - start) || a - b)
    .slice(0, count)
    .sort((a, b) => a - b);
}
