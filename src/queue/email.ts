// The browser build: CRLF line endings as RFC 5322 wants, and no MIME-type database in the Worker.
import { type MIMEMessage, Mailbox, createMimeMessage } from "mimetext/browser";
import { fieldSpecs, summaryOf } from "../contact/fields.ts";
import { site } from "../content/index.ts";
import type { ContactSubmission } from "../db/schema.ts";
import { foldedHeaderValue } from "./folded-header.ts";

/** Sender and recipient come from configuration only, never from the request. */
export interface MailRoute {
  readonly from: string;
  readonly to: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** Body parts go out base64-encoded (76-character lines), so any Unicode the visitor typed arrives intact. */
function base64Body(text: string): string {
  const bytes = new TextEncoder().encode(text.replace(/\r?\n/g, "\r\n"));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/.{76}(?=.)/g, "$&\r\n");
}

const received = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "America/Los_Angeles" }).format(date) +
  " (Seattle time)";

/** Sets a mailbox header, written folded (see folded-header.ts) rather than as mimetext's one long line. */
function setMailbox(message: MIMEMessage, header: "From" | "Reply-To", name: string, addr: string) {
  message.headers.set(header, new Mailbox({ name, addr })).dump = () => foldedHeaderValue(header, name, ` <${addr}>`);
}

/**
 * The attorney's notification of one submission: plain text and HTML with every field escaped,
 * Reply-To the visitor, and a Message-ID derived from the submission so mail systems see one message.
 */
export function buildNotificationEmail(submission: ContactSubmission, route: MailRoute): string {
  const message = createMimeMessage();
  setMailbox(message, "From", `${site.practiceName} website`, route.from);
  message.setRecipient(route.to);
  setMailbox(message, "Reply-To", submission.name, submission.email);
  message.setHeader("Message-ID", `<contact-${submission.id}@${route.from.split("@")[1]}>`);
  const summary = summaryOf(submission);
  const subject = `New inquiry from ${submission.name}${summary ? ` (${summary})` : ""}`;
  message.headers.set("Subject", subject).dump = () => foldedHeaderValue("Subject", subject);

  // Fields of one line in a table, then each text of several lines under its own heading.
  const fields: [string, string][] = [
    ...fieldSpecs
      .filter((field) => field.kind !== "text")
      .map((field) => [field.inboxLabel, submission[field.name] ?? "(not given)"] as [string, string]),
    ["Received", received(submission.createdAt)],
  ];
  const texts = fieldSpecs
    .filter((field) => field.kind === "text")
    .map((field) => [field.inboxLabel, submission[field.name] ?? "(not given)"] as const);

  message.addMessage({
    contentType: "text/plain",
    encoding: "base64",
    data: base64Body(
      [
        `A new message arrived through the contact form on the ${site.practiceName} website.`,
        "",
        ...fields.map(([label, value]) => `${label}: ${value}`),
        ...texts.flatMap(([label, value]) => ["", `${label}:`, value]),
        "",
        `Reply to this e-mail to answer ${submission.name} directly.`,
        `Reference: ${submission.id}`,
      ].join("\n"),
    ),
  });

  message.addMessage({
    contentType: "text/html",
    encoding: "base64",
    data: base64Body(`<!doctype html><html><body style="font-family:Georgia,serif;color:#1e2124;line-height:1.5">
<p>A new message arrived through the contact form on the ${escapeHtml(site.practiceName)} website.</p>
<table cellpadding="6" style="border-collapse:collapse">${fields
      .map(([label, value]) => `<tr><th align="left" style="color:#555049">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
      .join("")}</table>
${texts
  .map(
    ([label, value]) =>
      `<h3>${escapeHtml(label)}</h3>\n<div style="white-space:pre-wrap;border-left:3px solid #1d4e5f;padding-left:12px">${escapeHtml(value)}</div>`,
  )
  .join("\n")}
<p style="color:#555049;font-size:13px">Reply to this e-mail to answer ${escapeHtml(submission.name)} directly. Reference: ${escapeHtml(submission.id)}</p>
</body></html>`),
  });

  return message.asRaw();
}
