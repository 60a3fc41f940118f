import type { InvitationEvent } from "../booking/invitation.ts";

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
