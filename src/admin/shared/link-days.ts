import { PRACTICE_ZONE, addDays, dayBounds, dayOf } from "../../booking/zone.ts";

/*
 * The days a private link sent to a client names (a consultation offer's, an engagement letter's), in the
 * practice's zone (Seattle), through src/booking/zone.ts (the Temporal polyfill: never an offset written by
 * hand).
 */

/** The instant a day of the practice begins (midnight, or the first minute that exists). */
export const startOfDay = (day: string): number => dayBounds(day, PRACTICE_ZONE).start;

/** Today in the practice's zone. */
export const seattleToday = (now: Date): string => dayOf(now.getTime(), PRACTICE_ZONE);

let longDays: Intl.DateTimeFormat | undefined;

/** A day written YYYY-MM-DD, written long: "December 12, 2026". */
export const longDay = (day: string): string =>
  (longDays ??= new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" })).format(new Date(`${day}T12:00:00Z`));

/**
 * Until when a link offered now works: to the end of the Seattle day `validDays` from today, the day the
 * letter names ("it works until December 12, 2026"), so it never stops in the middle of the day it names.
 */
export function offerExpiry(now: Date, validDays: number): { readonly expiresAt: Date; readonly lastDay: string } {
  const lastDay = addDays(seattleToday(now), validDays);
  return { expiresAt: new Date(startOfDay(addDays(lastDay, 1))), lastDay };
}

/** The Seattle day a link last works on (its expiry is the end of that day). */
export const lastDayOf = (expiresAt: Date): string => seattleToday(new Date(expiresAt.getTime() - 1));
