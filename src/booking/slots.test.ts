import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Consultations } from "../content/collections.ts";
import { type Interval, type Taken, dayOff, freeSlots, nearestFree, refusalOf } from "./slots.ts";
import { addDays, dayBounds, dayClock, dayOf, minutesOfDay, wallTime } from "./zone.ts";

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

  it("look past two weeks for the nearest when nearer ones are too few", () => {
    const now = at("2027-06-01T00:00:00Z");
    const availability = hours({ weekly: [{ day: "tuesday", from: "09:00", to: "09:30" }], daysAhead: 60 });
    const wanted = wallTime("2027-06-02", 600, ZONE).instant;
    const nearest = nearestFree(availability, "k", wanted, none, now, 4);
    expect(nearest.map((start) => dayOf(start, ZONE))).toEqual(["2027-06-01", "2027-06-08", "2027-06-15", "2027-06-22"]);
  });

  it("leave a day off out, 23 hours long on the spring change", () => {
    const now = at("2027-03-01T00:00:00Z");
    const off = dayOff("2027-03-14", ZONE);
    expect(off).toEqual(dayBounds("2027-03-14", ZONE));
    expect(off.end - off.start).toBe(23 * HOUR);
    const free = freeSlots(hours({ daysAhead: 20 }), "k", { busy: [off], bookings: [] }, now);
    expect(free.some((start) => dayOf(start, ZONE) === "2027-03-14")).toBe(false);
    expect(free.some((start) => dayOf(start, ZONE) === "2027-03-13")).toBe(true);
    expect(free.some((start) => dayOf(start, ZONE) === "2027-03-15")).toBe(true);
  });

  it("skip the hour clocks jump over, and end a window there at the end of the gap", () => {
    const now = at("2027-03-01T00:00:00Z");
    const sunday = hours({ weekly: [{ day: "sunday", from: "01:00", to: "02:30" }], daysAhead: 20 });
    const times = (availability: Consultations) =>
      freeSlots(availability, "k", none, now)
        .filter((start) => dayOf(start, ZONE) === "2027-03-14")
        .map((start) => new Date(start).toISOString());
    // 01:00 and 01:30 standard time; 02:00 does not exist, and the window closes at 03:00 daylight time.
    expect(times(sunday)).toEqual(["2027-03-14T09:00:00.000Z", "2027-03-14T09:30:00.000Z"]);
    expect(refusalOf(sunday, "k", wallTime("2027-03-14", 2 * 60, ZONE).instant, none, now)).toBe("outside-hours");
    // A window opening in the gap opens at its end: 03:00 daylight time is offered.
    const late = hours({ weekly: [{ day: "sunday", from: "02:30", to: "04:00" }], daysAhead: 20 });
    expect(times(late)).toEqual(["2027-03-14T10:00:00.000Z", "2027-03-14T10:30:00.000Z"]);
  });

  it("offer each time of the hour clocks repeat once, at its first reading", () => {
    const now = at("2027-11-01T00:00:00Z");
    const sunday = hours({ weekly: [{ day: "sunday", from: "00:30", to: "02:00" }], daysAhead: 20 });
    const free = freeSlots(sunday, "k", none, now).filter((start) => dayOf(start, ZONE) === "2027-11-07");
    // 00:30, 01:00 and 01:30 daylight time; 01:00 and 01:30 standard time, when the clock reads them again, are not.
    expect(free.map((start) => new Date(start).toISOString())).toEqual([
      "2027-11-07T07:30:00.000Z",
      "2027-11-07T08:00:00.000Z",
      "2027-11-07T08:30:00.000Z",
    ]);
    expect(refusalOf(sunday, "k", Date.UTC(2027, 10, 7, 9), none, now)).toBe("outside-hours");
    expect(refusalOf(sunday, "k", Date.UTC(2027, 10, 7, 9, 30), none, now)).toBe("outside-hours");
  });

  it("offer nothing for a kind the file does not list", () => {
    expect(freeSlots(hours(), "x", none, at("2027-06-01T00:00:00Z"))).toEqual([]);
    expect(nearestFree(hours(), "x", at("2027-06-02T17:00:00Z"), none, at("2027-06-01T00:00:00Z"))).toEqual([]);
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
          expect(wall).toMatchObject({ instant: start, exists: true });
          expect(start).toBeGreaterThanOrEqual(now + availability.minimumNoticeHours * HOUR);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("offer exactly the times that are not refused", () => {
    fc.assert(
      fc.property(scenario, ({ availability, now, taken }) => {
        const free = new Set(freeSlots(availability, "k", taken, now));
        // Every five minutes of real time from the start of today to past the last day offered: both readings of
        // a repeated hour, none of a skipped one.
        const first = dayClock(dayOf(now, ZONE), ZONE).start;
        const last = dayClock(addDays(dayOf(now, ZONE), availability.daysAhead + 1), ZONE).end;
        for (let instant = first; instant < last; instant += 5 * MINUTE)
          expect(free.has(instant), new Date(instant).toISOString()).toBe(refusalOf(availability, "k", instant, taken, now) === undefined);
      }),
      { numRuns: 10 },
    );
  });
});
