/** Times in the inbox are the practice's own: Seattle time, as in the notification e-mails. */
const seattle = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Los_Angeles" });

export const seattleTime = (date: Date): string => seattle.format(date);

/** A <time> element's machine-readable value. */
export const isoTime = (date: Date): string => date.toISOString();
