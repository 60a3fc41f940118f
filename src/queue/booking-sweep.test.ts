import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bookWithOffer, createOffer } from "../db/bookings.ts";
import { database } from "../db/client.ts";
import type { Env } from "../env.ts";
import { clearSubmissions, storeSubmission } from "../test/submissions.ts";
import { requeueUnconfirmedBookings } from "./booking-sweep.ts";

const db = database(env.DB);
const MINUTE = 60_000;

/** A booking stored `minutesAgo`, its confirmation mailed up to `mailed` (or never). */
async function booked(minutesAgo: number, now: Date, mailed: number | null = null) {
  const at = new Date(now.getTime() - minutesAgo * MINUTE);
  const submissionId = await storeSubmission(at);
  const { offer } = await createOffer(
    db,
    { submissionId, kinds: ["video"], kindNames: "Video call", expiresAt: new Date(now.getTime() + 86_400_000) },
    { by: "attorney@example.com", now: at },
  );
  const start = now.getTime() + 86_400_000 + Math.round(Math.random() * 1e6) * 60 * MINUTE;
  const meeting = { start, end: start + 30 * MINUTE };
  const { booking } = await bookWithOffer(
    db,
    offer,
    { kind: "video", meeting, held: meeting, day: { start, end: start + 1 }, perDay: 9 },
    { clientZone: "UTC", detail: "" },
    at,
  );
  await env.DB.prepare("UPDATE bookings SET mailed_sequence = ? WHERE id = ?").bind(mailed, booking!.id).run();
  return booking!.id;
}

beforeEach(async () => {
  await clearSubmissions();
  vi.spyOn(console, "log").mockImplementation(() => {});
});

describe("the sweep of booking confirmations", () => {
  it("queues again a change whose confirmation was never claimed, once a few minutes old and within a day", async () => {
    const now = new Date();
    const lost = await booked(5, now);
    await booked(0.5, now);
    await booked(5, now, 0);
    await booked(26 * 60, now);
    const sent: unknown[] = [];
    const queue = { sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body)) };
    expect(await requeueUnconfirmedBookings({ ...env, CONTACT_QUEUE: queue as unknown as Env["CONTACT_QUEUE"] }, now)).toBe(1);
    expect(sent).toEqual([{ kind: "booking-mail", bookingId: lost, sequence: 0 }]);
  });
});
