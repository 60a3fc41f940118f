import { fieldSpecs, summaryOf } from "../contact/fields.ts";
import { site } from "../content/index.ts";
import type { ConflictCheckRow, ContactSubmission } from "../db/schema.ts";
import { type MailRoute, escapeHtml, newMessage, setMailbox, setSubject } from "./mail-parts.ts";

/*
 * The e-mail itself (mimetext): plain text and HTML, every field escaped, Reply-To the visitor.
 */

/** A time as the practice's e-mails write it: "November 28, 2026 at 2:00 AM (Seattle time)". */
export const received = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "America/Los_Angeles" }).format(date) +
  " (Seattle time)";

/**
 * What marks every copy of one inquiry's notification as the same conversation. Cloudflare's Email Service
 * writes each message's Message-ID itself (a platform-controlled header; the local binding rewrites it
 * too), so a second delivery of one notification (the Worker stopped after sending, before recording it)
 * has a new one; the References header it keeps lets mail programs thread the two copies, and
 * X-Submission-Id names the inquiry for filters and searches.
 */
export const threadOf = (submissionId: string, route: MailRoute) => `<inquiry-${submissionId}@${route.from.split("@")[1]}>`;

/**
 * What the check made on arrival found, in a sentence: how many possible matches, never whose names (an
 * e-mail leaves the practice's systems).
 */
export function arrivalCheckSentence(check: Pick<ConflictCheckRow, "matchCount" | "comparedNames"> | undefined): string {
  if (!check) return "The conflict check on arrival did not run: check all names from the inbox before replying.";
  if (check.matchCount > 0)
    return `Checked for conflicts on arrival: ${check.matchCount === 1 ? "1 possible match" : `${check.matchCount.toLocaleString("en-US")} possible matches`} in past inquiries and the conflict register. Review ${check.matchCount === 1 ? "it" : "them"} in the inbox before replying.`;
  return `Checked for conflicts on arrival: no match among ${(check.comparedNames ?? 0).toLocaleString("en-US")} names in past inquiries and the conflict register.`;
}

/**
 * The attorney's notification of one submission: plain text and HTML with every field escaped, Reply-To
 * the visitor, threading headers derived from the submission (threadOf), and what its conflict check on
 * arrival found.
 */
export function buildNotificationEmail(
  submission: ContactSubmission,
  route: MailRoute,
  check?: Pick<ConflictCheckRow, "matchCount" | "comparedNames">,
): string {
  const checked = arrivalCheckSentence(check);
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
  const text = [
    `A new message arrived through the contact form on the ${site.practiceName} website.`,
    "",
    checked,
    "",
    ...fields.map(([label, value]) => `${label}: ${value}`),
    ...texts.flatMap(([label, value]) => ["", `${label}:`, value]),
    "",
    `Reply to this e-mail to answer ${submission.name} directly.`,
    `Reference: ${submission.id}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#1e2124;line-height:1.5">
<p>A new message arrived through the contact form on the ${escapeHtml(site.practiceName)} website.</p>
<p><strong>${escapeHtml(checked)}</strong></p>
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
</body></html>`;

  const message = newMessage(route, { text, html });
  setMailbox(message, "Reply-To", submission.name, submission.email);
  message.setHeader("References", threadOf(submission.id, route));
  message.setHeader("X-Submission-Id", submission.id);
  const summary = summaryOf(submission);
  setSubject(message, `New inquiry from ${submission.name}${summary ? ` (${summary})` : ""}`);
  return message.asRaw();
}
