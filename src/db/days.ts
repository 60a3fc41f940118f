/**
 * Days as the practice counts them: in Seattle, written YYYY-MM-DD (a follow-up's date, a letter's sent
 * day, the digest's week), so they compare as text in SQL and in code alike.
 */

let seattleDays: Intl.DateTimeFormat | undefined;

/** The day `date` falls on in Seattle. Made on first use: a time zone's data costs an isolate at start-up. */
export const seattleDay = (date: Date): string =>
  (seattleDays ??= new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" })).format(date);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar day written YYYY-MM-DD (as an <input type="date"> posts it). */
export function isDay(text: string | undefined): text is string {
  const match = DAY.exec(text ?? "");
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The day `days` after `day` (YYYY-MM-DD). */
export function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
