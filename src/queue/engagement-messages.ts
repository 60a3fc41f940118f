// The browser build: CRLF line endings as RFC 5322 wants, and no MIME-type database in the Worker.
import { type MIMEMessage, createMimeMessage } from "mimetext/browser";
import { PRACTICE_ZONE, formatTime } from "../booking/zone.ts";
import { site } from "../content/index.ts";
import type { Registered } from "../db/engagement-delivery.ts";
import type { EngagementLetter } from "../db/schema.ts";
import { base64Body, safeAddress, setMailbox, setSubject } from "./mail-parts.ts";
import { oneLine } from "./one-line.ts";

/*
 * The signed copy's two e-mails, each with the signed PDF attached: to the client, from the practice, plain
 * and short; and the notice to the attorney, saying who signed what and when, what the conflict register got,
 * and whether the client has their copy by e-mail. Never the link, which is the client's alone.
 */

/** Bytes as base64 lines of 76 characters. */
function base64Bytes(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary).replace(/.{76}(?=.)/g, "$&\r\n");
}

/** A signed letter, with what the mails say of it. */
type Signed = Pick<
  EngagementLetter,
  "id" | "submissionId" | "version" | "title" | "clientName" | "clientEmail" | "signedAt" | "signedName"
>;

/** The attached PDF's file name: the practice's and the client's names left out, so it says nothing on its own. */
const fileName = (letter: Signed) => `engagement-letter-v${letter.version}.pdf`;

function withPdf(message: MIMEMessage, text: string, letter: Signed, pdf: Uint8Array): string {
  message.addMessage({ contentType: "text/plain", encoding: "base64", data: base64Body(text) });
  message.addAttachment({ filename: fileName(letter), contentType: "application/pdf", encoding: "base64", data: base64Bytes(pdf) });
  message.setHeader("X-Engagement-Letter-Id", letter.id);
  return message.asRaw();
}

/** The client's copy: from CLIENT_MAIL_FROM, Reply-To the practice. */
export function signedCopyForClient(letter: Signed, pdf: Uint8Array, from: string): string {
  const name = oneLine(letter.clientName);
  const when = formatTime(letter.signedAt!.getTime(), PRACTICE_ZONE);
  const message = createMimeMessage();
  setMailbox(message, "From", site.practiceName, from);
  message.setRecipient(letter.clientEmail);
  setMailbox(message, "Reply-To", site.practiceName, site.email);
  setSubject(message, oneLine(`Your signed engagement letter with ${site.practiceName}`, 300));
  const text = [
    `Dear ${name},`,
    "",
    `Thank you for signing ${oneLine(letter.title)} (version ${letter.version}) on ${when}.`,
    "",
    "Your signed letter is attached as a PDF. Its last page is the record of your signing: each step, when it was taken, and the fingerprint (SHA-256) of the letter's words. Please keep it with your papers.",
    "",
    "If you would like a paper copy, or have any question about the letter, simply reply to this message.",
    "",
    "We look forward to working with you.",
    "",
    site.practiceName,
    site.email,
  ].join("\n");
  return withPdf(message, text, letter, pdf);
}

/** What the notice says of the client's copy: on its way, or to send by hand, and why. */
export type ClientCopy = "mailed" | "not-mailing-clients" | "address-unwritable";

/** The attorney's notice: who signed what, when, what the conflict register got, and the client's copy; Reply-To the client. */
export function signedNotice(
  letter: Signed,
  pdf: Uint8Array,
  route: { readonly from: string; readonly to: string; readonly origin: string },
  facts: { readonly registered: Registered; readonly clientCopy: ClientCopy; readonly sha256: string },
): string {
  const name = oneLine(letter.clientName);
  const when = formatTime(letter.signedAt!.getTime(), PRACTICE_ZONE);
  const message = createMimeMessage();
  setMailbox(message, "From", `${site.practiceName} website`, route.from);
  message.setRecipient(route.to);
  // Answering the notice writes to the client, as answering a notification writes to the visitor.
  if (safeAddress(letter.clientEmail)) setMailbox(message, "Reply-To", name, letter.clientEmail);
  setSubject(message, oneLine(`Engagement letter signed: ${name}, version ${letter.version}`, 300));
  const register = {
    added: "The client, the matter and its parties are added to the conflict register.",
    known: "The inquiry's client was on the conflict register already: nothing added.",
    "no-matter": "The letter named no matter: add it to the conflict register by hand.",
    "not-engaged": "The inquiry is not engaged, so nothing was added to the conflict register: look at it first.",
    "no-inquiry": "The inquiry was deleted: nothing was added to the conflict register.",
  }[facts.registered];
  const copy = {
    mailed: `A copy goes to ${name} by e-mail.`,
    "not-mailing-clients": `The website does not send mail to clients: send ${name} the attached copy.`,
    "address-unwritable": `${name}'s address cannot be written in an e-mail header: send them the attached copy yourself.`,
  }[facts.clientCopy];
  const text = [
    `${name} signed ${oneLine(letter.title)}, version ${letter.version}, on ${when}, typing the name "${oneLine(letter.signedName ?? "")}".`,
    "",
    `The signed letter is attached, with the record of its signing (SHA-256 ${facts.sha256}).`,
    register,
    copy,
    ...(letter.submissionId ? ["", `The inquiry: ${route.origin}/admin/submissions/${letter.submissionId}`] : []),
    `Reference: ${letter.id}`,
  ].join("\n");
  return withPdf(message, text, letter, pdf);
}
