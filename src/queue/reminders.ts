import { and, asc, eq, gt, isNull, lt, lte, ne, or } from "drizzle-orm";
import { queueAll } from "./queue-all.ts";
import { consultations } from "../content/index.ts";
import { database } from "../db/client.ts";
import { bookings } from "../db/schema.ts";
import type { Env } from "../env.ts";

/** A reminder's claim older than this was never sent (the Worker stopped): another delivery may take it. */
export const REMINDER_CLAIM_MS = 10 * 60_000;

/** Reminders queued per run at most; the next run, ten minutes on, queues the rest. */
const PER_RUN = 100;

/**
 * Part of the cron's every-ten-minutes run: queues a reminder (src/queue/booking-mail.ts) for each booked
 * consultation starting within content/consultations.yaml's `reminderHoursBefore`, not yet reminded of its
 * time and not held by a fresh claim, soonest first, bounded (read by bookings_start_idx). Queuing one twice
 * (a run before the last one's message was delivered) sends it once: the consumer claims it for its start
 * time. Nothing when the practice does not mail clients. Returns how many were queued.
 */
export async function queueDueReminders(env: Env, now: Date): Promise<number> {
  if (env.CLIENT_MAIL_FROM.trim() === "") return 0;
  const due = await database(env.DB)
    .select({ id: bookings.id, startAt: bookings.startAt })
    .from(bookings)
    .where(
      and(
        gt(bookings.startAt, now),
        lte(bookings.startAt, new Date(now.getTime() + consultations.reminderHoursBefore * 3_600_000)),
        eq(bookings.status, "booked"),
        or(isNull(bookings.remindedFor), ne(bookings.remindedFor, bookings.startAt)),
        or(
          isNull(bookings.reminderFor),
          ne(bookings.reminderFor, bookings.startAt),
          lt(bookings.reminderClaimedAt, new Date(now.getTime() - REMINDER_CLAIM_MS)),
        ),
      ),
    )
    .orderBy(asc(bookings.startAt), asc(bookings.id))
    .limit(PER_RUN);
  const messages = due.map((row) => ({ kind: "booking-reminder" as const, bookingId: row.id, startAt: row.startAt.getTime() }));
  return queueAll(env, messages, (count) => `Queued ${count} consultation reminder(s)`);
}
