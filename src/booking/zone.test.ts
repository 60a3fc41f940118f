import { describe, expect, it } from "vitest";
import { addDays, dayBounds, dayClock, dayOf, formatForReader, formatTime, isTimeZone, wallTime } from "./zone.ts";

const ZONE = "America/Los_Angeles";
const HOUR = 3_600_000;

describe("days and wall-clock times in a zone", () => {
  it("make 23- and 25-hour days on the daylight-saving changes of 2027", () => {
    const spring = dayBounds("2027-03-14", ZONE);
    const fall = dayBounds("2027-11-07", ZONE);
    expect(spring.end - spring.start).toBe(23 * HOUR);
    expect(fall.end - fall.start).toBe(25 * HOUR);
    expect(dayOf(spring.start, ZONE)).toBe("2027-03-14");
    expect(dayOf(spring.end - 1, ZONE)).toBe("2027-03-14");
  });

  it("say a wall time the spring change skips does not exist, and take the first of two the fall change repeats", () => {
    // 02:30 on March 14 is read as Temporal's "compatible" does: after the gap, 03:30 daylight time.
    expect(wallTime("2027-03-14", 2 * 60 + 30, ZONE)).toEqual({ instant: Date.UTC(2027, 2, 14, 10, 30), exists: false, ambiguous: false });
    expect(wallTime("2027-03-14", 3 * 60, ZONE)).toEqual({ instant: Date.UTC(2027, 2, 14, 10), exists: true, ambiguous: false });
    expect(wallTime("2027-11-07", 60 + 30, ZONE)).toEqual({ instant: Date.UTC(2027, 10, 7, 8, 30), exists: true, ambiguous: true });
    expect(wallTime("2027-11-07", 2 * 60, ZONE)).toEqual({ instant: Date.UTC(2027, 10, 7, 10), exists: true, ambiguous: false });
  });

  it("read a day's clock as wallTime does, and reach a skipped time at the end of its gap", () => {
    // Each zone's changes of 2027 and the days either side: an hour at 02:00, at 01:00 (London), half an hour
    // (Lord Howe), at midnight (Santiago), none (Kolkata).
    const changes: Record<string, string[]> = {
      [ZONE]: ["2027-03-14", "2027-11-07"],
      "Europe/London": ["2027-03-28", "2027-10-31"],
      "Australia/Lord_Howe": ["2027-04-04", "2027-10-03"],
      "America/Santiago": ["2027-04-04", "2027-09-05"],
      "Asia/Kolkata": ["2027-03-14"],
    };
    for (const [zone, days] of Object.entries(changes))
      for (const day of days.flatMap((change) => [addDays(change, -1), change, addDays(change, 1)])) {
        const clock = dayClock(day, zone);
        expect({ start: clock.start, end: clock.end }).toEqual(dayBounds(day, zone));
        for (let minutes = 0; minutes < 24 * 60; minutes += 10) {
          const time = wallTime(day, minutes, zone);
          expect(clock.at(minutes), `${zone} ${day} ${minutes}`).toEqual(time);
          if (time.exists) expect(clock.reached(minutes)).toBe(time.instant);
        }
      }
    const spring = dayClock("2027-03-14", ZONE);
    expect(spring.reached(2 * 60)).toBe(Date.UTC(2027, 2, 14, 10));
    expect(spring.reached(2 * 60 + 59)).toBe(Date.UTC(2027, 2, 14, 10));
  });

  it("write a time for a reader, with the practice's beside it in another zone", () => {
    const instant = Date.UTC(2027, 2, 16, 17);
    expect(formatTime(instant, ZONE)).toBe("Tuesday, March 16, 2027 at 10:00 AM PDT");
    expect(formatForReader(instant, "America/New_York")).toMatch(/^Tuesday, March 16, 2027 at 1:00 PM EDT \(10:00 AM in .+\)$/);
    expect(formatForReader(instant, ZONE)).toBe(formatTime(instant, ZONE));
  });

  it("know a zone by its name, and nothing else", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("x".repeat(100))).toBe(false);
  });
});
