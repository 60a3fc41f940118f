import { letters, site } from "../../content/index.ts";
import { letterTokens } from "../../content/facts.ts";
import { unwrapParagraphs } from "../../content/paragraphs.ts";

/*
 * The attorney's own mail program writes to visitors: a mailto: link opens a message there, addressed and
 * filled in, to read and send from the practice's mailbox (the Worker's send_email binding reaches only the
 * practice's own verified addresses). The decline letter is also offered as text to copy or download. The
 * consultation offer's letter is the one the practice may also send itself (CLIENT_EMAIL), when set up.
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

type LetterValues = Readonly<Partial<Record<(typeof letterTokens)[number], string>>>;

/**
 * Fills a letter's own tokens with their values, taken literally: a value is never read as a replacement
 * pattern (`$&`, `$'`, `` $` `` or `$1` in a name stay as typed). A token the letter has no value for stays
 * as written (the content check names where each belongs).
 */
export function fillLetter(text: string, values: LetterValues): string {
  const token = new RegExp(`\\{\\{(${letterTokens.join("|")})\\}\\}`, "g");
  return text.replace(token, (whole, name: keyof LetterValues) => values[name] ?? whole);
}

export type Letter = { readonly subject: string; readonly body: string };

/** The non-engagement letter (content/letters/non-engagement.md) to one visitor, dated the day it is prepared. */
export function declineLetter(visitor: { readonly name: string }, preparedOn: Date): Letter {
  const values = { visitorName: visitor.name, date: seattleLongDate(preparedOn) };
  const { subject, body } = letters.nonEngagement;
  return { subject: fillLetter(subject, values), body: fillLetter(unwrapParagraphs(body).trim(), values) };
}

/**
 * The letter a decline keeps: the attorney's words as she recorded them; for a decline recorded before they
 * were kept, the template filled in for the day of the decline.
 */
export function keptDeclineLetter(decline: { readonly name: string; readonly declineLetter: string | null }, declinedAt: Date): Letter {
  const template = declineLetter(decline, declinedAt);
  return { subject: template.subject, body: decline.declineLetter ?? template.body };
}

/** A letter (the decline, the offer) in a message to the visitor's address, in the attorney's own mail program. */
export const letterHref = (email: string, letter: Letter): string => mailtoHref(email, letter);

/**
 * The letter that offers a consultation (content/letters/consultation-offer.md) to one visitor, dated the
 * day it is prepared: their private booking link, and the last day it books, written long ("December 12, 2026").
 */
export function offerLetter(
  visitor: { readonly name: string },
  link: { readonly url: string; readonly expires: string },
  preparedOn: Date,
): Letter {
  const values = { visitorName: visitor.name, date: seattleLongDate(preparedOn), bookingLink: link.url, linkExpires: link.expires };
  const { subject, body } = letters.consultationOffer;
  return { subject: fillLetter(subject, values), body: fillLetter(unwrapParagraphs(body).trim(), values) };
}
