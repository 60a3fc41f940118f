import { PRACTICE_ZONE, addDays, wallTime } from "../../booking/zone.ts";
import { isDay } from "../../db/days.ts";
import { seattleToday, startOfDay } from "../shared/link-days.ts";

/*
 * Consultations' times as the inbox reads and writes them: in the practice's zone (Seattle), through
 * src/booking/zone.ts (the Temporal polyfill: never an offset written by hand), the same day math the free
 * times are computed with, so a day off or a busy time typed on a day the clocks change covers the hours the
 * attorney meant. The days a link names are shared/link-days.ts.
 */

const DAY_MS = 86_400_000;

/** Today, the rest of the week (the six days after today) and later, as the consultations page groups them. */
export function weekBounds(now: Date): {
  readonly today: string;
  readonly tomorrowStarts: number;
  readonly weekEnds: number;
  readonly todayStarts: number;
} {
  const today = seattleToday(now);
  return {
    today,
    todayStarts: startOfDay(today),
    tomorrowStarts: startOfDay(addDays(today, 1)),
    weekEnds: startOfDay(addDays(today, 7)),
  };
}

/** A busy time as the inbox's form gives it: one day's hours, or whole days. */
export interface BusyForm {
  readonly day?: string;
  /** The last day of whole days off (the first day when not given). */
  readonly through?: string;
  readonly from?: string;
  readonly to?: string;
  readonly wholeDay: boolean;
}

/** Why a busy time's form was refused. */
export type BusyRefusal = "day" | "times" | "order" | "past" | "long";

/** Whole days off at most in one busy time: a year. */
const MAX_DAYS = 366;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The span a busy time's form means, in epoch ms: whole Seattle days (midnight to midnight, however long the
 * clocks make them), or a day's hours in Seattle time (a time the clocks skip is read as the one after it).
 */
export function busySpan(form: BusyForm, now: Date): { readonly start: number; readonly end: number } | { readonly refused: BusyRefusal } {
  const day = form.day;
  if (!isDay(day)) return { refused: "day" };
  let start: number;
  let end: number;
  if (form.wholeDay) {
    const through = form.through ? form.through : day;
    if (!isDay(through)) return { refused: "day" };
    if (through < day) return { refused: "order" };
    start = startOfDay(day);
    end = startOfDay(addDays(through, 1));
    if (end - start > MAX_DAYS * DAY_MS + 2 * 3_600_000) return { refused: "long" };
  } else {
    const from = TIME.exec(form.from ?? "");
    const to = TIME.exec(form.to ?? "");
    if (!from || !to) return { refused: "times" };
    const at = (time: RegExpExecArray) => wallTime(day, Number(time[1]) * 60 + Number(time[2]), PRACTICE_ZONE).instant;
    start = at(from);
    end = at(to);
    if (end <= start) return { refused: "order" };
  }
  if (end <= now.getTime()) return { refused: "past" };
  return { start, end };
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time as its reader in `zone` reads it, with the zone's short name: "Dec 3, 2026, 1:00 PM EST". Undefined
 * for a zone the runtime does not know.
 */
export function timeInZone(date: Date, zone: string): string | undefined {
  try {
    let format = zoneFormats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-US", {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone: zone,
        timeZoneName: "short",
      });
      zoneFormats.set(zone, format);
    }
    return format.format(date);
  } catch {
    return undefined;
  }
}

/** Whether a zone tells the same time as Seattle's at `date` (then the client's time needs no line of its own). */
export const sameAsSeattle = (date: Date, zone: string): boolean =>
  zone === PRACTICE_ZONE || timeInZone(date, zone)?.replace(/ \S+$/, "") === timeInZone(date, PRACTICE_ZONE)?.replace(/ \S+$/, "");

let dayFormat: Intl.DateTimeFormat | undefined;
let hourFormat: Intl.DateTimeFormat | undefined;

/**
 * A busy time as the inbox lists it, in Seattle time: whole days ("Dec 24, 2026 to Dec 26, 2026, whole days")
 * or a day's hours ("Dec 3, 2026, 9:00 AM to 12:00 PM").
 */
export function busyLabel(start: Date, end: Date): string {
  dayFormat ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: PRACTICE_ZONE });
  hourFormat ??= new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: PRACTICE_ZONE });
  const first = seattleToday(start);
  const last = seattleToday(new Date(end.getTime() - 1));
  if (startOfDay(first) === start.getTime() && startOfDay(addDays(last, 1)) === end.getTime())
    return first === last
      ? `${dayFormat.format(start)}, the whole day`
      : `${dayFormat.format(start)} to ${dayFormat.format(end.getTime() - 1)}, whole days`;
  if (first === last) return `${dayFormat.format(start)}, ${hourFormat.format(start)} to ${hourFormat.format(end)}`;
  return `${dayFormat.format(start)}, ${hourFormat.format(start)} to ${dayFormat.format(end)}, ${hourFormat.format(end)}`;
}
