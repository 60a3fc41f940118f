import { letters, site } from "../content/index.ts";

/*
 * The attorney's own mail program writes to visitors: a mailto: link opens a message there, addressed and
 * filled in, to read and send from the practice's mailbox (the Worker's send_email binding reaches only the
 * practice's own verified addresses).
 */

/** The subject the attorney's reply starts with. */
export const replySubject = `Your inquiry to ${site.practiceName}`;

/** A mailto: link to an address, each part percent-encoded (a local part may hold ?, # or %), with its fields. */
function mailtoHref(email: string, fields: Readonly<Record<string, string>>): string {
  const at = email.lastIndexOf("@");
  const address = `${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
  const query = Object.entries(fields)
    .map(([name, value]) => `${name}=${encodeURIComponent(value.replace(/\r?\n/g, "\r\n"))}`)
    .join("&");
  return `mailto:${address}?${query}`;
}

/** A reply to the visitor. */
export const replyHref = (email: string): string => mailtoHref(email, { subject: replySubject });

let longDate: Intl.DateTimeFormat | undefined;

/** "November 25, 2026", the day in Seattle: made on first use (a time zone's data costs an isolate at start-up). */
const seattleLongDate = (date: Date) =>
  (longDate ??= new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Los_Angeles" })).format(date);

/**
 * The non-engagement letter (content/letters/non-engagement.md) to one visitor: their name and today's date
 * filled in, in a message to their address.
 */
export function declineLetterHref(visitor: { readonly name: string; readonly email: string }, now: Date): string {
  const { subject, body } = letters.nonEngagement;
  const fill = (text: string) => text.replaceAll("{{visitorName}}", visitor.name).replaceAll("{{date}}", seattleLongDate(now));
  return mailtoHref(visitor.email, { subject: fill(subject), body: fill(body) });
}
