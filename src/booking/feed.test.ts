import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { feedEvents, octets } from "../test/calendars.ts";
import { calendarFeed } from "./feed.ts";

/* The attorney's feed read by ical.js in workerd, as Thunderbird reads it; node-ical reads it in feed.node.test.ts. */

const NAME = "Meridian Creative Law, Seattle: consultations";

/** TEXT unescaped (RFC 5545 §3.3.11): ical.js knows neither NAME nor X-WR-CALNAME, and leaves them as written. */
const unescaped = (value: unknown) =>
  String(value).replace(/\\([\\;,nN])/g, (_, char: string) => (char.toLowerCase() === "n" ? "\n" : char));
const STAMP = Date.UTC(2027, 2, 1, 12);

describe("the attorney's calendar feed", () => {
  const text = calendarFeed(NAME, feedEvents, STAMP);
  const calendar = new ICAL.Component(ICAL.parse(text));

  it("is a published calendar with its name, read again about hourly", () => {
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(unescaped(calendar.getFirstPropertyValue("x-wr-calname"))).toBe(NAME);
    expect(unescaped(calendar.getFirstPropertyValue("name"))).toBe(NAME);
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT1H");
    expect(String(calendar.getFirstPropertyValue("x-published-ttl"))).toBe("PT1H");
  });

  it("holds each consultation once: its UID, SEQUENCE, UTC instants, summary and status, and nothing else", () => {
    const vevents = calendar.getAllSubcomponents("vevent");
    expect(vevents).toHaveLength(feedEvents.length);
    vevents.forEach((vevent, index) => {
      const expected = feedEvents[index]!;
      const event = new ICAL.Event(vevent);
      expect(event.uid).toBe(expected.uid);
      expect(event.sequence).toBe(expected.sequence);
      expect(event.startDate.toJSDate().getTime()).toBe(expected.start);
      expect(event.endDate.toJSDate().getTime()).toBe(expected.end);
      expect(event.startDate.zone).toBe(ICAL.Timezone.utcTimezone);
      expect(event.summary).toBe(expected.summary.replace(/\r\n/, "\n"));
      expect(vevent.getFirstPropertyValue("status")).toBe(expected.status ?? "CONFIRMED");
      expect(vevent.getAllProperties().map((property) => property.name)).toEqual([
        "uid",
        "sequence",
        "dtstamp",
        "dtstart",
        "dtend",
        "summary",
        "status",
      ]);
    });
  });

  it("is CRLF lines throughout, none longer than 75 octets, whatever a name holds", () => {
    const long = calendarFeed(`${"Ł".repeat(60)}; consultations\nX-EVIL:1`, feedEvents, STAMP);
    expect(long.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(long.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of long.slice(0, -2).split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    const parsed = new ICAL.Component(ICAL.parse(long));
    expect(unescaped(parsed.getFirstPropertyValue("x-wr-calname"))).toBe(`${"Ł".repeat(60)}; consultations\nX-EVIL:1`);
    expect(parsed.getAllProperties().map((property) => property.name)).not.toContain("x-evil");
  });

  it("is an empty calendar when there is nothing booked", () => {
    const empty = new ICAL.Component(ICAL.parse(calendarFeed(NAME, [], STAMP)));
    expect(empty.getAllSubcomponents("vevent")).toEqual([]);
    expect(unescaped(empty.getFirstPropertyValue("x-wr-calname"))).toBe(NAME);
  });
});
