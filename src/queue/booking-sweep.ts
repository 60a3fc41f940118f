import { unconfirmedBookings } from "../db/bookings.ts";
import { database } from "../db/client.ts";
import type { Env } from "../env.ts";
import { queueAll } from "./queue-all.ts";

/** A change's confirmation unclaimed this long after it was stored has lost its queue message. */
const LOST_AFTER_MS = 2 * 60_000;
/** Changes older than this are not sent again: a confirmation a day late would mislead more than it helps. */
const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/**
 * Part of the cron's sweep: puts back on the queue the confirmation of every booking change whose message was
 * lost (a booking is stored before its message is sent, so a crash between the two leaves only this). The
 * consumer claims each change's mail once, so a message that was only slow is not sent twice. Returns how many.
 */
export async function requeueUnconfirmedBookings(env: Env, now: Date): Promise<number> {
  const since = new Date(now.getTime() - GIVE_UP_AFTER_MS);
  const rows = await unconfirmedBookings(database(env.DB), since, new Date(now.getTime() - LOST_AFTER_MS));
  const messages = rows.map((row) => ({ kind: "booking-mail" as const, bookingId: row.id, sequence: row.sequence }));
  return queueAll(env, messages, (count) => `Sweep queued ${count} booking confirmation(s) again`);
}
