import { Temporal } from "temporal-polyfill";
import { beforeAll, describe, expect, it } from "vitest";
import { busyTimes } from "./busy-calendar.ts";

const ZONE = "America/Los_Angeles";
const files = import.meta.glob<string>("../test/calendars/*.ics", { query: "?raw", import: "default", eager: true });
const file = (name: string) => files[`../test/calendars/${name}`]!;

const seattle = (instant: number) => Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(ZONE);
const clock = (time: Temporal.ZonedDateTime) => time.toPlainTime().toString({ smallestUnit: "minute" });

/** Busy times in Seattle's wall-clock time, for reading: "2027-03-08 10:00-11:00", or two days when it spans them. */
const inSeattle = (spans: readonly { start: number; end: number }[]) =>
  spans.map(({ start, end }) => {
    const [from, to] = [seattle(start), seattle(end)];
    const sameDay = from.toPlainDate().equals(to.toPlainDate());
    return sameDay
      ? `${from.toPlainDate()} ${clock(from)}-${clock(to)}`
      : `${from.toPlainDate()} ${clock(from)} - ${to.toPlainDate()} ${clock(to)}`;
  });

/** The instants from the start of one Seattle day to the start of another. */
const days = (from: string, to: string) => ({
  from: Temporal.PlainDate.from(from).toZonedDateTime(ZONE).epochMilliseconds,
  to: Temporal.PlainDate.from(to).toZonedDateTime(ZONE).epochMilliseconds,
});

/** A calendar of the given events and zones, as its app writes one. */
const calendar = (...parts: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//Busy calendar//EN", ...parts, "END:VCALENDAR", ""].join("\r\n");
const event = (uid: string, ...lines: string[]) =>
  ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20270101T000000Z", ...lines, "END:VEVENT"].join("\r\n");
/** Seattle's zone as Google writes it in a file. */
const SEATTLE_VTIMEZONE = file("google-export.ics").match(/BEGIN:VTIMEZONE\r?\nTZID:America\/Los_Angeles\r?\n[\s\S]*?END:VTIMEZONE/)![0];

describe("the attorney's own calendar, as Google publishes it", () => {
  const google = file("google-export.ics");

  it("expands each event in its own zone, across Seattle's and London's changes, less what is free, cancelled, excluded or moved", () => {
    expect(inSeattle(busyTimes(google, days("2027-03-01", "2027-04-10"), ZONE))).toEqual([
      "2027-03-01 10:00-11:00",
      // London 17:00 GMT: 09:00 in Seattle (PST), then 10:00 from March 14 (PDT), then 09:00 again from March 28 (BST).
      "2027-03-04 09:00-09:30",
      "2027-03-08 10:00-11:00",
      // A hearing and the debrief right after it, as one; the cancelled lunch left out.
      "2027-03-10 09:00-12:00",
      "2027-03-11 09:00-09:30",
      // All day on the day of the spring change: 23 hours.
      "2027-03-14 00:00 - 2027-03-15 00:00",
      // 10:00 kept across the change.
      "2027-03-15 10:00-11:00",
      "2027-03-18 10:00-10:30",
      "2027-03-19 00:00 - 2027-03-21 00:00",
      // March 22 excluded (EXDATE).
      "2027-03-25 10:00-10:30",
      // March 29 moved to the 31st at 15:00.
      "2027-03-31 15:00-16:00",
      "2027-04-01 09:00-09:30",
      // April 5 cancelled by its override.
      "2027-04-08 09:00-09:30",
    ]);
  });

  it("takes an all-day event as the whole day of the practice's zone, 23 hours on the spring change", () => {
    const [dayOff] = busyTimes(google, days("2027-03-14", "2027-03-15"), ZONE);
    expect(dayOff!.end - dayOff!.start).toBe(23 * 3_600_000);
  });

  it("follows an occurrence moved into the span from after it, and one moved out, keeping the rest", () => {
    // November 1 moved to December 21; December 13 moved to November 10; November 8 at 10:00 after the fall change.
    expect(inSeattle(busyTimes(google, days("2027-11-01", "2027-11-15"), ZONE))).toEqual([
      "2027-11-08 10:00-11:00",
      "2027-11-10 13:00-14:00",
    ]);
    expect(inSeattle(busyTimes(google, days("2027-12-01", "2028-01-10"), ZONE))).toEqual([
      "2027-12-06 10:00-11:00",
      "2027-12-20 10:00-11:00",
      "2027-12-21 10:00-11:00",
      // The last before UNTIL.
      "2027-12-27 10:00-11:00",
    ]);
  });

  it("clips to the span, and has nothing outside every event", () => {
    const span = { from: Date.UTC(2027, 2, 10, 18), to: Date.UTC(2027, 2, 10, 19, 30) };
    expect(busyTimes(google, span, ZONE)).toEqual([{ start: span.from, end: span.to }]);
    expect(busyTimes(google, days("2026-01-01", "2026-12-31"), ZONE)).toEqual([]);
  });
});

describe("the attorney's own calendar, as Outlook publishes it", () => {
  it("reads Windows zone names by their VTIMEZONE: a weekly 10:00 across the fall change, London in its own zone, a day out of office of 25 hours", () => {
    const outlook = file("outlook-export.ics");
    const busy = busyTimes(outlook, days("2027-10-18", "2027-11-20"), ZONE);
    expect(inSeattle(busy)).toEqual([
      "2027-10-19 10:00-10:30",
      "2027-10-20 18:00-20:00",
      // October 26 moved to the 27th at 11:00.
      "2027-10-27 11:00-11:30",
      "2027-10-27 18:00-20:00",
      // London 16:00 BST: 08:00 in Seattle (PDT); after London's change on October 31, 16:00 GMT is 09:00.
      "2027-10-28 08:00-09:00",
      "2027-11-02 10:00-10:30",
      // The last class before UNTIL (November 10, 18:00 PST is after it); the free hold on November 2 left out.
      "2027-11-03 18:00-20:00",
      "2027-11-04 09:00-10:00",
      "2027-11-07 00:00 - 2027-11-08 00:00",
      "2027-11-09 10:00-10:30",
      // COUNT=5 ends here.
      "2027-11-16 10:00-10:30",
    ]);
    const dayOut = busy.find(({ start }) => seattle(start).toPlainDate().toString() === "2027-11-07")!;
    expect(dayOut.end - dayOut.start).toBe(25 * 3_600_000);
  });
});

describe("the made-up calendar for local runs (attorney-busy.ics)", () => {
  it("has weekly busy times, a one-off and first Fridays off, and a free lunch never busy", () => {
    expect(inSeattle(busyTimes(file("attorney-busy.ics"), days("2027-03-05", "2027-03-19"), ZONE))).toEqual([
      "2027-03-05 00:00 - 2027-03-06 00:00",
      "2027-03-09 10:00-11:00",
      "2027-03-10 09:00-12:00",
      "2027-03-11 14:00-16:00",
      "2027-03-16 10:00-11:00",
      "2027-03-18 14:00-16:00",
    ]);
  });

  it("always has busy times ahead: its series have no end", () => {
    expect(busyTimes(file("attorney-busy.ics"), days("2031-06-01", "2031-06-15"), ZONE).length).toBeGreaterThanOrEqual(4);
  });
});

describe("times and lengths", () => {
  it("reads a floating time, and a TZID neither the file nor the runtime knows, in the practice's zone; an IANA TZID without VTIMEZONE in that zone", () => {
    const text = calendar(
      event("floating", "DTSTART:20270310T090000", "DTEND:20270310T100000"),
      event("unknown", "DTSTART;TZID=Mars/Olympus Mons:20270311T090000", "DTEND;TZID=Mars/Olympus Mons:20270311T100000"),
      event("tokyo", "DTSTART;TZID=Asia/Tokyo:20270313T090000", "DTEND;TZID=Asia/Tokyo:20270313T100000"),
    );
    expect(inSeattle(busyTimes(text, days("2027-03-08", "2027-03-15"), ZONE))).toEqual([
      "2027-03-10 09:00-10:00",
      "2027-03-11 09:00-10:00",
      // 09:00 in Tokyo (UTC+9) is 16:00 the day before in Seattle (PST).
      "2027-03-12 16:00-17:00",
    ]);
  });

  it("takes DURATION for an end, one day for an all-day event without one, and merges touching times", () => {
    const text = calendar(
      event("duration", "DTSTART;TZID=America/Los_Angeles:20270310T090000", "DURATION:PT90M"),
      event("touching", "DTSTART;TZID=America/Los_Angeles:20270310T103000", "DTEND;TZID=America/Los_Angeles:20270310T110000"),
      event("one-day", "DTSTART;VALUE=DATE:20270312"),
      event("no-length", "DTSTART:20270311T170000Z", "DTEND:20270311T170000Z"),
      SEATTLE_VTIMEZONE,
    );
    expect(inSeattle(busyTimes(text, days("2027-03-08", "2027-03-15"), ZONE))).toEqual([
      "2027-03-10 09:00-11:00",
      "2027-03-12 00:00 - 2027-03-13 00:00",
    ]);
  });

  it("reaches the span from a series begun long before it: daily since 2012, every other week since 2001, a COUNT ending in it", () => {
    const first = Temporal.PlainDate.from("2020-01-01");
    const count = first.until("2027-03-10").days + 1;
    const text = calendar(
      SEATTLE_VTIMEZONE,
      event(
        "writing",
        "DTSTART;TZID=America/Los_Angeles:20120102T080000",
        "DTEND;TZID=America/Los_Angeles:20120102T083000",
        "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR",
      ),
      // Every other Monday from January 1, 2001: March 8, 2027 is week 1,366 after it, even.
      event(
        "fortnightly",
        "DTSTART;TZID=America/Los_Angeles:20010101T120000",
        "DTEND;TZID=America/Los_Angeles:20010101T130000",
        "RRULE:FREQ=WEEKLY;INTERVAL=2",
      ),
      event("counted", "DTSTART:20200101T230000Z", "DTEND:20200101T233000Z", `RRULE:FREQ=DAILY;COUNT=${count}`),
    );
    expect(inSeattle(busyTimes(text, days("2027-03-08", "2027-03-13"), ZONE))).toEqual([
      "2027-03-08 08:00-08:30",
      "2027-03-08 12:00-13:00",
      "2027-03-08 15:00-15:30",
      "2027-03-09 08:00-08:30",
      "2027-03-09 15:00-15:30",
      "2027-03-10 08:00-08:30",
      "2027-03-10 15:00-15:30",
      "2027-03-11 08:00-08:30",
      "2027-03-12 08:00-08:30",
    ]);
  });
});

describe("a calendar that cannot be read", () => {
  const span = days("2027-06-01", "2027-06-30");

  it.each([
    ["a sign-in page", "<html>Sign in</html>", /not iCalendar text/],
    ["an empty answer", "", /no calendar/],
    ["a file cut short", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n", /not iCalendar text/],
    ["an address book", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann\r\nEND:VCARD\r\n", /no calendar/],
    ["a broken time", calendar(event("broken", "DTSTART:2027-06-01", "DTEND:20270601T100000Z")), /could not be read/],
    [
      "an unknown frequency",
      calendar(event("rule", "DTSTART:20270601T090000Z", "DTEND:20270601T100000Z", "RRULE:FREQ=SOMETIMES")),
      /not iCalendar text/,
    ],
  ])("is refused, saying why: %s", (_, text, why) => {
    expect(() => busyTimes(text, span, ZONE)).toThrow(why);
    try {
      busyTimes(text, span, ZONE);
    } catch (error) {
      expect((error as Error).name).toBe("UnreadableCalendar");
    }
  });

  it.each([
    ["every second, on a day that never comes", "RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30"],
    ["every day, on a day that never comes", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"],
    ["every second, for the whole span", "RRULE:FREQ=SECONDLY"],
  ])("is refused when a rule would keep the Worker: %s", (_, rule) => {
    const text = calendar(event("hostile", "DTSTART:20270601T000000Z", "DTEND:20270601T000001Z", rule));
    expect(() => busyTimes(text, span, ZONE)).toThrow(/take more than/);
  });

  it("is refused when a time zone changes other than yearly, which ical.js would expand without bound", () => {
    const zone = SEATTLE_VTIMEZONE.replace("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "RRULE:FREQ=SECONDLY");
    const text = calendar(
      zone,
      event("meeting", "DTSTART;TZID=America/Los_Angeles:20270601T090000", "DTEND;TZID=America/Los_Angeles:20270601T100000"),
    );
    expect(() => busyTimes(text, span, ZONE)).toThrow(/VTIMEZONE/);
  });
});

describe("a series moved from a date on (RANGE=THISANDFUTURE)", () => {
  it("moves every later occurrence by the same wall-clock time and to the override's length, across Seattle's change", () => {
    const text = calendar(
      SEATTLE_VTIMEZONE,
      event(
        "weekly",
        "DTSTART;TZID=America/Los_Angeles:20270201T100000",
        "DTEND;TZID=America/Los_Angeles:20270201T110000",
        "RRULE:FREQ=WEEKLY",
      ),
      // From March 1 on: four hours later, and 90 minutes long.
      event(
        "weekly",
        "RECURRENCE-ID;TZID=America/Los_Angeles;RANGE=THISANDFUTURE:20270301T100000",
        "DTSTART;TZID=America/Los_Angeles:20270301T140000",
        "DTEND;TZID=America/Los_Angeles:20270301T153000",
      ),
      // March 15 has an override of its own, named by its original time: it keeps its own.
      event(
        "weekly",
        "RECURRENCE-ID;TZID=America/Los_Angeles:20270315T100000",
        "DTSTART;TZID=America/Los_Angeles:20270316T090000",
        "DTEND;TZID=America/Los_Angeles:20270316T100000",
      ),
    );
    expect(inSeattle(busyTimes(text, days("2027-02-22", "2027-03-30"), ZONE))).toEqual([
      "2027-02-22 10:00-11:00",
      "2027-03-01 14:00-15:30",
      "2027-03-08 14:00-15:30",
      // 14:00 kept across the change on March 14.
      "2027-03-16 09:00-10:00",
      "2027-03-22 14:00-15:30",
      "2027-03-29 14:00-15:30",
    ]);
  });

  it("moves them in the series' own zone: London's Tuesday 16:00 moved to Wednesday 15:00, across both cities' changes", () => {
    const text = calendar(
      event("london", "DTSTART;TZID=Europe/London:20270302T160000", "DTEND;TZID=Europe/London:20270302T170000", "RRULE:FREQ=WEEKLY"),
      event(
        "london",
        "RECURRENCE-ID;TZID=Europe/London;RANGE=THISANDFUTURE:20270309T160000",
        "DTSTART;TZID=Europe/London:20270310T150000",
        "DTEND;TZID=Europe/London:20270310T160000",
      ),
    );
    expect(inSeattle(busyTimes(text, days("2027-03-01", "2027-04-03"), ZONE))).toEqual([
      // 16:00 GMT is 08:00 in Seattle (PST).
      "2027-03-02 08:00-09:00",
      // 15:00 GMT: 07:00 PST, then 08:00 PDT from March 14, then 15:00 BST is 07:00 PDT from March 28.
      "2027-03-10 07:00-08:00",
      "2027-03-17 08:00-09:00",
      "2027-03-24 08:00-09:00",
      "2027-03-31 07:00-08:00",
    ]);
  });

  it("brings an occurrence moved earlier into the span from after it, and ends the series where the override is cancelled", () => {
    const text = calendar(
      event("earlier", "DTSTART:20270301T170000Z", "DTEND:20270301T180000Z", "RRULE:FREQ=WEEKLY"),
      // From March 15 on, two days earlier: March 22's occurrence is on the 20th.
      event("earlier", "RECURRENCE-ID;RANGE=THISANDFUTURE:20270315T170000Z", "DTSTART:20270313T170000Z", "DTEND:20270313T180000Z"),
      event("ending", "DTSTART;VALUE=DATE:20270302", "DTEND;VALUE=DATE:20270303", "RRULE:FREQ=WEEKLY"),
      event("ending", "RECURRENCE-ID;VALUE=DATE;RANGE=THISANDFUTURE:20270316", "DTSTART;VALUE=DATE:20270316", "STATUS:CANCELLED"),
    );
    expect(inSeattle(busyTimes(text, days("2027-03-08", "2027-03-21"), ZONE))).toEqual([
      // 17:00 UTC: 09:00 in Seattle before March 14, 10:00 after.
      "2027-03-08 09:00-10:00",
      "2027-03-09 00:00 - 2027-03-10 00:00",
      "2027-03-13 09:00-10:00",
      "2027-03-20 10:00-11:00",
    ]);
  });
});

/**
 * The bound of a hostile input's test: a few times what it takes on two busy cores, where gathering overrides
 * with a copy of the set per override (quadratic) needs tens of seconds for these 22,000.
 */
const HOSTILE_MS = 10_000;

describe("a flood of overrides", () => {
  // One hostile invitation accepted into her calendar can hold thousands: gathered in one pass, each added
  // in place and counted against the reading's budget.
  let flood = "";
  beforeAll(() => {
    const overrides = Array.from({ length: 22_000 }, (_, index) => {
      const day = Temporal.PlainDate.from("2027-01-01").add({ days: index }).toString().replace(/-/g, "");
      return ["BEGIN:VEVENT", "UID:flood", `RECURRENCE-ID:${day}T170000Z`, `DTSTART:${day}T180000Z`, "DURATION:PT1H", "END:VEVENT"].join(
        "\r\n",
      );
    });
    flood = calendar(event("flood", "DTSTART:20270101T170000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY"), ...overrides);
  });

  it(
    "reads 22,000 overrides of one series (2 MB) at once",
    () => {
      expect(flood.length).toBeGreaterThan(2_000_000);
      // Each day's occurrence an hour later, as its override says.
      expect(inSeattle(busyTimes(flood, days("2027-03-08", "2027-03-10"), ZONE))).toEqual([
        "2027-03-08 10:00-11:00",
        "2027-03-09 10:00-11:00",
      ]);
    },
    HOSTILE_MS,
  );
});
