import type { IsoDate } from "./collections.ts";

/*
 * How the site writes dates: "November 4, 2025" on articles and notices, "November 2025" on cards and news.
 * Content dates are calendar days, so they are read and shown in UTC (no shift by the reader's time zone).
 * The formatters are made on first use, not when the Worker starts.
 */
let long: Intl.DateTimeFormat | undefined;
let monthYear: Intl.DateTimeFormat | undefined;

const day = (iso: IsoDate) => new Date(`${iso}T00:00:00Z`);

/** "November 4, 2025". */
export const longDate = (iso: IsoDate) => (long ??= new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" })).format(day(iso));

/** "November 2025". */
export const monthAndYear = (iso: IsoDate) =>
  (monthYear ??= new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" })).format(day(iso));
