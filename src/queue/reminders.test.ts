import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { consultations } from "../content/index.ts";
import { type SlotClaim, bookWithOffer, cancelBooking, createOffer, rescheduleBooking } from "../db/bookings.ts";
import { database } from "../db/client.ts";
import { type Booking, bookings } from "../db/schema.ts";
import type { Env, QueueMessage } from "../env.ts";
import { clearSubmissions, storeSubmission } from "../test/submissions.ts";
import { REMINDER_CLAIM_MS, queueDueReminders } from "./reminders.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const db = database(env.DB);
const KIND = consultations.kinds[0]!;

/** The cron's time: a Monday morning in 2027, far from any other test's bookings. */
const NOW = new Date(Date.UTC(2027, 4, 10, 16));

function claimAt(start: number): SlotClaim {
  const meeting = { start, end: start + KIND.minutes * MINUTE };
  return { kind: KIND.id, meeting, held: meeting, day: { start: start - 12 * HOUR, end: start + 12 * HOUR }, perDay: 20 };
}

/** A booking `hours` after NOW. */
async function bookIn(hours: number): Promise<Booking> {
  const submissionId = await storeSubmission();
  const actor = { by: "attorney@meridian-creative-law.example", now: new Date() };
  const { offer } = await createOffer(
    db,
    { submissionId, kinds: [KIND.id], kindNames: KIND.name, expiresAt: new Date(Date.now() + 14 * 86_400_000) },
    actor,
  );
  const { booking } = await bookWithOffer(
    db,
    offer,
    claimAt(NOW.getTime() + hours * HOUR),
    { clientZone: "Europe/Paris", detail: "" },
    new Date(),
  );
  return booking!;
}

function recordingQueue() {
  const sent: QueueMessage[] = [];
  const queue = { sendBatch: vi.fn(async (messages: { body: QueueMessage }[]) => void sent.push(...messages.map((m) => m.body))) };
  return { queue: queue as unknown as Env["CONTACT_QUEUE"], sent };
}

const set = (id: string, fields: Partial<Booking>) => db.update(bookings).set(fields).where(eq(bookings.id, id));

beforeEach(async () => {
  await clearSubmissions();
  vi.spyOn(console, "log").mockImplementation(() => {});
});

describe("the reminders' cron step", () => {
  it("queues one reminder for each booked consultation due within the hours before, not yet reminded of its time", async () => {
    const hours = consultations.reminderHoursBefore;
    const due = await bookIn(hours - 2);
    const soon = await bookIn(1);
    const notYet = await bookIn(hours + 2);
    const cancelled = await bookIn(3);
    await cancelBooking(db, cancelled, "the booking link", new Date());
    const reminded = await bookIn(4);
    await set(reminded.id, { remindedFor: reminded.startAt });
    const claimedNow = await bookIn(5);
    await set(claimedNow.id, { reminderFor: claimedNow.startAt, reminderClaimedAt: new Date(NOW.getTime() - MINUTE) });
    const claimLost = await bookIn(6);
    await set(claimLost.id, { reminderFor: claimLost.startAt, reminderClaimedAt: new Date(NOW.getTime() - REMINDER_CLAIM_MS - MINUTE) });
    const remindedThenMoved = await bookIn(30);
    await set(remindedThenMoved.id, { remindedFor: remindedThenMoved.startAt });
    const moved = (await rescheduleBooking(db, remindedThenMoved, claimAt(NOW.getTime() + 7 * HOUR), "moved", new Date())).booking!;
    const past = await bookIn(-1);

    const { queue, sent } = recordingQueue();
    expect(await queueDueReminders({ ...env, CLIENT_MAIL_FROM: "office@meridian-creative-law.example", CONTACT_QUEUE: queue }, NOW)).toBe(
      4,
    );
    expect(sent).toEqual(
      [soon, claimLost, moved, due].map((booking) => ({
        kind: "booking-reminder",
        bookingId: booking.id,
        startAt: booking.startAt.getTime(),
      })),
    );
    for (const left of [notYet, cancelled, reminded, claimedNow, past])
      expect(sent.some((message) => "bookingId" in message && message.bookingId === left.id)).toBe(false);
  });

  it("queues nothing while the practice does not mail clients", async () => {
    await bookIn(2);
    const { queue, sent } = recordingQueue();
    expect(await queueDueReminders({ ...env, CLIENT_MAIL_FROM: " ", CONTACT_QUEUE: queue }, NOW)).toBe(0);
    expect(sent).toEqual([]);
  });
});
