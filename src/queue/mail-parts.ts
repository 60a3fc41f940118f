// The browser build: CRLF line endings as RFC 5322 wants, and no MIME-type database in the Worker.
import { type MIMEMessage, Mailbox, createMimeMessage } from "mimetext/browser";
import { site } from "../content/index.ts";
import { foldedHeaderValue } from "./folded-header.ts";

/*
 * What every e-mail the site sends the practice is made of (the notification of an inquiry, the weekly
 * digest): sender and recipient from configuration, headers folded, bodies base64-encoded.
 */

/** Sender and recipient come from configuration only, never from the request. */
export interface MailRoute {
  readonly from: string;
  readonly to: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/**
 * An address safe to write inside a header's angle brackets: one local part and one domain, nothing that
 * could close the brackets, start another header or another address. The contact form accepts no other
 * kind; anything else is not written at all.
 */
export const safeAddress = (address: string): boolean =>
  address.length <= 254 &&
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(
    address,
  );

/** Body parts go out base64-encoded (76-character lines), so any Unicode the visitor typed arrives intact. */
export function base64Body(text: string): string {
  const bytes = new TextEncoder().encode(text.replace(/\r?\n/g, "\r\n"));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/.{76}(?=.)/g, "$&\r\n");
}

/** Sets a mailbox header, written folded (see folded-header.ts) rather than as mimetext's one long line. */
export function setMailbox(message: MIMEMessage, header: "From" | "Reply-To", name: string, addr: string) {
  message.headers.set(header, new Mailbox({ name, addr })).dump = () => foldedHeaderValue(header, name, ` <${addr}>`);
}

/** Sets the Subject, folded likewise. */
export function setSubject(message: MIMEMessage, subject: string) {
  message.headers.set("Subject", subject).dump = () => foldedHeaderValue("Subject", subject);
}

/** A message from the site to the practice, with its text and HTML parts. */
export function newMessage(route: MailRoute, parts: { readonly text: string; readonly html: string }): MIMEMessage {
  const message = createMimeMessage();
  setMailbox(message, "From", `${site.practiceName} website`, route.from);
  message.setRecipient(route.to);
  message.addMessage({ contentType: "text/plain", encoding: "base64", data: base64Body(parts.text) });
  message.addMessage({ contentType: "text/html", encoding: "base64", data: base64Body(parts.html) });
  return message;
}
