import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Consultations } from "../content/collections.ts";
import { type Interval, type Taken, freeSlots, nearestFree, refusalOf } from "./slots.ts";
import { addDays, dayBounds, dayOf, minutesOfDay, wallTime } from "./zone.ts";

const ZONE = "America/Los_Angeles";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Hours as the content file would give them, with one kind, "k". */
const hours = (fields: Partial<Consultations> & { minutes?: number } = {}): Consultations => ({
  timeZone: ZONE,
  kinds: [{ id: "k", name: "Call", minutes: fields.minutes ?? 30, place: "video", where: "Online." }],
  weekly: days.map((day) => ({ day, from: "09:00", to: "17:00" })),
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeHours: 0,
  daysAhead: 14,
  perDay: 8,
  stepMinutes: 30,
  linkValidDays: 14,
  reminderHoursBefore: 24,
  offerFollowUpDays: 5,
  ...fields,
});

const none: Taken = { busy: [], bookings: [] };
const at = (iso: string) => new Date(iso).getTime();

describe("the free times", () => {
  it("start on the window's grid, in the practice's zone, and end by the window's end", () => {
    const now = at("2027-06-01T00:00:00Z");
    const times = freeSlots(hours({ weekly: [{ day: "tuesday", from: "09:30", to: "11:00" }], daysAhead: 8 }), "k", none, now);
    expect(times.map((start) => `${dayOf(start, ZONE)} ${hhmm(minutesOfDay(start, ZONE))}`)).toEqual([
      "2027-06-01 09:30",
      "2027-06-01 10:00",
      "2027-06-01 10:30",
      "2027-06-08 09:30",
      "2027-06-08 10:00",
      "2027-06-08 10:30",
    ]);
  });

  it("are refused, each with its reason", () => {
    const now = at("2027-06-01T12:00:00Z");
    const availability = hours({ minimumNoticeHours: 24, perDay: 1, bufferBeforeMinutes: 15, bufferAfterMinutes: 15, daysAhead: 7 });
    const tomorrow10 = wallTime("2027-06-03", 600, ZONE).instant;
    const booked = { start: wallTime("2027-06-04", 600, ZONE).instant, end: wallTime("2027-06-04", 630, ZONE).instant };
    const taken: Taken = {
      busy: [{ start: wallTime("2027-06-05", 660, ZONE).instant, end: wallTime("2027-06-05", 720, ZONE).instant }],
      bookings: [booked],
    };
    expect(refusalOf(availability, "x", tomorrow10, taken, now)).toBe("unknown-kind");
    expect(refusalOf(availability, "k", now - HOUR, taken, now)).toBe("past");
    expect(refusalOf(availability, "k", now + HOUR, taken, now)).toBe("too-soon");
    expect(refusalOf(availability, "k", wallTime("2027-06-20", 600, ZONE).instant, taken, now)).toBe("too-far");
    expect(refusalOf(availability, "k", wallTime("2027-06-03", 600 + 10, ZONE).instant, taken, now)).toBe("outside-hours");
    expect(refusalOf(availability, "k", wallTime("2027-06-03", 17 * 60, ZONE).instant, taken, now)).toBe("outside-hours");
    expect(refusalOf(availability, "k", wallTime("2027-06-04", 14 * 60, ZONE).instant, taken, now)).toBe("day-full");
    expect(refusalOf(hours({ ...availability, perDay: 3 }), "k", wallTime("2027-06-05", 11 * 60 + 30, ZONE).instant, taken, now)).toBe(
      "busy",
    );
    expect(refusalOf(hours({ ...availability, perDay: 3 }), "k", wallTime("2027-06-04", 630, ZONE).instant, taken, now)).toBe("buffer");
    expect(refusalOf(availability, "k", tomorrow10, taken, now)).toBeUndefined();
  });

  it("offer the nearest free times to one just taken", () => {
    const now = at("2027-06-01T00:00:00Z");
    const availability = hours({ weekly: [{ day: "tuesday", from: "09:00", to: "12:00" }], daysAhead: 21 });
    const taken = wallTime("2027-06-08", 600, ZONE).instant;
    const nearest = nearestFree(availability, "k", taken, { busy: [], bookings: [{ start: taken, end: taken + 30 * MINUTE }] }, now, 2);
    expect(nearest.map((start) => hhmm(minutesOfDay(start, ZONE)))).toEqual(["09:30", "10:30"]);
  });
});

/** Hours and taken times around the daylight-saving changes of 2027 in Seattle (March 14, November 7). */
const scenario = fc
  .record({
    change: fc.constantFrom("2027-03-14", "2027-11-07"),
    daysBefore: fc.integer({ min: 0, max: 4 }),
    hourOfNow: fc.integer({ min: 0, max: 23 }),
    minutes: fc.integer({ min: 3, max: 18 }).map((fives) => fives * 5),
    step: fc.integer({ min: 1, max: 12 }).map((fives) => fives * 5),
    before: fc.integer({ min: 0, max: 6 }).map((fives) => fives * 5),
    after: fc.integer({ min: 0, max: 6 }).map((fives) => fives * 5),
    notice: fc.integer({ min: 0, max: 48 }),
    perDay: fc.integer({ min: 1, max: 6 }),
    windows: fc.array(
      fc.record({ day: fc.constantFrom(...days), from: fc.integer({ min: 0, max: 20 * 12 }), length: fc.integer({ min: 6, max: 8 * 12 }) }),
      { minLength: 1, maxLength: 6 },
    ),
    busy: fc.array(fc.record({ at: fc.integer({ min: 0, max: 9 * 24 * 12 }), length: fc.integer({ min: 1, max: 36 }) }), { maxLength: 6 }),
    booked: fc.array(fc.record({ at: fc.integer({ min: 0, max: 9 * 24 * 12 }), length: fc.integer({ min: 3, max: 18 }) }), {
      maxLength: 6,
    }),
  })
  .map((drawn) => {
    const firstDay = addDays(drawn.change, -drawn.daysBefore);
    const origin = dayBounds(firstDay, ZONE).start;
    const now = origin + drawn.hourOfNow * HOUR;
    // One window a day at most, so none overlaps another (as the content check requires); 5-minute units.
    const weekly = [...new Map(drawn.windows.map((window) => [window.day, window])).values()].map((window) => ({
      day: window.day,
      from: hhmm(window.from * 5),
      to: hhmm(Math.min(window.from * 5 + window.length * 5, 23 * 60 + 59)),
    }));
    const spans = (items: { at: number; length: number }[]) =>
      items.map((item): Interval => ({ start: origin + item.at * 5 * MINUTE, end: origin + (item.at + item.length) * 5 * MINUTE }));
    const availability = hours({
      minutes: drawn.minutes,
      stepMinutes: drawn.step,
      bufferBeforeMinutes: drawn.before,
      bufferAfterMinutes: drawn.after,
      minimumNoticeHours: drawn.notice,
      perDay: drawn.perDay,
      daysAhead: 8,
      weekly,
    });
    return { availability, now, taken: { busy: spans(drawn.busy), bookings: spans(drawn.booked) } as Taken, minutes: drawn.minutes };
  });

describe("the free times, over random hours across both daylight-saving changes of 2027", () => {
  it("never overlap a busy time, a booking or its buffers; never a time that does not exist; none twice", () => {
    fc.assert(
      fc.property(scenario, ({ availability, now, taken, minutes }) => {
        const free = freeSlots(availability, "k", taken, now);
        expect(new Set(free).size).toBe(free.length);
        expect([...free].sort((a, b) => a - b)).toEqual(free);
        const before = availability.bufferBeforeMinutes * MINUTE;
        const after = availability.bufferAfterMinutes * MINUTE;
        for (const start of free) {
          const held = { start: start - before, end: start + minutes * MINUTE + after };
          for (const busy of taken.busy) expect(held.start < busy.end && busy.start < held.end).toBe(false);
          for (const booking of taken.bookings) expect(held.start < booking.end + after && booking.start - before < held.end).toBe(false);
          const wall = wallTime(dayOf(start, ZONE), minutesOfDay(start, ZONE), ZONE);
          expect(wall).toEqual({ instant: start, exists: true });
          expect(start).toBeGreaterThan(now);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("offer exactly the times on the grid that are not refused", () => {
    fc.assert(
      fc.property(scenario, ({ availability, now, taken }) => {
        const free = new Set(freeSlots(availability, "k", taken, now));
        for (let day = dayOf(now, ZONE), n = 0; n <= availability.daysAhead; day = addDays(day, 1), n++)
          for (let minutes = 0; minutes < 24 * 60; minutes += 5) {
            const { instant, exists } = wallTime(day, minutes, ZONE);
            if (!exists) continue;
            expect(free.has(instant), `${day} ${hhmm(minutes)}`).toBe(refusalOf(availability, "k", instant, taken, now) === undefined);
          }
      }),
      { numRuns: 15 },
    );
  });
});
