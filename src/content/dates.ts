import type { IsoDate } from "./collections.ts";

/*
 * How the site writes dates: "November 4, 2025" on articles and notices, "November 2025" on cards and news.
 * Content dates are calendar days (YYYY-MM-DD, checked at build), so they are written out from their digits,
 * with no time zone to shift them. Not Intl.DateTimeFormat: an isolate's first formatter loads ICU's locale
 * data, about 14 ms of CPU that the first page with a date would wait for.
 */
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const calendarDay = (iso: IsoDate) => {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return { year, month: MONTHS[month - 1]!, day };
};

/** "November 4, 2025". */
export const longDate = (iso: IsoDate) => {
  const { year, month, day } = calendarDay(iso);
  return `${month} ${day}, ${year}`;
};

/** "November 2025". */
export const monthAndYear = (iso: IsoDate) => {
  const { year, month } = calendarDay(iso);
  return `${month} ${year}`;
};
