import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { recordIntake } from "../test/intake.ts";
import { clearSubmissions, storeSubmission, storeSubmissions } from "../test/submissions.ts";
import {
  BOOKING_LINK_ACTOR,
  type SlotClaim,
  addBusyTime,
  bookWithOffer,
  cancelBooking,
  createOffer,
  linkState,
  offerAtLink,
  recordOutcome,
  rescheduleBooking,
  takenOver,
  withdrawOffer,
} from "./bookings.ts";
import { database } from "./client.ts";

const db = database(env.DB);
const NOW = new Date(Date.UTC(2027, 2, 1, 17));
const HOUR = 3_600_000;
const actor = { by: "attorney@example.com", now: NOW };
const DAY = { start: Date.UTC(2027, 2, 10, 8), end: Date.UTC(2027, 2, 11, 8) };

/** A 30-minute meeting at `hour` UTC on DAY, holding 10 minutes either side. */
const at = (hour: number, perDay = 4): SlotClaim => {
  const start = Date.UTC(2027, 2, 10, hour);
  return {
    kind: "video",
    meeting: { start, end: start + HOUR / 2 },
    held: { start: start - HOUR / 6, end: start + HOUR / 2 + HOUR / 6 },
    day: DAY,
    perDay,
  };
};

const offerFor = async (submissionId: string, expiresAt = new Date(NOW.getTime() + 14 * 24 * HOUR)) =>
  createOffer(db, { submissionId, kinds: ["video"], kindNames: "Video call", expiresAt }, actor);

const book = (offer: { id: string; submissionId: string }, claim: SlotClaim, now = NOW) =>
  bookWithOffer(db, offer, claim, { clientZone: "America/New_York", detail: "Video call" }, now);

const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

beforeEach(clearSubmissions);

describe("a booking link", () => {
  it("is kept only as its hash, opens its offer, and a GET of it changes nothing", async () => {
    const id = await storeSubmission(NOW, { name: "Mina Park", email: "mina@example.com" });
    const { offer, token } = await offerFor(id);
    expect(offer.tokenHash).not.toContain(token);
    expect(JSON.stringify(await env.DB.prepare("SELECT * FROM booking_offers").all())).not.toContain(token);
    const before = await env.DB.prepare("SELECT * FROM booking_offers").all();
    const opened = await offerAtLink(db, token);
    expect(opened?.person).toEqual({ name: "Mina Park", email: "mina@example.com" });
    expect(linkState(opened!, NOW)).toBe("open");
    expect((await env.DB.prepare("SELECT * FROM booking_offers").all()).results).toEqual(before.results);
    expect(await offerAtLink(db, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeUndefined();
    expect(await offerAtLink(db, "short")).toBeUndefined();
  });

  it("books nothing once expired or withdrawn", async () => {
    const [first, second] = await storeSubmissions([{ createdAt: NOW }, { createdAt: NOW }]);
    const expired = (await offerFor(first!, new Date(NOW.getTime() - 1))).offer;
    expect(linkState({ offer: expired, booking: undefined, inquiryState: "cleared" }, NOW)).toBe("expired");
    expect((await book(expired, at(17))).outcome).toBe("closed");
    const withdrawn = (await offerFor(second!)).offer;
    expect(await withdrawOffer(db, withdrawn.id, actor)).toBe(true);
    expect((await book(withdrawn, at(17))).outcome).toBe("closed");
    expect(await count("bookings")).toBe(0);
  });
});

describe("claiming a time", () => {
  it("books one of 50 links posting for one time at once; the other 49 are told it is taken", async () => {
    const ids = await storeSubmissions(Array.from({ length: 50 }, () => ({ createdAt: NOW })));
    const offers = await Promise.all(ids.map(async (id) => (await offerFor(id)).offer));
    const outcomes = await Promise.all(offers.map((offer) => book(offer, at(17))));
    expect(outcomes.filter((result) => result.outcome === "booked")).toHaveLength(1);
    expect(outcomes.filter((result) => result.outcome === "taken")).toHaveLength(49);
    expect(await count("bookings")).toBe(1);
    expect(await count("booking_minutes")).toBe(50);
  });

  it("books once however often one link posts at once", async () => {
    const id = await storeSubmission(NOW);
    const { offer } = await offerFor(id);
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => book(offer, at(15 + (i % 4)))));
    expect(outcomes.filter((result) => result.outcome === "booked")).toHaveLength(1);
    expect(outcomes.filter((result) => result.outcome === "used")).toHaveLength(19);
    expect(await count("bookings")).toBe(1);
    const logged = await env.DB.prepare("SELECT action FROM admin_activity WHERE submission_id = ? AND action = 'consultation-booked'")
      .bind(id)
      .all();
    expect(logged.results).toHaveLength(1);
  });

  it("refuses a time whose buffers touch another booking, a busy time, or a full day", async () => {
    const ids = await storeSubmissions(Array.from({ length: 4 }, () => ({ createdAt: NOW })));
    const offers = await Promise.all(ids.map(async (id) => (await offerFor(id)).offer));
    expect((await book(offers[0]!, at(17))).outcome).toBe("booked");
    const close = { ...at(17), meeting: { start: at(17).meeting.end + 15 * 60_000, end: at(17).meeting.end + 45 * 60_000 } };
    expect(
      (await book(offers[1]!, { ...close, held: { start: close.meeting.start - HOUR / 6, end: close.meeting.end + HOUR / 6 } })).outcome,
    ).toBe("taken");
    await addBusyTime(db, { start: Date.UTC(2027, 2, 10, 20), end: Date.UTC(2027, 2, 10, 21) }, "Court", actor);
    expect((await book(offers[1]!, at(20))).outcome).toBe("taken");
    expect((await book(offers[1]!, at(19, 1))).outcome).toBe("taken");
    expect((await book(offers[1]!, at(19, 2))).outcome).toBe("booked");
    expect(await takenOver(db, DAY)).toEqual({
      busy: [{ start: Date.UTC(2027, 2, 10, 20), end: Date.UTC(2027, 2, 10, 21) }],
      bookings: expect.arrayContaining([at(17).meeting, at(19).meeting]),
    });
  });
});

describe("a booked consultation", () => {
  it("moves as one booking with its sequence raised, freeing its old time; a stale page moves nothing", async () => {
    const [mine, other] = await storeSubmissions([{ createdAt: NOW }, { createdAt: NOW }]);
    const { booking } = await book((await offerFor(mine!)).offer, at(17));
    const moved = await rescheduleBooking(db, booking!, at(18), "Video call", NOW);
    expect(moved.outcome).toBe("booked");
    expect(moved.booking).toMatchObject({ id: booking!.id, sequence: 1, startAt: new Date(at(18).meeting.start) });
    expect((await rescheduleBooking(db, booking!, at(19), "Video call", NOW)).outcome).toBe("stale");
    expect(await count("bookings")).toBe(1);
    expect((await book((await offerFor(other!)).offer, at(17))).outcome).toBe("booked");
    expect((await rescheduleBooking(db, moved.booking!, at(17), "Video call", NOW)).outcome).toBe("taken");
  });

  it("cancels once, freeing its time; held or missed only after it began", async () => {
    const [mine, other] = await storeSubmissions([{ createdAt: NOW }, { createdAt: NOW }]);
    const { booking } = await book((await offerFor(mine!)).offer, at(17));
    expect(await recordOutcome(db, booking!.id, "held", actor)).toBe(false);
    const cancelled = await cancelBooking(db, booking!, BOOKING_LINK_ACTOR, NOW);
    expect(cancelled).toMatchObject({ status: "cancelled", sequence: 1, cancelledBy: BOOKING_LINK_ACTOR, cancelReason: null });
    expect(await cancelBooking(db, booking!, BOOKING_LINK_ACTOR, NOW)).toBeUndefined();
    const logged = await env.DB.prepare("SELECT action FROM admin_activity WHERE submission_id = ? AND action = 'consultation-cancelled'")
      .bind(mine)
      .all();
    expect(logged.results).toHaveLength(1);
    expect(await count("booking_minutes")).toBe(0);
    const again = await book((await offerFor(other!)).offer, at(17));
    expect(again.outcome).toBe("booked");
    expect(await recordOutcome(db, again.booking!.id, "no-show", { ...actor, now: new Date(Date.UTC(2027, 2, 11)) })).toBe(true);
  });

  it.each([
    ["declined", "declining", "the inquiry declined"],
    ["closed", "closed", "the inquiry closed"],
    ["recorded as a possible conflict", "conflict", "a possible conflict recorded"],
  ] as const)("ends with its inquiry %s: cancelled if ahead, its open offers withdrawn, each logged", async (_case, state, why) => {
    const id = await storeSubmission(NOW, { name: "Mina Park", email: "mina@example.com" });
    const ahead = await offerFor(id);
    const open = await offerFor(id);
    const held = await offerFor(id);
    const { booking } = await book(ahead.offer, at(17));
    // A consultation already past stays as it was: it took place.
    const past = { ...at(9), meeting: { start: NOW.getTime() - 2 * HOUR, end: NOW.getTime() - HOUR } };
    const { booking: before } = await book(held.offer, { ...past, held: past.meeting, day: { start: 0, end: NOW.getTime() } });
    await env.DB.exec("DELETE FROM admin_activity");

    const cancelled = await recordIntake(db, id, state, { now: NOW, note: "Represents the other side." });
    expect(cancelled).toEqual([{ id: booking!.id, sequence: 1 }]);
    const [row] = (await env.DB.prepare("SELECT * FROM bookings WHERE id = ?").bind(booking!.id).all()).results;
    expect(row).toMatchObject({ status: "cancelled", sequence: 1, cancelled_by: "attorney@example.com", cancel_reason: null });
    expect(await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(before!.id).first("status")).toBe("booked");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM booking_minutes WHERE booking_id = ?").bind(booking!.id).first("n")).toBe(0);
    const logged = await env.DB.prepare(
      "SELECT action, actor, detail FROM admin_activity WHERE submission_id = ? AND action <> 'intake' ORDER BY id",
    )
      .bind(id)
      .all<{ action: string; actor: string; detail: string }>();
    expect(logged.results).toEqual([
      {
        action: "consultation-cancelled",
        actor: "attorney@example.com",
        detail: expect.stringMatching(new RegExp(`^Video call, .+; ${why}$`)),
      },
      { action: "consultation-offer-withdrawn", actor: "attorney@example.com", detail: why },
    ]);
    // Its links now book and move nothing.
    expect(linkState((await offerAtLink(db, ahead.token))!, NOW)).toBe("cancelled");
    expect(linkState((await offerAtLink(db, open.token))!, NOW)).toBe("withdrawn");
    expect((await book(open.offer, at(18))).outcome).toBe("closed");
    expect((await rescheduleBooking(db, booking!, at(19), "Video call", NOW)).outcome).toBe("stale");
    // A second move of the inquiry cancels nothing again.
    if (state === "conflict") expect(await recordIntake(db, id, "closed", { now: NOW })).toEqual([]);
  });

  it.each(["conflict", "declining", "declined", "closed"] as const)(
    "is neither booked nor moved by its link while its inquiry is %s, the check made in the batch that writes",
    async (state) => {
      const id = await storeSubmission(NOW);
      const used = await offerFor(id);
      const open = await offerFor(id);
      const { booking } = await book(used.offer, at(17));
      // The state alone, as if nothing had been cancelled or withdrawn yet: the links' own writes refuse.
      await env.DB.prepare("UPDATE contact_submissions SET intake_state = ?2 WHERE id = ?1").bind(id, state).run();
      expect(linkState((await offerAtLink(db, used.token))!, NOW)).toBe("withdrawn");
      expect(linkState((await offerAtLink(db, open.token))!, NOW)).toBe("withdrawn");
      expect((await book(open.offer, at(18))).outcome).toBe("closed");
      expect((await rescheduleBooking(db, booking!, at(19), "Video call", NOW)).outcome).toBe("closed");
      expect(await env.DB.prepare("SELECT start_at FROM bookings WHERE id = ?").bind(booking!.id).first("start_at")).toBe(
        at(17).meeting.start,
      );
    },
  );

  it("is not moved by its link once its offer is withdrawn", async () => {
    const id = await storeSubmission(NOW);
    const { offer } = await offerFor(id);
    const { booking } = await book(offer, at(17));
    await env.DB.prepare("UPDATE booking_offers SET withdrawn_at = ?2 WHERE id = ?1").bind(offer.id, NOW.getTime()).run();
    expect((await rescheduleBooking(db, booking!, at(19), "Video call", NOW)).outcome).toBe("closed");
  });

  it("goes with its inquiry when a privacy request deletes it", async () => {
    const id = await storeSubmission(NOW);
    await book((await offerFor(id)).offer, at(17));
    await env.DB.prepare("DELETE FROM contact_submissions WHERE id = ?").bind(id).run();
    for (const table of ["booking_offers", "bookings", "booking_minutes"]) expect(await count(table), table).toBe(0);
  });
});
