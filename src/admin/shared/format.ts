/** Times in the inbox are the practice's own: Seattle time, as in the notification e-mails. */
let seattle: Intl.DateTimeFormat | undefined;

/**
 * A time as the inbox shows it. The formatter is made on first use: building one with a time zone loads
 * the zone's data, about ten milliseconds that every new isolate would otherwise pay at start-up.
 */
export const seattleTime = (date: Date): string =>
  (seattle ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Los_Angeles" })).format(date);

/** A <time> element's machine-readable value. */
export const isoTime = (date: Date): string => date.toISOString();

let days: Intl.DateTimeFormat | undefined;

/** A day written YYYY-MM-DD (a follow-up, a letter's sent day) as the inbox shows it: "Dec 3, 2026". */
export const dayLabel = (day: string): string =>
  (days ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" })).format(new Date(`${day}T12:00:00Z`));
