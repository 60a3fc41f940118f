import { describe, expect, it } from "vitest";
import { busyTimes } from "./busy-calendar.ts";
import { dayBounds, dayOf, minutesOfDay } from "./zone.ts";

const ZONE = "America/Los_Angeles";
const files = import.meta.glob<string>("../test/calendars/*.ics", { query: "?raw", import: "default", eager: true });
const attorney = files["../test/calendars/attorney-busy.ics"]!;

/** Busy times written as "YYYY-MM-DD HH:MM-HH:MM" in Seattle time, for reading. */
const inSeattle = (spans: { start: number; end: number }[]) =>
  spans.map(({ start, end }) => {
    const clock = (instant: number) => {
      const minutes = minutesOfDay(instant, ZONE);
      return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    };
    return `${dayOf(start, ZONE)} ${clock(start)}-${clock(end)}`;
  });

const span = (from: string, to: string) => ({ from: dayBounds(from, ZONE).start, to: dayBounds(to, ZONE).start });

/** A calendar of the given events, as Outlook writes one (no VTIMEZONE for an IANA zone it names). */
const calendar = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN", ...events, "END:VCALENDAR"].join("\r\n");
const event = (uid: string, ...lines: string[]) =>
  ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20270101T000000Z", ...lines, "END:VEVENT"].join("\r\n");

describe("the attorney's own calendar", () => {
  it("expands recurring events in their own zone across the spring change, leaves out free time, and takes whole days off", () => {
    expect(inSeattle(busyTimes(attorney, span("2027-03-05", "2027-03-19"), ZONE))).toEqual([
      "2027-03-05 00:00-00:00",
      "2027-03-09 10:00-11:00",
      "2027-03-11 14:00-16:00",
      "2027-03-16 10:00-11:00",
      "2027-03-18 14:00-16:00",
    ]);
  });

  it("keeps a weekly 10:00 at 10:00 across the fall change, and an event in another zone at its own time", () => {
    const text = calendar(
      event(
        "weekly",
        "DTSTART;TZID=America/Los_Angeles:20271026T100000",
        "DTEND;TZID=America/Los_Angeles:20271026T103000",
        "RRULE:FREQ=WEEKLY;COUNT=3",
      ),
      event("london", "DTSTART;TZID=Europe/London:20271102T170000", "DTEND;TZID=Europe/London:20271102T180000"),
    );
    expect(inSeattle(busyTimes(text, span("2027-10-25", "2027-11-12"), ZONE))).toEqual([
      "2027-10-26 10:00-10:30",
      "2027-11-02 10:00-11:00",
      "2027-11-09 10:00-10:30",
    ]);
  });

  it("leaves out a cancelled event, an occurrence excluded or cancelled, and follows one moved", () => {
    const text = calendar(
      event("cancelled", "DTSTART:20270601T170000Z", "DTEND:20270601T180000Z", "STATUS:CANCELLED"),
      event(
        "series",
        "DTSTART;TZID=America/Los_Angeles:20270601T090000",
        "DTEND;TZID=America/Los_Angeles:20270601T093000",
        "RRULE:FREQ=DAILY;UNTIL=20270604T160000Z",
        "EXDATE;TZID=America/Los_Angeles:20270602T090000",
      ),
      event(
        "series",
        "RECURRENCE-ID;TZID=America/Los_Angeles:20270603T090000",
        "DTSTART;TZID=America/Los_Angeles:20270603T150000",
        "DTEND;TZID=America/Los_Angeles:20270603T153000",
      ),
      event(
        "series",
        "RECURRENCE-ID;TZID=America/Los_Angeles:20270604T090000",
        "DTSTART;TZID=America/Los_Angeles:20270604T090000",
        "DTEND;TZID=America/Los_Angeles:20270604T093000",
        "STATUS:CANCELLED",
      ),
    );
    expect(inSeattle(busyTimes(text, span("2027-06-01", "2027-06-06"), ZONE))).toEqual([
      "2027-06-01 09:00-09:30",
      "2027-06-03 15:00-15:30",
    ]);
  });

  it("stops expanding a rule at the span's end and at a bound, however often it repeats", () => {
    const text = calendar(event("every-second", "DTSTART:20270601T000000Z", "DTEND:20270601T000001Z", "RRULE:FREQ=SECONDLY"));
    const started = Date.now();
    const busy = busyTimes(text, span("2027-05-31", "2027-06-02"), ZONE);
    expect(busy.length).toBeLessThanOrEqual(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses a file that is not a calendar", () => {
    expect(() => busyTimes("<html>Sign in</html>", span("2027-06-01", "2027-06-02"), ZONE)).toThrow();
  });
});
