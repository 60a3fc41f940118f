import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { clearSubmissions, storeSubmission } from "../test/submissions.ts";
import { type SlotClaim, bookWithOffer, createOffer, isFeedKey, linkHash } from "./bookings.ts";
import { database } from "./client.ts";
import {
  bookingOfInquiry,
  consultationsFrom,
  currentFeedKey,
  isOffersLink,
  makeFeedKey,
  offerOfInquiry,
  outcomesToRecord,
  stopFeedKey,
} from "./consultations-inbox.ts";

/*
 * The inbox's reads and writes of consultations beyond bookings.ts, against real D1: an offer or booking only of
 * its own inquiry, a link checked by its hash, the outcomes still to record, the calendar address made and
 * stopped, and an address's consultations for a privacy export.
 */

const db = database(env.DB);
const NOW = new Date(Date.UTC(2027, 2, 1, 17));
const HOUR = 3_600_000;
const actor = { by: "attorney@example.com", now: NOW };

/** A 30-minute meeting `hours` after NOW, holding nothing either side. */
const claimAt = (hours: number): SlotClaim => {
  const start = NOW.getTime() + hours * HOUR;
  return {
    kind: "video",
    meeting: { start, end: start + HOUR / 2 },
    held: { start, end: start + HOUR / 2 },
    day: { start: start - HOUR, end: start + HOUR },
    perDay: 9,
  };
};

/** An offer from an inquiry, booked at `hours` after NOW (booked as if just before then). */
async function booked(submissionId: string, hours: number) {
  const made = await createOffer(
    db,
    { submissionId, kinds: ["video"], kindNames: "Video call", expiresAt: new Date(NOW.getTime() + 30 * 24 * HOUR) },
    actor,
  );
  const bookedAt = new Date(NOW.getTime() + (hours - 48) * HOUR);
  const { booking } = await bookWithOffer(db, made.offer, claimAt(hours), { clientZone: "Europe/Paris", detail: "" }, bookedAt);
  return { ...made, booking: booking! };
}

beforeEach(async () => {
  await clearSubmissions();
  await env.DB.exec("DELETE FROM calendar_feed_keys");
});

describe("an inquiry's offers and bookings", () => {
  it("are found only through their own inquiry, and a link only by its own secret", async () => {
    const ada = await storeSubmission(NOW, { email: "ada@example.com" });
    const grace = await storeSubmission(NOW, { name: "Grace Hopper", email: "grace@example.com" });
    const { offer, token, booking } = await booked(ada, 72);
    expect((await offerOfInquiry(db, ada, offer.id))?.booking?.id).toBe(booking.id);
    expect(await offerOfInquiry(db, grace, offer.id)).toBeUndefined();
    expect((await bookingOfInquiry(db, ada, booking.id))?.offerId).toBe(offer.id);
    expect(await bookingOfInquiry(db, grace, booking.id)).toBeUndefined();
    expect(await isOffersLink(offer, token)).toBe(true);
    expect(await isOffersLink(offer, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(await isOffersLink(offer, offer.tokenHash)).toBe(false);
  });

  it("lists the consultations whose time began and whose outcome is not recorded, soonest first, the last 60 days", async () => {
    const id = await storeSubmission(NOW, { name: "Ada Lovelace" });
    const later = await booked(id, -2);
    const earlier = await booked(id, -30);
    await booked(id, -70 * 24);
    await booked(id, 5);
    const listed = await outcomesToRecord(db, NOW);
    expect(listed.map((booking) => booking.id)).toEqual([earlier.booking.id, later.booking.id]);
    expect(listed[0]!.name).toBe("Ada Lovelace");
  });

  it("export an address's offers and bookings, never the link's hash", async () => {
    const ada = await storeSubmission(NOW, { email: "Ada@Example.com" });
    await storeSubmission(NOW, { name: "Grace Hopper", email: "grace@example.com" });
    const { offer, booking } = await booked(ada, 72);
    const exported = await consultationsFrom(db, "ada@example.com");
    expect(exported).toEqual([
      {
        inquiry: ada,
        offeredAt: NOW.toISOString(),
        kinds: ["video"],
        linkValidUntil: offer.expiresAt.toISOString(),
        sentAt: null,
        sentTo: null,
        withdrawnAt: null,
        booking: {
          kind: "video",
          startsAt: booking.startAt.toISOString(),
          endsAt: booking.endAt.toISOString(),
          timeZone: "Europe/Paris",
          status: "booked",
          changes: 0,
          bookedAt: booking.createdAt.toISOString(),
          changedAt: booking.changedAt.toISOString(),
        },
      },
    ]);
    expect(JSON.stringify(exported)).not.toContain(offer.tokenHash);
    expect(await consultationsFrom(db, "grace@example.com")).toEqual([]);
  });
});

describe("the calendar address", () => {
  it("is one at a time: each made stops the one before, and stopping leaves none", async () => {
    expect(await currentFeedKey(db)).toBeUndefined();
    const first = await makeFeedKey(db, actor);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await isFeedKey(db, first)).toBe(true);
    const second = await makeFeedKey(db, { ...actor, now: new Date(NOW.getTime() + HOUR) });
    expect(await isFeedKey(db, first)).toBe(false);
    expect(await isFeedKey(db, second)).toBe(true);
    expect(await currentFeedKey(db)).toEqual({ createdAt: new Date(NOW.getTime() + HOUR), createdBy: actor.by });
    const stored = await env.DB.prepare("SELECT token_hash FROM calendar_feed_keys").all<{ token_hash: string }>();
    expect(stored.results.map((row) => row.token_hash).sort()).toEqual([await linkHash(first), await linkHash(second)].sort());
    expect(await stopFeedKey(db, actor)).toBe(true);
    expect(await isFeedKey(db, second)).toBe(false);
    expect(await stopFeedKey(db, actor)).toBe(false);
  });
});
