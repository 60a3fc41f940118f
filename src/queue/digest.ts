import { EmailMessage } from "cloudflare:email";
import { site } from "../content/index.ts";
import { database } from "../db/client.ts";
import { LEASE_MS } from "../db/delivery.ts";
import {
  type DigestContents,
  type DigestInquiry,
  RETENTION_NOTICE_DAYS,
  claimDigest,
  claimDigestDelivery,
  digestContents,
  findLostDigests,
  markDigestFailed,
  markDigestSent,
  releaseDigestAfterFailure,
} from "../db/digest.ts";
import type { Env } from "../env.ts";
import { escapeHtml, newMessage, setSubject } from "./mail-parts.ts";
import type { DigestMessage } from "../env.ts";
import { retentionCutoff } from "./retention.ts";

/**
 * The cron schedule of the weekly digest: Mondays at 16:00 UTC, the morning in Seattle (8 a.m., 9 a.m. in
 * summer). Must match wrangler.toml's [triggers].
 */
export const DIGEST_CRON = "0 16 * * 1";

let seattleDay: Intl.DateTimeFormat | undefined;

/** The digest's week: the day the cron fires, in Seattle (YYYY-MM-DD), so two firings that Monday are one. */
export const digestWeekOf = (now: Date): string =>
  (seattleDay ??= new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" })).format(now);

/** Claims this week's digest and queues it; a second firing the same week claims nothing and sends nothing. */
export async function startWeeklyDigest(env: Env, now: Date): Promise<boolean> {
  const week = digestWeekOf(now);
  if (!(await claimDigest(database(env.DB), week, now))) return false;
  try {
    await env.CONTACT_QUEUE.send({ digestWeek: week } satisfies DigestMessage);
  } catch (error) {
    // Claimed but not queued: the sweep queues it again once it has waited longer than a delivery takes.
    console.error(`Digest ${week} claimed but not queued; the sweep will queue it: ${error instanceof Error ? error.name : "error"}`);
  }
  return true;
}

/** For the sweep: queues again the digests claimed but never sent whose message was lost. Returns how many. */
export async function requeueLostDigests(env: Env, now: Date): Promise<number> {
  const weeks = await findLostDigests(database(env.DB), now);
  if (weeks.length > 0) await env.CONTACT_QUEUE.sendBatch(weeks.map((digestWeek) => ({ body: { digestWeek } })));
  return weeks.length;
}

/** Sends one digest; throws when sending fails, for the queue to retry it (the lease keeps it to one sender). */
export async function deliverDigest(env: Env, week: string, now: Date): Promise<void> {
  const db = database(env.DB);
  const claim = await claimDigestDelivery(db, week, now, LEASE_MS);
  if (claim.kind === "busy") throw new Error(`Digest ${week} is being sent by another delivery`);
  if (claim.kind !== "claimed") return;
  const soon = new Date(now.getTime() + RETENTION_NOTICE_DAYS * 24 * 60 * 60_000);
  const { messageMonths, conflictRecordMonths } = site.retention;
  try {
    const contents = await digestContents(db, claim, {
      erase: retentionCutoff(soon, messageMonths),
      delete: retentionCutoff(soon, conflictRecordMonths),
    });
    const raw = buildDigestEmail(contents, new URL(env.SITE_ORIGIN).origin, { from: env.NOTIFY_FROM, to: env.NOTIFY_TO });
    await env.EMAIL.send(new EmailMessage(env.NOTIFY_FROM, env.NOTIFY_TO, raw));
  } catch (error) {
    await releaseDigestAfterFailure(db, week, error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : "error");
    throw error;
  }
  await markDigestSent(db, week, new Date());
}

/** Records a digest that failed every retry, as the dead-letter queue reports it. */
export async function abandonDigest(env: Env, week: string): Promise<void> {
  await markDigestFailed(database(env.DB), week, "E-mail not delivered after every retry");
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The digest e-mail: what came in, what waits for a conflict check, failed notifications, retention soon. */
export function buildDigestEmail(contents: DigestContents, origin: string, route: { from: string; to: string }): string {
  const link = (inquiry: DigestInquiry) => `${origin}/admin/submissions/${inquiry.id}`;
  const line = (inquiry: DigestInquiry) => `${inquiry.name}${inquiry.organization ? ` (${inquiry.organization})` : ""}`;
  const sections: { heading: string; empty: string; inquiries: readonly DigestInquiry[] }[] = [
    { heading: "Received since the last digest", empty: "No new inquiries.", inquiries: contents.received },
    { heading: "Waiting three days or more for a conflict check", empty: "None.", inquiries: contents.awaitingCheck },
    { heading: "Notifications that failed", empty: "None.", inquiries: contents.failed },
  ];
  const retention = [
    `${plural(contents.messagesErasedSoon, "message", "messages")} will be erased under the retention policy in the next ${RETENTION_NOTICE_DAYS} days (their conflict record is kept).`,
    `${plural(contents.recordsDeletedSoon, "inquiry", "inquiries")} will be deleted whole, conflict record and all, in the same days.`,
  ];
  const text = [
    `This week's inquiries on the ${site.practiceName} website.`,
    ...sections.flatMap(({ heading, empty, inquiries }) => [
      "",
      `${heading}:`,
      ...(inquiries.length === 0 ? [empty] : inquiries.map((inquiry) => `- ${line(inquiry)}: ${link(inquiry)}`)),
    ]),
    "",
    "Retention:",
    ...retention,
    "",
    `The inbox: ${origin}/admin`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#1e2124;line-height:1.5">
<p>This week's inquiries on the ${escapeHtml(site.practiceName)} website.</p>
${sections
  .map(
    ({ heading, empty, inquiries }) =>
      `<h3>${escapeHtml(heading)}</h3>\n${
        inquiries.length === 0
          ? `<p>${escapeHtml(empty)}</p>`
          : `<ul>${inquiries.map((inquiry) => `<li><a href="${escapeHtml(link(inquiry))}">${escapeHtml(line(inquiry))}</a></li>`).join("")}</ul>`
      }`,
  )
  .join("\n")}
<h3>Retention</h3>
${retention.map((sentence) => `<p>${escapeHtml(sentence)}</p>`).join("\n")}
<p><a href="${escapeHtml(origin)}/admin">Open the inbox</a></p>
</body></html>`;
  const message = newMessage(route, { text, html });
  setSubject(
    message,
    `Weekly inquiry digest: ${plural(contents.received.length, "new inquiry", "new inquiries")}, ${contents.awaitingCheck.length} waiting for a conflict check`,
  );
  return message.asRaw();
}
