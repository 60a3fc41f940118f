import type { InvitationEvent } from "../booking/invitation.ts";
import type { FeedEvent } from "../booking/feed.ts";

/** A booking whose client typed what a client may: quotes, separators, a line break, a very long name. */
export const hostileEvent: InvitationEvent = {
  uid: "0d6f3c1e-2c1a-4c4e-9d3c-1f2e3d4c5b6a@meridian-creative-law.example",
  sequence: 0,
  start: Date.UTC(2027, 2, 16, 17),
  end: Date.UTC(2027, 2, 16, 17, 30),
  summary: "Video call: Meridian Creative Law",
  description: "A video link follows; bring questions, notes; anything\\else.",
  organizer: { name: "Meridian Creative Law", email: "hello@meridian-creative-law.example" },
  attendee: { name: `Ann "A;B", Jr.\r\nX-EVIL:1 Zoë Ōtani ${"Ł".repeat(40)}`, email: "ann@example.com" },
  stamp: Date.UTC(2027, 2, 1, 12),
};

/**
 * Names a client may type, each with the name an invitation's CN carries for it (src/booking/invitation.ts:
 * `"` as `'`, `;` as `,`, `\` as `/`, line breaks and control characters as one space).
 */
export const hostileNames: readonly { readonly typed: string; readonly cn: string }[] = [
  { typed: `Ann "A;B", Jr.\r\nX-EVIL:1`, cn: "Ann 'A,B', Jr. X-EVIL:1" },
  { typed: `Eve";RSVP=FALSE;PARTSTAT=ACCEPTED:mailto:eve@example.com`, cn: "Eve',RSVP=FALSE,PARTSTAT=ACCEPTED:mailto:eve@example.com" },
  { typed: "Mallory\nEND:VEVENT\nBEGIN:VEVENT\nUID:other", cn: "Mallory END:VEVENT BEGIN:VEVENT UID:other" },
  { typed: "Back\\slash\u0000\u0007\u001b[31m Bell", cn: "Back/slash [31m Bell" },
  {
    typed: `Zoë Ōtani 👩🏽‍⚖️ ${"日本語の名前".repeat(12)} ${"Ł".repeat(40)}`,
    cn: `Zoë Ōtani 👩🏽‍⚖️ ${"日本語の名前".repeat(12)} ${"Ł".repeat(40)}`,
  },
];

/** Addresses a client may type: what they are, however written, stays inside the attendee's mailto: URI. */
export const hostileAddresses: readonly string[] = ["ann@example.com\r\nX-EVIL:1", 'eve"@example.com;RSVP=FALSE', "zoë@exämple.com"];

/** TEXT values with every character TEXT escapes. */
export const escapedTexts = { summary: "Video call, first; then \\after", location: "Studio 4, Pier 70; Seattle\nWA" };

/** The octets of a line, which RFC 5545 §3.1 allows 75 of. */
export const octets = (line: string) => new TextEncoder().encode(line).length;

/** Consultations as the attorney's feed lists them: a summary with a typed name, one cancelled. */
export const feedEvents: readonly FeedEvent[] = [
  {
    uid: "b1@meridian-creative-law.example",
    sequence: 0,
    start: Date.UTC(2027, 2, 16, 17),
    end: Date.UTC(2027, 2, 16, 17, 30),
    summary: "Video call: Ann Lee",
  },
  {
    uid: "b2@meridian-creative-law.example",
    sequence: 3,
    start: Date.UTC(2027, 10, 8, 18),
    end: Date.UTC(2027, 10, 8, 19),
    summary: `In person: Ann "A;B", Jr.\r\nX-EVIL:1 Zoë ${"Ł".repeat(40)}`,
    status: "CONFIRMED",
  },
  {
    uid: "b3@meridian-creative-law.example",
    sequence: 1,
    start: Date.UTC(2027, 10, 9, 18),
    end: Date.UTC(2027, 10, 9, 19),
    summary: "Phone: Bo",
    status: "CANCELLED",
  },
];
