import type { Consultations } from "../content/collections.ts";
import { addDays, dayBounds, dayOf, minutesOfDay, wallTime, weekdayOf } from "./zone.ts";

/*
 * The free times of a consultation kind. A time is offered when its meeting lies wholly inside one of the
 * weekly windows of its day (in the practice's zone), starts on the window's grid (from, from + step, …) at a
 * wall-clock time that exists, is far enough ahead and not too far, leaves room in its day, and, with its
 * buffers, touches no busy time and no other booking with its buffers. `freeSlots` offers exactly the times
 * `refusalOf` does not refuse; the property tests hold them to it.
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

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** A meeting with the buffers kept around it. */
const padded = (availability: Consultations, meeting: Interval): Interval => ({
  start: meeting.start - availability.bufferBeforeMinutes * MINUTE,
  end: meeting.end + availability.bufferAfterMinutes * MINUTE,
});

const clock = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** The last day times may be offered on: `daysAhead` after today, in the practice's zone. */
const lastDay = (availability: Consultations, now: number) => addDays(dayOf(now, availability.timeZone), availability.daysAhead);

/** Why this time cannot be booked for this kind, or undefined when it can. */
export function refusalOf(availability: Consultations, kindId: string, start: number, taken: Taken, now: number): SlotRefusal | undefined {
  const kind = availability.kinds.find((each) => each.id === kindId);
  if (!kind) return "unknown-kind";
  if (start <= now) return "past";
  if (start < now + availability.minimumNoticeHours * 60 * MINUTE) return "too-soon";
  const zone = availability.timeZone;
  const day = dayOf(start, zone);
  if (day > lastDay(availability, now)) return "too-far";
  const meeting = { start, end: start + kind.minutes * MINUTE };
  if (!onTheGrid(availability, day, meeting)) return "outside-hours";
  const bookedThatDay = taken.bookings.filter((booking) => dayOf(booking.start, zone) === day).length;
  if (bookedThatDay >= availability.perDay) return "day-full";
  const held = padded(availability, meeting);
  if (taken.busy.some((busy) => overlaps(held, busy)) || taken.bookings.some((booking) => overlaps(meeting, booking))) return "busy";
  if (taken.bookings.some((booking) => overlaps(held, padded(availability, booking)))) return "buffer";
  return undefined;
}

/** Whether a meeting starts on a window's grid of its day, at a wall time that exists, and ends by the window's end. */
function onTheGrid(availability: Consultations, day: string, meeting: Interval): boolean {
  const zone = availability.timeZone;
  if (meeting.start % MINUTE !== 0) return false;
  const minutes = minutesOfDay(meeting.start, zone);
  const at = wallTime(day, minutes, zone);
  if (!at.exists || at.instant !== meeting.start) return false;
  return windowsOf(availability, day).some(
    (window) =>
      minutes >= window.from &&
      (minutes - window.from) % availability.stepMinutes === 0 &&
      meeting.start >= wallTime(day, window.from, zone).instant &&
      meeting.end <= wallTime(day, window.to, zone).instant,
  );
}

/** A day's weekly windows, as minutes after midnight. */
const windowsOf = (availability: Consultations, day: string) =>
  availability.weekly
    .filter((window) => window.day === weekdayOf(day))
    .map((window) => ({ from: clock(window.from), to: clock(window.to) }));

/** Every time on the windows' grids of a day (existing wall times only), ascending, none twice. */
function gridOf(availability: Consultations, day: string): number[] {
  const starts = new Set<number>();
  for (const window of windowsOf(availability, day))
    for (let minutes = window.from; minutes < window.to; minutes += availability.stepMinutes) {
      const at = wallTime(day, minutes, availability.timeZone);
      if (at.exists) starts.add(at.instant);
    }
  return [...starts].sort((a, b) => a - b);
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
  const zone = availability.timeZone;
  const last = lastDay(availability, now);
  const free: number[] = [];
  for (let day = dayOf(Math.max(now, span.from), zone); day <= last && dayBounds(day, zone).start < span.to; day = addDays(day, 1))
    for (const start of gridOf(availability, day))
      if (start >= span.from && start < span.to && refusalOf(availability, kindId, start, taken, now) === undefined) free.push(start);
  return free;
}

/** The `count` free times nearest to `start` (within two weeks either side), ascending. */
export function nearestFree(availability: Consultations, kindId: string, start: number, taken: Taken, now: number, count = 3): number[] {
  const fortnight = 14 * 24 * 60 * MINUTE;
  return freeSlots(availability, kindId, taken, now, { from: start - fortnight, to: start + fortnight })
    .sort((a, b) => Math.abs(a - start) - Math.abs(b - start) || a - b)
    .slice(0, count)
    .sort((a, b) => a - b);
}
