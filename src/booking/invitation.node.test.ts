import ical from "node-ical";
import { describe, expect, it } from "vitest";
import { hostileEvent } from "../test/calendars.ts";
import { calendarFeed } from "./feed.ts";
import { invitation } from "./invitation.ts";

/*
 * The same invitations read by a second, independent parser (node-ical, Node only; ical.js reads them in
 * workerd in invitation.test.ts): each at the expected UTC instants, with its UID, SEQUENCE and status.
 */

const onlyEvent = (text: string) => {
  const events = Object.values(ical.sync.parseICS(text)).filter((item) => item?.type === "VEVENT");
  expect(events).toHaveLength(1);
  return events[0] as ical.VEvent;
};

describe("invitations, read by node-ical", () => {
  it("a REQUEST, then a change with its SEQUENCE raised, then a CANCEL: one UID, the booked instants", () => {
    for (const [method, sequence] of [
      ["REQUEST", 0],
      ["REQUEST", 1],
      ["CANCEL", 2],
    ] as const) {
      const event = onlyEvent(invitation({ ...hostileEvent, sequence }, method));
      expect(event.uid).toBe(hostileEvent.uid);
      expect(Number(event.sequence)).toBe(sequence);
      expect(new Date(event.start!).getTime()).toBe(hostileEvent.start);
      expect(new Date(event.end!).getTime()).toBe(hostileEvent.end);
      expect(event.status).toBe(method === "CANCEL" ? "CANCELLED" : "CONFIRMED");
      expect(event.method).toBe(method);
    }
  });

  it("the attorney's feed", () => {
    const event = onlyEvent(
      calendarFeed(
        "Consultations",
        [{ uid: "a@x", sequence: 0, start: hostileEvent.start, end: hostileEvent.end, summary: "Video call: Ann" }],
        0,
      ),
    );
    expect(new Date(event.start).getTime()).toBe(hostileEvent.start);
    expect(event.summary).toBe("Video call: Ann");
  });
});
