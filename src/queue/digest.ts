import { EmailMessage } from "cloudflare:email";
import { PRACTICE_ZONE, formatTime } from "../booking/zone.ts";
import { consultations, pages, site } from "../content/index.ts";
import { database } from "../db/client.ts";
import { LEASE_MS } from "../db/delivery.ts";
import { seattleDay } from "../db/days.ts";
import {
  type DigestContents,
  type DigestInquiry,
  type DigestList,
  RETENTION_NOTICE_DAYS,
  SOURCES_DAYS,
  SOURCES_LISTED,
  type SourceCount,
  claimDigest,
  claimDigestDelivery,
  digestContents,
  findLostDigests,
  markDigestFailed,
  markDigestSent,
  releaseDigestAfterFailure,
} from "../db/digest.ts";
import { errorSummary } from "../db/error-summary.ts";
import type { Env, QueueMessage } from "../env.ts";
import { backupIsStale, backupSentence } from "./backup/status.ts";
import { received } from "./email.ts";
import { escapeHtml, newMessage, setSubject } from "./mail-parts.ts";
import type { MessageHandler } from "./consumer.ts";
import { retryBaseSeconds, retryDelaySeconds } from "./retry.ts";
import { retentionCutoff } from "./retention.ts";

/*
 * The weekly digest (Mondays): claimed once per week, queued, then built and sent by its handler, with its
 * lists bounded (docs/intake.md).
 */

/**
 * The cron schedule of the weekly digest: Mondays at 16:00 UTC, the morning in Seattle (8 a.m., 9 a.m. in
 * summer). Must match wrangler.toml's [triggers].
 */
export const DIGEST_CRON = "0 16 * * 1";

/** The digest's week: the day the cron fires, in Seattle (YYYY-MM-DD), so two firings that Monday are one. */
export const digestWeekOf = (now: Date): string => seattleDay(now);

/** Claims this week's digest and queues it; a second firing the same week claims nothing and sends nothing. */
export async function startWeeklyDigest(env: Env, now: Date): Promise<boolean> {
  const week = digestWeekOf(now);
  if (!(await claimDigest(database(env.DB), week, now))) return false;
  try {
    await env.CONTACT_QUEUE.send({ kind: "digest", week });
  } catch (error) {
    // Claimed but not queued: the sweep queues it again once it has waited longer than a delivery takes.
    console.error(`Digest ${week} claimed but not queued; the sweep will queue it: ${error instanceof Error ? error.name : "error"}`);
  }
  return true;
}

/** For the sweep: queues again the digests claimed but never sent whose message was lost. Returns how many. */
export async function requeueLostDigests(env: Env, now: Date): Promise<number> {
  const weeks = await findLostDigests(database(env.DB), now);
  if (weeks.length > 0) await env.CONTACT_QUEUE.sendBatch(weeks.map((week) => ({ body: { kind: "digest", week } as const })));
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
    const contents = await digestContents(
      db,
      claim,
      { erase: retentionCutoff(soon, messageMonths), delete: retentionCutoff(soon, conflictRecordMonths) },
      consultations.offerFollowUpDays,
      pages.engagement.followUpDays,
    );
    const raw = buildDigestEmail(contents, new URL(env.SITE_ORIGIN).origin, { from: env.NOTIFY_FROM, to: env.NOTIFY_TO }, now);
    await env.EMAIL.send(new EmailMessage(env.NOTIFY_FROM, env.NOTIFY_TO, raw));
  } catch (error) {
    await releaseDigestAfterFailure(db, week, error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : "error");
    throw error;
  }
  await markDigestSent(db, week, new Date());
}

/** Records a digest that failed every retry, as the dead-letter queue reports it. */
/** The week's digest as a queue message (src/queue/consumer.ts): sent, retried with backoff, or marked failed. */
export const digestHandler: MessageHandler<Extract<QueueMessage, { kind: "digest" }>> = {
  async deliver(message, env) {
    try {
      await deliverDigest(env, message.body.week, new Date());
      message.ack();
    } catch (error) {
      console.error(`Digest ${message.body.week} failed (attempt ${message.attempts}): ${errorSummary(error)}`);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts, retryBaseSeconds(env.NOTIFY_RETRY_BASE_SECONDS)) });
    }
  },
  async abandon({ week }, env) {
    await markDigestFailed(database(env.DB), week, "E-mail not delivered after every retry");
    console.error(`Digest ${week} abandoned after every retry; marked failed`);
  },
};

const plural = (count: number, one: string, many: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

let shortDay: Intl.DateTimeFormat | undefined;
/** "Thu, Dec 3", from YYYY-MM-DD. */
const dayLabel = (day: string) =>
  (shortDay ??= new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" })).format(
    new Date(`${day}T12:00:00Z`),
  );

/** One list of the digest: its heading, what it says when empty, and the inbox's view of all of it. */
interface ListSection {
  readonly heading: string;
  readonly empty: string;
  readonly list: DigestList;
  /** The inbox's address for the whole list (its path and query), for "and N more". */
  readonly all: string;
  /** What follows an inquiry's name, if anything. */
  readonly detail?: (inquiry: DigestInquiry) => string;
}

/** A table of sources: its heading, and what a source without a value is. */
interface SourceSection {
  readonly heading: string;
  readonly unknown: string;
  readonly counts: readonly SourceCount[];
}

/**
 * The digest e-mail: what came in, what waits (a conflict check, a decline letter, a follow-up), failed
 * notifications, the coming week's consultations and the offers no one booked, the engagement letters not answered, where the last 90 days' inquiries came from, and retention soon. Each list holds at most
 * DIGEST_LIST_MAX inquiries and says how many more there are, linking to the inbox's view of them all.
 */
export function buildDigestEmail(contents: DigestContents, origin: string, route: { from: string; to: string }, now = new Date()): string {
  const link = (inquiry: DigestInquiry) => `${origin}/admin/submissions/${inquiry.id}`;
  const line = (section: ListSection, inquiry: DigestInquiry) =>
    `${inquiry.name}${inquiry.organization ? ` (${inquiry.organization})` : ""}${section.detail ? `, ${section.detail(inquiry)}` : ""}`;
  const lists: ListSection[] = [
    { heading: "Received since the last digest", empty: "No new inquiries.", list: contents.received, all: "/admin" },
    {
      heading: "Waiting three days or more for a conflict check",
      empty: "None.",
      list: contents.awaitingCheck,
      all: "/admin?intake=new",
    },
    {
      heading: "Declined three days ago or more, the letter not marked sent",
      empty: "None.",
      list: contents.unsentDeclines,
      all: "/admin?intake=declining",
    },
    {
      heading: `Follow-ups due by ${dayLabel(contents.followUpsBy)}`,
      empty: "None.",
      list: contents.followUps,
      all: "/admin?followup=any",
      detail: (inquiry) => `due ${dayLabel(inquiry.followUpOn!)}`,
    },
    { heading: "Notifications that failed", empty: "None.", list: contents.failed, all: "/admin?state=failed" },
    {
      heading: "Consultations in the coming week",
      empty: "None booked.",
      list: contents.consultations,
      all: "/admin/consultations",
      detail: (inquiry) => formatTime(inquiry.consultationAt!.getTime(), PRACTICE_ZONE),
    },
    {
      heading: `Consultations offered ${plural(consultations.offerFollowUpDays, "day", "days")} ago or more, not booked`,
      empty: "None.",
      list: contents.offersNotTaken,
      all: "/admin/consultations",
      detail: (inquiry) => `offered ${dayLabel(seattleDay(inquiry.consultationAt!))}`,
    },
    {
      heading: `Engagement letters sent ${plural(pages.engagement.followUpDays, "day", "days")} ago or more, not yet answered`,
      empty: "None.",
      list: contents.lettersNotAnswered,
      all: "/admin?intake=cleared",
      detail: (inquiry) => `sent ${dayLabel(seattleDay(inquiry.letterSentAt!))}`,
    },
  ];
  const more = (section: ListSection) => section.list.total - section.list.inquiries.length;
  const { sources } = contents;
  const sourceSections: SourceSection[] = [
    {
      heading: "By the site that sent them",
      unknown: "No outside site (typed in, a bookmark, an e-mail, or not known)",
      counts: sources.bySite,
    },
    { heading: "By the first page of their visit", unknown: "Not known (no JavaScript)", counts: sources.byLandingPage },
    { heading: "By the page the form was sent from", unknown: "Not known", counts: sources.bySourcePage },
  ];
  const sourceLine = (count: SourceCount, unknown: string) =>
    `${count.source ?? unknown}: ${plural(count.inquiries, "inquiry", "inquiries")}, ${count.engaged.toLocaleString("en-US")} engaged`;
  const sourcesIntro = `Where the last ${SOURCES_DAYS} days' ${plural(sources.inquiries, "inquiry", "inquiries")} came from (${sources.engaged.toLocaleString("en-US")} of them engaged so far; the ${SOURCES_LISTED} most frequent of each):`;
  const retention = [
    `${plural(contents.messagesErasedSoon, "message", "messages")} will be erased under the retention policy in the next ${RETENTION_NOTICE_DAYS} days (their conflict record is kept).`,
    `${plural(contents.recordsDeletedSoon, "inquiry", "inquiries")} will be deleted whole, conflict record and all, in the same days.`,
  ];
  // Said only when a night was missed: a digest that always says "backed up" would be read past.
  const backup = backupIsStale(contents.lastBackup, now) ? [backupSentence(contents.lastBackup, now, received)] : [];
  const text = [
    `This week's inquiries on the ${site.practiceName} website.`,
    ...backup.flatMap((sentence) => ["", sentence]),
    ...lists.flatMap((section) => [
      "",
      `${section.heading}:`,
      ...(section.list.total === 0
        ? [section.empty]
        : section.list.inquiries.map((inquiry) => `- ${line(section, inquiry)}: ${link(inquiry)}`)),
      ...(more(section) > 0 ? [`- and ${more(section).toLocaleString("en-US")} more: ${origin}${section.all}`] : []),
    ]),
    "",
    sourcesIntro,
    ...sourceSections.flatMap((section) => [
      "",
      `${section.heading}:`,
      ...(section.counts.length === 0 ? ["None."] : section.counts.map((count) => `- ${sourceLine(count, section.unknown)}`)),
    ]),
    "",
    "Retention:",
    ...retention,
    "",
    `The inbox: ${origin}/admin`,
  ].join("\n");
  const sourceHref = (count: SourceCount) =>
    count.source ? `${origin}/admin?${new URLSearchParams({ source: count.source })}` : undefined;
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#1e2124;line-height:1.5">
<p>This week's inquiries on the ${escapeHtml(site.practiceName)} website.</p>
${backup.map((sentence) => `<p><strong>${escapeHtml(sentence)}</strong></p>`).join("\n")}
${lists
  .map(
    (section) =>
      `<h3>${escapeHtml(section.heading)}</h3>\n${
        section.list.total === 0
          ? `<p>${escapeHtml(section.empty)}</p>`
          : `<ul>${section.list.inquiries.map((inquiry) => `<li><a href="${escapeHtml(link(inquiry))}">${escapeHtml(line(section, inquiry))}</a></li>`).join("")}${
              more(section) > 0
                ? `<li><a href="${escapeHtml(`${origin}${section.all}`)}">and ${escapeHtml(more(section).toLocaleString("en-US"))} more</a></li>`
                : ""
            }</ul>`
      }`,
  )
  .join("\n")}
<h3>Where inquiries came from</h3>
<p>${escapeHtml(sourcesIntro)}</p>
${sourceSections
  .map(
    (section) =>
      `<h4>${escapeHtml(section.heading)}</h4>\n${
        section.counts.length === 0
          ? "<p>None.</p>"
          : `<ul>${section.counts
              .map((count) => {
                const href = sourceHref(count);
                const text = escapeHtml(sourceLine(count, section.unknown));
                return `<li>${href ? `<a href="${escapeHtml(href)}">${text}</a>` : text}</li>`;
              })
              .join("")}</ul>`
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
    `Weekly inquiry digest: ${plural(contents.received.total, "new inquiry", "new inquiries")}, ${contents.awaitingCheck.total.toLocaleString("en-US")} waiting for a conflict check`,
  );
  return message.asRaw();
}
