import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { escapedTexts, hostileAddresses, hostileEvent, hostileNames, octets } from "../test/calendars.ts";
import { type InvitationMethod, invitation, invitationContentType } from "./invitation.ts";

/* Invitations read by ical.js (Mozilla's parser, as Thunderbird reads them) in workerd; node-ical reads the same in invitation.node.test.ts. */

const read = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  return { calendar, vevent: events[0]!, event: new ICAL.Event(events[0]!) };
};

/** The booking, then a change of time with SEQUENCE raised, then its cancellation: one UID throughout. */
const versions: readonly { method: InvitationMethod; sequence: number; start: number; end: number }[] = [
  { method: "REQUEST", sequence: 0, start: hostileEvent.start, end: hostileEvent.end },
  { method: "REQUEST", sequence: 1, start: Date.UTC(2027, 10, 8, 18), end: Date.UTC(2027, 10, 8, 19) },
  { method: "CANCEL", sequence: 2, start: Date.UTC(2027, 10, 8, 18), end: Date.UTC(2027, 10, 8, 19) },
];

const PROPERTIES = ["uid", "sequence", "dtstamp", "dtstart", "dtend", "summary", "description", "organizer", "attendee", "status"];

describe("an invitation", () => {
  it.each(versions)("$method with SEQUENCE $sequence: its METHOD, UID, SEQUENCE, status and UTC instants", (version) => {
    const text = invitation({ ...hostileEvent, ...version }, version.method);
    const { calendar, vevent, event } = read(text);
    expect(calendar.getFirstPropertyValue("method")).toBe(version.method);
    expect(calendar.getFirstPropertyValue("prodid")).toMatch(/^-\/\/creative-law-site\/\/consultations\/\/EN$/);
    expect(event.uid).toBe(hostileEvent.uid);
    expect(event.sequence).toBe(version.sequence);
    expect(event.startDate.toJSDate().getTime()).toBe(version.start);
    expect(event.endDate.toJSDate().getTime()).toBe(version.end);
    expect(event.startDate.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(text).toMatch(/\r\nDTEND:\d{8}T\d{6}Z\r\n/);
    expect(vevent.getFirstPropertyValue("dtstamp")?.toString()).toBe(new Date(hostileEvent.stamp).toISOString().replace(".000", ""));
    expect(vevent.getFirstPropertyValue("status")).toBe(version.method === "CANCEL" ? "CANCELLED" : "CONFIRMED");
    expect(event.description).toBe(hostileEvent.description);
    expect(vevent.getAllProperties().map((property) => property.name)).toEqual(PROPERTIES);
    const organizer = vevent.getFirstProperty("organizer")!;
    expect(organizer.getParameter("cn")).toBe(hostileEvent.organizer.name);
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe(`mailto:${hostileEvent.organizer.email}`);
    const attendee = vevent.getFirstProperty("attendee")!;
    expect(attendee.getParameter("partstat")).toBe("NEEDS-ACTION");
    expect(attendee.getParameter("rsvp")).toBe(version.method === "REQUEST" ? "TRUE" : undefined);
  });

  it("is CRLF lines throughout, the last one ended too, none longer than 75 octets", () => {
    for (const { method } of versions) {
      const text = invitation(hostileEvent, method);
      expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
      expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
      for (const line of text.slice(0, -2).split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    }
  });

  it("keeps a place, and escapes the commas, semicolons, backslashes and line breaks of its text", () => {
    const { event } = read(invitation({ ...hostileEvent, ...escapedTexts }, "REQUEST"));
    expect(event.summary).toBe(escapedTexts.summary);
    expect(event.location).toBe(escapedTexts.location);
  });

  it.each(hostileNames)("keeps a typed name inside its CN: $typed", ({ typed, cn }) => {
    for (const { method } of versions) {
      const text = invitation({ ...hostileEvent, attendee: { name: typed, email: "ann@example.com" } }, method);
      for (const line of text.slice(0, -2).split("\r\n")) {
        expect(octets(line)).toBeLessThanOrEqual(75);
        // Folded between characters, never inside one (a lone surrogate would be half of one).
        expect(line).not.toMatch(/\p{Cs}/u);
      }
      const { vevent } = read(text);
      expect(vevent.getAllProperties().map((property) => property.name)).toEqual(PROPERTIES);
      const attendee = vevent.getFirstProperty("attendee")!;
      expect(attendee.getParameter("cn")).toBe(cn);
      expect(Object.keys(attendee.toJSON()[1] as object).sort()).toEqual(
        method === "REQUEST" ? ["cn", "partstat", "role", "rsvp"] : ["cn", "partstat", "role"],
      );
      expect(attendee.getParameter("partstat")).toBe("NEEDS-ACTION");
      expect(String(attendee.getFirstValue()).toLowerCase()).toBe("mailto:ann@example.com");
    }
  });

  it.each(hostileAddresses)("keeps a typed address inside the attendee's mailto: URI: %j", (email) => {
    const { vevent } = read(invitation({ ...hostileEvent, attendee: { name: "Ann", email } }, "REQUEST"));
    expect(vevent.getAllProperties().map((property) => property.name)).toEqual(PROPERTIES);
    const attendee = vevent.getFirstProperty("attendee")!;
    expect(Object.keys(attendee.toJSON()[1] as object).sort()).toEqual(["cn", "partstat", "role", "rsvp"]);
    expect(decodeURIComponent(String(attendee.getFirstValue()).replace(/^mailto:/i, ""))).toBe(email);
  });
});

describe("an invitation's MIME type", () => {
  it("names its method, as Outlook needs", () => {
    expect(invitationContentType("REQUEST")).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(invitationContentType("CANCEL")).toBe("text/calendar; charset=utf-8; method=CANCEL");
  });
});
