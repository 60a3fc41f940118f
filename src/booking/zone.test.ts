import { describe, expect, it } from "vitest";
import { dayBounds, dayOf, formatForReader, formatTime, isTimeZone, wallTime } from "./zone.ts";

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
    expect(wallTime("2027-03-14", 2 * 60 + 30, ZONE).exists).toBe(false);
    expect(wallTime("2027-03-14", 3 * 60, ZONE)).toEqual({ instant: Date.UTC(2027, 2, 14, 10), exists: true });
    expect(wallTime("2027-11-07", 60 + 30, ZONE)).toEqual({ instant: Date.UTC(2027, 10, 7, 8, 30), exists: true });
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
