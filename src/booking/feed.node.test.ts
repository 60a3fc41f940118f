import ical from "node-ical";
import { describe, expect, it } from "vitest";
import { feedEvents } from "../test/calendars.ts";
import { calendarFeed } from "./feed.ts";

/* The attorney's feed read by node-ical in Node, a second parser beside ical.js (feed.test.ts). */

describe("the attorney's calendar feed, read by node-ical", () => {
  it("holds each consultation once, at its UTC instants, with its UID, SEQUENCE, summary and status", () => {
    const name = "Meridian Creative Law, Seattle; consultations\nX-EVIL:1";
    const parsed = ical.sync.parseICS(calendarFeed(name, feedEvents, Date.UTC(2027, 2, 1)));
    const calendar = parsed.vcalendar as unknown as Record<string, unknown>;
    expect(calendar.method).toBe("PUBLISH");
    expect(calendar["WR-CALNAME"]).toBe(name);
    expect(calendar["PUBLISHED-TTL"]).toBe("PT1H");
    const items = Object.values(parsed);
    const events = items.filter((item) => item?.type === "VEVENT") as ical.VEvent[];
    expect(events.map((event) => event.uid)).toEqual(feedEvents.map((event) => event.uid));
    events.forEach((event, index) => {
      const expected = feedEvents[index]!;
      expect(Number(event.sequence)).toBe(expected.sequence);
      expect(new Date(event.start!).getTime()).toBe(expected.start);
      expect(new Date(event.end!).getTime()).toBe(expected.end);
      expect(event.summary).toBe(expected.summary.replace(/\r\n/, "\n"));
      expect(event.status).toBe(expected.status ?? "CONFIRMED");
      expect(event.method).toBe("PUBLISH");
      expect(Object.keys(event).sort()).toEqual([
        "datetype",
        "dtstamp",
        "end",
        "method",
        "sequence",
        "start",
        "status",
        "summary",
        "type",
        "uid",
      ]);
    });
  });
});
