import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarFeed } from "./feed.ts";
import { hostileEvent } from "../test/calendars.ts";
import { invitation } from "./invitation.ts";

const eventOf = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, vevent: calendar.getFirstSubcomponent("vevent")! };
};

describe("an invitation", () => {
  it("is a REQUEST with one event at the booked UTC instants, its UID and SEQUENCE", () => {
    const text = invitation(hostileEvent, "REQUEST");
    const { calendar, vevent } = eventOf(text);
    const event = new ICAL.Event(vevent);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(event.uid).toBe(hostileEvent.uid);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().getTime()).toBe(hostileEvent.start);
    expect(event.endDate.toJSDate().getTime()).toBe(hostileEvent.end);
    expect(event.description).toBe(hostileEvent.description);
  });

  it("keeps what a client typed inside its parameter: no property of its own, lines folded at 75 octets", () => {
    const text = invitation(hostileEvent, "REQUEST");
    expect(text).not.toMatch(/\r\nX-EVIL/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const attendee = eventOf(text).vevent.getFirstProperty("attendee")!;
    expect(String(attendee.getFirstValue()).toLowerCase()).toBe("mailto:ann@example.com");
    expect(String(attendee.getParameter("cn"))).toContain("Zoë Ōtani");
    expect(
      eventOf(text)
        .vevent.getAllProperties()
        .map((property) => property.name),
    ).not.toContain("x-evil");
  });

  it("is a CANCEL with the same UID, a raised SEQUENCE and STATUS:CANCELLED once cancelled", () => {
    const { calendar, vevent } = eventOf(invitation({ ...hostileEvent, sequence: 2 }, "CANCEL"));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(vevent.getFirstPropertyValue("uid")).toBe(hostileEvent.uid);
    expect(vevent.getFirstPropertyValue("sequence")).toBe(2);
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
  });
});

describe("the attorney's calendar feed", () => {
  it("publishes each consultation with its time and summary", () => {
    const text = calendarFeed(
      "Consultations",
      [{ uid: "a@x", sequence: 1, start: hostileEvent.start, end: hostileEvent.end, summary: "Video call: Ann" }],
      0,
    );
    const { calendar, vevent } = eventOf(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Consultations");
    expect(new ICAL.Event(vevent).startDate.toJSDate().getTime()).toBe(hostileEvent.start);
    expect(vevent.getFirstPropertyValue("summary")).toBe("Video call: Ann");
  });
});
