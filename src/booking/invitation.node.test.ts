import ical from "node-ical";
import { describe, expect, it } from "vitest";
import { escapedTexts, hostileAddresses, hostileEvent, hostileNames } from "../test/calendars.ts";
import { invitation } from "./invitation.ts";

/*
 * The same invitations read by a second, independent parser (node-ical, Node only; ical.js reads them in
 * workerd in invitation.test.ts): each at the expected UTC instants, with its UID, SEQUENCE and status, and
 * what a client typed kept inside its own parameter or value. node-ical splits parameters at every `;`, in
 * quotes or not, as lenient parsers do: the test that a typed `;` starts no parameter.
 */

const onlyEvent = (text: string) => {
  const items = Object.values(ical.sync.parseICS(text));
  const events = items.filter((item) => item?.type === "VEVENT");
  expect(events).toHaveLength(1);
  expect(items.filter((item) => item?.type !== "VEVENT" && item?.type !== "VCALENDAR")).toEqual([]);
  return events[0] as ical.VEvent;
};

/** What node-ical keeps of a VEVENT: its properties, lower-cased, and the ones it adds itself. */
const KEYS = [
  "attendee",
  "datetype",
  "description",
  "dtstamp",
  "end",
  "method",
  "organizer",
  "sequence",
  "start",
  "status",
  "summary",
  "type",
  "uid",
];

/** An attendee as node-ical reads it: its parameters and its address. */
const attendeeOf = (event: ical.VEvent) => event.attendee as unknown as { params: Record<string, unknown>; val: string };

describe("invitations, read by node-ical", () => {
  it("a REQUEST, then a change with its SEQUENCE raised, then a CANCEL: one UID, the booked instants", () => {
    for (const [method, sequence, start, end] of [
      ["REQUEST", 0, hostileEvent.start, hostileEvent.end],
      ["REQUEST", 1, Date.UTC(2027, 10, 8, 18), Date.UTC(2027, 10, 8, 19)],
      ["CANCEL", 2, Date.UTC(2027, 10, 8, 18), Date.UTC(2027, 10, 8, 19)],
    ] as const) {
      const event = onlyEvent(invitation({ ...hostileEvent, sequence, start, end }, method));
      expect(event.uid).toBe(hostileEvent.uid);
      expect(Number(event.sequence)).toBe(sequence);
      expect(new Date(event.start!).getTime()).toBe(start);
      expect(new Date(event.end!).getTime()).toBe(end);
      expect(event.start!.tz).toBe("Etc/UTC");
      expect(event.status).toBe(method === "CANCEL" ? "CANCELLED" : "CONFIRMED");
      expect(event.method).toBe(method);
      expect(event.description).toBe(hostileEvent.description);
      expect(Object.keys(event).sort()).toEqual(KEYS);
      const attendee = attendeeOf(event);
      expect(attendee.params.PARTSTAT).toBe("NEEDS-ACTION");
      expect(attendee.params.RSVP).toBe(method === "REQUEST" ? true : undefined);
    }
  });

  it("keeps a place, and the commas, semicolons, backslashes and line breaks of its text", () => {
    const event = onlyEvent(invitation({ ...hostileEvent, ...escapedTexts }, "REQUEST"));
    expect(event.summary).toBe(escapedTexts.summary);
    expect(event.location).toBe(escapedTexts.location);
  });

  it.each(hostileNames)("keeps a typed name inside its CN: $typed", ({ typed, cn }) => {
    for (const method of ["REQUEST", "CANCEL"] as const) {
      const event = onlyEvent(invitation({ ...hostileEvent, attendee: { name: typed, email: "ann@example.com" } }, method));
      expect(Object.keys(event).sort()).toEqual(KEYS);
      const attendee = attendeeOf(event);
      expect(attendee.params).toEqual({
        CN: cn,
        ROLE: "REQ-PARTICIPANT",
        PARTSTAT: "NEEDS-ACTION",
        ...(method === "REQUEST" ? { RSVP: true } : {}),
      });
      expect(attendee.val.toLowerCase()).toBe("mailto:ann@example.com");
    }
  });

  it.each(hostileAddresses)("keeps a typed address inside the attendee's mailto: URI: %j", (email) => {
    const event = onlyEvent(invitation({ ...hostileEvent, attendee: { name: "Ann", email } }, "REQUEST"));
    expect(Object.keys(event).sort()).toEqual(KEYS);
    const attendee = attendeeOf(event);
    expect(Object.keys(attendee.params).sort()).toEqual(["CN", "PARTSTAT", "ROLE", "RSVP"]);
    expect(decodeURIComponent(attendee.val.replace(/^mailto:/i, ""))).toBe(email);
  });
});
