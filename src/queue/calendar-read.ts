import { eq } from "drizzle-orm";
import { busyTimes } from "../booking/busy-calendar.ts";
import { consultations } from "../content/index.ts";
import { replaceCalendarBusy } from "../db/bookings.ts";
import { database } from "../db/client.ts";
import { calendarReads } from "../db/schema.ts";
import type { Env } from "../env.ts";

/*
 * The attorney's own calendar, read by the cron: the private iCal address her calendar app publishes (the
 * ATTORNEY_CALENDAR_URL secret), its busy times over the span clients may book replacing the last reading
 * in busy_times, at most once an hour. A read that fails keeps the last good busy times and says why in
 * calendar_reads (never the address, which is a secret).
 */

/** A good reading is fresh this long; the cron reads again after. A failed one is tried again on the next run. */
const READ_EVERY_MS = 3_600_000;
/** How long the calendar's server may take to answer in full. */
const TIMEOUT_MS = 15_000;
/** The largest calendar read: years of a busy attorney's events are far below it. */
const MAX_BYTES = 2 * 1024 * 1024;
const DAY_MS = 86_400_000;

/** calendar_reads keeps one row. */
const ROW = 1;

/** A failure to record, in words safe to keep and show: never the address, nor what the calendar holds. */
class ReadFailure extends Error {}

/** What a run did: nothing to read, a reading still fresh, a new reading, or a failure recorded. */
export type CalendarReadOutcome = "off" | "fresh" | "read" | "failed";

/** The address to fetch: https, or webcal (as calendar apps write a subscription), which is https underneath. */
function addressOf(secret: string): URL {
  let url: URL;
  try {
    url = new URL(secret.replace(/^webcals?:\/\//i, "https://"));
  } catch {
    throw new ReadFailure("ATTORNEY_CALENDAR_URL is not an address");
  }
  if (url.protocol !== "https:") throw new ReadFailure("ATTORNEY_CALENDAR_URL must be an https (or webcal) address");
  return url;
}

/** The calendar's text, read within the time and size limits. */
async function fetchCalendar(url: URL): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "text/calendar" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    throw new ReadFailure(
      name === "TimeoutError" || name === "AbortError"
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : `the calendar's server could not be reached (${name || "error"})`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ReadFailure(
      `the calendar's server answered ${response.status}${response.status === 404 ? " (the address may have been reset in the calendar app)" : ""}`,
    );
  }
  if (Number(response.headers.get("content-length")) > MAX_BYTES) {
    await response.body?.cancel();
    throw new ReadFailure(`the calendar is larger than ${MAX_BYTES / 1024 / 1024} MB`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
      size += part.value.byteLength;
      if (size > MAX_BYTES) {
        await reader!.cancel();
        throw new ReadFailure(`the calendar is larger than ${MAX_BYTES / 1024 / 1024} MB`);
      }
      chunks.push(part.value);
    }
  } catch (error) {
    if (error instanceof ReadFailure) throw error;
    throw new ReadFailure(`the calendar's answer broke off (${error instanceof Error ? error.name : "error"})`);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Part of the cron's every-ten-minutes run: when ATTORNEY_CALENDAR_URL is set and the last good reading is an
 * hour old, reads the calendar, replaces its busy times from now to the booking horizon, and records the read
 * (its time and how many busy times) in calendar_reads; on failure records when and why, keeping the last good
 * busy times. With the secret removed, its busy times are removed too. Never throws: a calendar that cannot be
 * read must not stop the cron's other work.
 */
export async function readAttorneyCalendar(env: Env, now: Date): Promise<CalendarReadOutcome> {
  const db = database(env.DB);
  const secret = env.ATTORNEY_CALENDAR_URL?.trim();
  const [last] = await db.select().from(calendarReads).where(eq(calendarReads.id, ROW));
  if (!secret) {
    if (last) {
      await replaceCalendarBusy(db, []);
      await db.delete(calendarReads).where(eq(calendarReads.id, ROW));
    }
    return "off";
  }
  if (last?.readAt && now.getTime() - last.readAt.getTime() < READ_EVERY_MS) return "fresh";
  try {
    const text = await fetchCalendar(addressOf(secret));
    const span = { from: now.getTime(), to: now.getTime() + consultations.daysAhead * DAY_MS };
    let spans: ReturnType<typeof busyTimes>;
    try {
      spans = busyTimes(text, span, consultations.timeZone);
    } catch (error) {
      throw new ReadFailure(
        `the address did not answer with a calendar that could be read (${error instanceof Error ? error.name : "error"})`,
      );
    }
    await replaceCalendarBusy(db, spans);
    const read = { readAt: now, busyTimes: spans.length, failedAt: null, failure: null };
    await db
      .insert(calendarReads)
      .values({ id: ROW, ...read })
      .onConflictDoUpdate({ target: calendarReads.id, set: read });
    return "read";
  } catch (error) {
    const failure = error instanceof ReadFailure ? error.message : "the reading could not be stored";
    console.error(`The attorney's calendar was not read: ${failure}; its last good busy times stand`);
    await db
      .insert(calendarReads)
      .values({ id: ROW, failedAt: now, failure })
      .onConflictDoUpdate({ target: calendarReads.id, set: { failedAt: now, failure } })
      .catch(() => {
        // D1 itself failing: the next run tries again.
      });
    return "failed";
  }
}
