import { type SlotRefusal, freeSlots, nearestFree, refusalOf as slotRefusalOf } from "../../booking/slots.ts";
import type { BookingView, DayChoice, KindChoice, Refusal, Times, TimeChoice } from "../../booking/view.ts";
import { PRACTICE_ZONE, addDays, clockTime, dayBounds, dayOf, formatForReader, isTimeZone } from "../../booking/zone.ts";
import { consultations } from "../../content/index.ts";
import type { Database } from "../../db/client.ts";
import { type OfferAtLink, type SlotClaim, takenOver } from "../../db/bookings.ts";
import { isDay } from "../../db/days.ts";

/*
 * The booking page's times: the free times of the kind chosen, a week at a time, written in the reader's zone
 * with Seattle's beside; a chosen time checked and turned into the claim src/db/bookings.ts writes.
 */

const availability = consultations;
const DAY_MS = 86_400_000;

/** Days of times one page shows. */
const DAYS_SHOWN = 7;

/** Zones offered to choose from (the reader's own, when Cloudflare knows it, is added). */
const ZONES = [
  "America/Los_Angeles",
  "America/Denver",
  "America/Phoenix",
  "America/Chicago",
  "America/New_York",
  "America/Anchorage",
  "Pacific/Honolulu",
  "America/Halifax",
  "America/Mexico_City",
  "America/Sao_Paulo",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Athens",
  "Africa/Johannesburg",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Auckland",
];

/** A zone as a reader knows it: "Central Time (Chicago)", from its name and Intl's long generic name. */
function zoneLabel(zone: string): string {
  const city = zone.split("/").at(-1)!.replace(/_/g, " ");
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" })
    .formatToParts(0)
    .find((part) => part.type === "timeZoneName")?.value;
  return name && !name.startsWith("GMT") ? `${name} (${city})` : city;
}

/** What the reader chose, as the page's query or form says it. */
export interface ChosenTimes {
  readonly kind?: string;
  readonly zone?: string;
  /** The first day shown (YYYY-MM-DD, the practice's). */
  readonly from?: string;
  /** The reader's zone as Cloudflare locates them. */
  readonly visitorZone?: string;
}

/** The choice made whole: an offered kind, a zone that exists, a first day. */
interface Chosen {
  readonly kind: KindChoice;
  readonly kinds: readonly KindChoice[];
  readonly zone: string;
  readonly from?: string;
}

/** The kinds an offer includes that the practice still has. */
function offeredKinds(link: OfferAtLink): KindChoice[] {
  const ids = JSON.parse(link.offer.kinds) as string[];
  return availability.kinds
    .filter((kind) => ids.includes(kind.id))
    .map(({ id, name, minutes, where, description }) => ({ id, name, minutes, where, ...(description ? { description } : {}) }));
}

export function chosenTimes(link: OfferAtLink, choice: ChosenTimes): Chosen {
  const kinds = offeredKinds(link);
  const kind = kinds.find((each) => each.id === (choice.kind ?? link.booking?.kind)) ??
    kinds[0] ?? { id: "", name: "", minutes: 0, where: "" };
  const zone =
    [choice.zone, link.booking?.clientZone, choice.visitorZone].find((each) => each !== undefined && isTimeZone(each)) ?? PRACTICE_ZONE;
  const from = isDay(choice.from) ? choice.from : undefined;
  return { kind, kinds, zone, ...(from ? { from } : {}) };
}

/**
 * Whether the reader's choice names something the page cannot show: a kind the offer does not include, a zone
 * that does not exist, a first day that is not a real day. The page then shows what it can, as a 400.
 */
export function choiceUnreadable(link: OfferAtLink, choice: ChosenTimes): boolean {
  const { kind, zone, from } = choice;
  return (
    (kind !== undefined && !offeredKinds(link).some((each) => each.id === kind)) ||
    (zone !== undefined && !isTimeZone(zone)) ||
    (from !== undefined && !isDay(from))
  );
}

const dayLabel = (start: number, zone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "long", month: "long", day: "numeric" }).format(start);

/** A time as a choice in the reader's zone ("1:00 PM EDT"), with Seattle's beside it when that differs. */
function timeChoice(start: number, zone: string): TimeChoice {
  const label = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(
    start,
  );
  return zone === PRACTICE_ZONE ? { start, label } : { start, label, practiceLabel: clockTime(start, PRACTICE_ZONE) };
}

/** The free times of the chosen kind over the week shown, grouped by day in the reader's zone. */
export async function timesView(db: Database, link: OfferAtLink, chosen: Chosen, now: Date): Promise<Times> {
  const today = dayOf(now.getTime(), PRACTICE_ZONE);
  const first = chosen.from && chosen.from > today ? chosen.from : today;
  const span = { from: dayBounds(first, PRACTICE_ZONE).start, to: dayBounds(addDays(first, DAYS_SHOWN), PRACTICE_ZONE).start };
  const taken = await takenOver(db, { start: span.from, end: span.to }, link.booking?.id);
  // A booked consultation's own time is where it already is, not a time to move it to.
  const own = link.booking?.startAt.getTime();
  const starts = (chosen.kind.id ? freeSlots(availability, chosen.kind.id, taken, now.getTime(), span) : []).filter(
    (start) => start !== own,
  );
  const days: DayChoice[] = [];
  for (const start of starts) {
    const label = dayLabel(start, chosen.zone);
    const day = days.at(-1);
    if (day?.label === label) (day.times as TimeChoice[]).push(timeChoice(start, chosen.zone));
    else days.push({ label, times: [timeChoice(start, chosen.zone)] });
  }
  const horizon = dayBounds(addDays(today, availability.daysAhead + 1), PRACTICE_ZONE).start;
  const query = (from: string) => new URLSearchParams({ kind: chosen.kind.id, zone: chosen.zone, from }).toString();
  const earlier = first > today ? addDays(first, -DAYS_SHOWN) : undefined;
  return {
    kinds: chosen.kinds,
    kind: chosen.kind.id,
    zone: chosen.zone,
    zones: (ZONES.includes(chosen.zone) ? ZONES : [chosen.zone, ...ZONES]).map((zone) => ({ id: zone, label: zoneLabel(zone) })),
    zoneLabel: zoneLabel(chosen.zone),
    days,
    // Days as YYYY-MM-DD sort as they follow: the later of the two.
    ...(earlier ? { earlier: query([earlier, today].sort()[1]!) } : {}),
    ...(span.to < horizon ? { later: query(dayOf(span.to, PRACTICE_ZONE)) } : {}),
  };
}

/** The page of a booked consultation: its time in the reader's zone, and the times to move it to. */
export function bookedView(
  link: OfferAtLink,
  chosen: Chosen,
  times: Times,
  moved: boolean,
  invitationPath: string,
  refusal?: Refusal,
): BookingView {
  const booking = link.booking!;
  const kind = availability.kinds.find((each) => each.id === booking.kind);
  return {
    state: "booked",
    name: link.person.name,
    kindName: kind?.name ?? booking.kind,
    where: kind?.where ?? "",
    when: formatForReader(booking.startAt.getTime(), chosen.zone),
    moved,
    sequence: booking.sequence,
    invitationPath,
    times,
    ...(refusal ? { refusal } : {}),
  };
}

/** The words of a refusal of the slot math, as the page's refusals name them. */
const REFUSALS: Record<SlotRefusal, Refusal["reason"]> = {
  past: "past",
  "too-soon": "tooSoon",
  "too-far": "tooFar",
  "outside-hours": "outsideHours",
  busy: "taken",
  buffer: "taken",
  "day-full": "dayFull",
  "unknown-kind": "unknownKind",
};

/** A refusal, with the nearest free times when the time was taken or its day full. */
export async function refusalOf(
  db: Database,
  link: OfferAtLink,
  chosen: Chosen,
  reason: Refusal["reason"],
  start: number | undefined,
  now: Date,
): Promise<Refusal> {
  if (start === undefined || !["taken", "dayFull"].includes(reason) || !chosen.kind.id) return { reason, nearest: [] };
  const taken = await takenOver(db, { start: start - 14 * DAY_MS, end: start + 14 * DAY_MS }, link.booking?.id);
  const nearest = nearestFree(availability, chosen.kind.id, start, taken, now.getTime(), 3);
  return { reason, nearest: nearest.map((each) => timeChoice(each, chosen.zone)) };
}

/** A chosen time checked against the practice's rules and what is taken, as the claim to write; or why not. */
export function claimOf(
  chosen: Chosen,
  postedKind: string | undefined,
  startField: unknown,
  now: Date,
): { claim: SlotClaim; zone: string; detail: string } | { reason: Refusal["reason"]; start?: number } {
  const start = typeof startField === "string" && /^\d{1,15}$/.test(startField) ? Number(startField) : undefined;
  if (start === undefined) return { reason: "notChosen" };
  // The kind posted must be one the offer includes: the page never falls back to another for a booking.
  if (!chosen.kind.id || chosen.kind.id !== postedKind) return { reason: "unknownKind", start };
  const rule = ruleRefusal(chosen, start, now);
  if (rule) return { reason: rule, start };
  const before = availability.bufferBeforeMinutes * 60_000;
  const after = availability.bufferAfterMinutes * 60_000;
  const meeting = { start, end: start + chosen.kind.minutes * 60_000 };
  const claim: SlotClaim = {
    kind: chosen.kind.id,
    meeting,
    held: { start: meeting.start - before, end: meeting.end + after },
    day: dayBounds(dayOf(start, PRACTICE_ZONE), PRACTICE_ZONE),
    perDay: availability.perDay,
  };
  return { claim, zone: chosen.zone, detail: `${chosen.kind.name}, ${formatForReader(start, PRACTICE_ZONE)}` };
}

/** The slot math's own rules for a time (hours, notice, horizon), before anything is read or written. */
function ruleRefusal(chosen: Chosen, start: number, now: Date): Refusal["reason"] | undefined {
  const refusal = slotRefusalOf(availability, chosen.kind.id, start, { busy: [], bookings: [] }, now.getTime());
  return refusal && REFUSALS[refusal];
}
