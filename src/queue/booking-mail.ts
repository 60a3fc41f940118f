import { EmailMessage } from "cloudflare:email";
// The browser build: CRLF line endings as RFC 5322 wants, and no MIME-type database in the Worker.
import { MIMEMessageContent, Mailbox, createMimeMessage } from "mimetext/browser";
import { and, eq, gt, isNull, lt, ne, or } from "drizzle-orm";
import { bookingEvent } from "../booking/event.ts";
import { invitation } from "../booking/invitation.ts";
import { PRACTICE_ZONE, formatForReader, formatTime } from "../booking/zone.ts";
import { consultations, site } from "../content/index.ts";
import { BOOKING_LINK_ACTOR } from "../db/bookings.ts";
import { type Database, database } from "../db/client.ts";
import { errorSummary } from "../db/error-summary.ts";
import { type Booking, bookings, contactSubmissions as submissions } from "../db/schema.ts";
import type { Env, QueueMessage } from "../env.ts";
import type { MessageHandler } from "./consumer.ts";
import { foldedHeaderValue } from "./folded-header.ts";
import { base64Body, safeAddress } from "./mail-parts.ts";
import { oneLine } from "./one-line.ts";
import { REMINDER_CLAIM_MS } from "./reminders.ts";
import { retryBaseSeconds, retryDelaySeconds } from "./retry.ts";

/*
 * A consultation's mail: the confirmation of each change (booked, moved, cancelled) to the client and to the
 * attorney, each with the invitation (RFC 5546: METHOD:REQUEST, or CANCEL, one UID per booking, its SEQUENCE),
 * and the reminder before it, to the client. Each is claimed in D1 before it is sent, so a message delivered
 * twice, or two messages for one change, send once; a failed send gives its claim back and the message is
 * retried. Times are written in the zone the client chose and in Seattle's. A cancellation by the practice (by
 * hand or with its inquiry) says so plainly to the client, with the practice's reason if it gave one.
 */

type BookingMailMessage = Extract<QueueMessage, { kind: "booking-mail" }>;
type BookingReminderMessage = Extract<QueueMessage, { kind: "booking-reminder" }>;

/** The person a booking is for, as their inquiry gave them. */
interface Person {
  readonly name: string;
  readonly email: string;
}

/** What a confirmation tells: a booking made, moved to a new time, or cancelled. */
type Change = "booked" | "moved" | "cancelled";

/** Whether the practice sends mail to clients (docs/operators.md, "Mail to clients"). */
const mailsClients = (env: Pick<Env, "CLIENT_MAIL_FROM">) => env.CLIENT_MAIL_FROM.trim() !== "";

// ——— Times and words ———

/** The consultation kind a booking is of, as content/consultations.yaml names it today. */
const kindOf = (id: string) => consultations.kinds.find((kind) => kind.id === id);

/** The time in the client's zone, and Seattle's beside it when that differs (src/booking/zone.ts). */
const bothZones = formatForReader;

/** The lines saying what, when and where, the same in every mail of a booking. */
function detailLines(booking: Booking, when: string): string[] {
  const kind = kindOf(booking.kind);
  const minutes = Math.round((booking.endAt.getTime() - booking.startAt.getTime()) / 60_000);
  return [`What: ${kind?.name ?? "Consultation"} (${minutes} minutes)`, `When: ${when}`, ...(kind?.where ? [`Where: ${kind.where}`] : [])];
}

const signature = () => ["", site.practiceName, site.email];

/** Whether the practice cancelled the booking (by hand, or with its inquiry), not the client by the link. */
const byPractice = (booking: Booking) => booking.cancelledBy !== null && booking.cancelledBy !== BOOKING_LINK_ACTOR;

/** The reason the practice gave for cancelling, as lines of a mail; none when it gave none. */
const reasonLines = (booking: Booking): string[] =>
  booking.cancelReason ? booking.cancelReason.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").split("\n") : [];

/**
 * The client's confirmation: what happened, the time in their zone and Seattle's, how to move or cancel it;
 * when the practice cancelled it, that plain word, with its reason if it gave one.
 */
function clientText(change: Change, booking: Booking, person: Person): { subject: string; text: string } {
  const when = bothZones(booking.startAt.getTime(), booking.clientZone);
  const practiceCancelled = change === "cancelled" && byPractice(booking);
  const headline = practiceCancelled
    ? `${site.practiceName} has cancelled your consultation.`
    : {
        booked: `Your consultation with ${site.practiceName} is booked.`,
        moved: `Your consultation with ${site.practiceName} has moved to a new time.`,
        cancelled: `Your consultation with ${site.practiceName} is cancelled.`,
      }[change];
  const calendar = {
    booked: "The invitation is attached: open it to add the consultation to your calendar.",
    moved: "The invitation attached updates the one you have: open it to move the consultation in your calendar.",
    cancelled: "The cancellation attached removes the consultation from your calendar when you open it.",
  }[change];
  const next = practiceCancelled
    ? "If you have a question about it, simply reply to this message."
    : change === "cancelled"
      ? "If you would like another time, simply reply to this message."
      : "To move or cancel it, open the link in the e-mail that offered you this consultation: the same link shows your booking. Or simply reply to this message.";
  const subject = {
    booked: `Consultation booked: ${formatTime(booking.startAt.getTime(), booking.clientZone)}`,
    moved: `Consultation moved to ${formatTime(booking.startAt.getTime(), booking.clientZone)}`,
    cancelled: `Consultation cancelled: ${formatTime(booking.startAt.getTime(), booking.clientZone)}`,
  }[change];
  const text = [
    `Dear ${oneLine(person.name)},`,
    "",
    headline,
    ...(practiceCancelled && booking.cancelReason ? ["", ...reasonLines(booking)] : []),
    "",
    ...detailLines(booking, change === "cancelled" ? `${when} (cancelled)` : when),
    "",
    calendar,
    "",
    next,
    ...signature(),
  ].join("\n");
  return { subject, text };
}

/** The attorney's copy: who, what happened, the time in Seattle's zone and the client's; never the inquiry's message. */
function attorneyText(change: Change, booking: Booking, person: Person, origin: string): { subject: string; text: string } {
  const name = oneLine(person.name);
  const seattle = formatTime(booking.startAt.getTime(), PRACTICE_ZONE);
  const theirs = formatTime(booking.startAt.getTime(), booking.clientZone);
  const when = theirs === seattle ? seattle : `${seattle} (${theirs} where ${name} is)`;
  const practiceCancelled = change === "cancelled" && byPractice(booking);
  const headline = practiceCancelled
    ? `The consultation with ${name} is cancelled, by ${oneLine(booking.cancelledBy!)}; its time is free again.`
    : {
        booked: `${name} booked a consultation.`,
        moved: `${name} moved their consultation to a new time.`,
        cancelled: `${name} cancelled their consultation; its time is free again.`,
      }[change];
  const calendar = {
    booked: "The invitation is attached, to add it to your calendar.",
    moved: "The invitation attached moves it in your calendar.",
    cancelled: "The cancellation attached removes it from your calendar.",
  }[change];
  const subject = `Consultation ${change}: ${name}, ${seattle}`;
  const told = booking.cancelReason ? ["", `The reason ${name} was given:`, ...reasonLines(booking)] : ["", `${name} was given no reason.`];
  const text = [
    headline,
    ...(practiceCancelled ? told : []),
    "",
    ...detailLines(booking, change === "cancelled" ? `${when} (cancelled)` : when),
    "",
    calendar,
    `The inquiry: ${origin}/admin/submissions/${booking.submissionId}`,
    "",
    `Reply to this e-mail to write to ${name}.`,
    `Reference: ${booking.id}`,
  ].join("\n");
  return { subject, text };
}

/** The client's reminder: the time in their zone and Seattle's, where, and how to move or cancel it. */
function reminderText(booking: Booking, person: Person): { subject: string; text: string } {
  const text = [
    `Dear ${oneLine(person.name)},`,
    "",
    `A reminder of your consultation with ${site.practiceName}:`,
    "",
    ...detailLines(booking, bothZones(booking.startAt.getTime(), booking.clientZone)),
    "",
    "To move or cancel it, open the link in the e-mail that offered you this consultation, or simply reply to this message.",
    ...signature(),
  ].join("\n");
  return { subject: `Reminder: your consultation, ${formatTime(booking.startAt.getTime(), booking.clientZone)}`, text };
}

// ——— The messages ———

/** Sender, recipient, and who answers reach: from configuration and the inquiry, checked before any is written. */
interface Addressing {
  readonly from: Person;
  readonly to: Person;
  readonly replyTo?: Person;
}

/** Writes a mailbox header folded, its name as encoded-words, so nothing in a name can start a line of its own. */
function setMailbox(message: ReturnType<typeof createMimeMessage>, header: "From" | "To" | "Reply-To", person: Person) {
  const name = oneLine(person.name);
  message.headers.set(header, new Mailbox({ name, addr: person.email })).dump = () => foldedHeaderValue(header, name, ` <${person.email}>`);
}

/** A message's headers: From, To, Reply-To, the Subject folded, and References joining every mail of one booking. */
function newMessage(addressing: Addressing, subject: string, bookingId: string) {
  const message = createMimeMessage();
  setMailbox(message, "From", addressing.from);
  setMailbox(message, "To", addressing.to);
  if (addressing.replyTo) setMailbox(message, "Reply-To", addressing.replyTo);
  const line = oneLine(subject, 300);
  message.headers.set("Subject", line).dump = () => foldedHeaderValue("Subject", line);
  message.setHeader("References", `<booking-${bookingId}@${addressing.from.email.split("@")[1]}>`);
  message.setHeader("X-Booking-Id", bookingId);
  return message;
}

/**
 * A confirmation with its invitation, as mail programs act on it (nodemailer's layout, which Outlook, Gmail and
 * Apple Mail read): multipart/mixed of a multipart/alternative (the text, then the invitation as
 * `text/calendar; method=…`, the part a mail program offers to accept) and the same .ics as an attachment.
 * mimetext writes no text/calendar alternative, so the text part is written as that alternative whole.
 */
function buildConfirmation(
  addressing: Addressing,
  words: { readonly subject: string; readonly text: string },
  ics: string,
  method: "REQUEST" | "CANCEL",
  bookingId: string,
): string {
  const message = newMessage(addressing, words.subject, bookingId);
  const text = message.addMessage({ contentType: "text/plain", encoding: "base64", data: base64Body(words.text) });
  const calendar = new MIMEMessageContent(message.envctx, base64Body(ics), {
    "Content-Type": `text/calendar; charset=utf-8; method=${method}`,
    "Content-Transfer-Encoding": "base64",
  });
  const eol = message.envctx.eol;
  const boundary = message.boundaries.alt;
  const plain = text.dump.bind(text);
  text.dump = () =>
    [
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      plain(),
      `--${boundary}`,
      calendar.dump(),
      `--${boundary}--`,
    ].join(eol);
  message.addAttachment({
    filename: method === "CANCEL" ? "cancel.ics" : "invite.ics",
    contentType: "application/ics",
    encoding: "base64",
    data: base64Body(ics),
  });
  return message.asRaw();
}

/** A reminder: plain text alone. */
function buildReminder(addressing: Addressing, words: { readonly subject: string; readonly text: string }, bookingId: string): string {
  const message = newMessage(addressing, words.subject, bookingId);
  message.addMessage({ contentType: "text/plain", encoding: "base64", data: base64Body(words.text) });
  return message.asRaw();
}

// ——— Claims in D1 ———

/** A booking with the person it is for (their inquiry's name and address), read in the batch of a claim. */
const personOf = (db: Database, bookingId: string) =>
  db
    .select({ name: submissions.name, email: submissions.email })
    .from(submissions)
    .innerJoin(bookings, eq(bookings.submissionId, submissions.id))
    .where(eq(bookings.id, bookingId));

/** The booking's change at `sequence`, while its mail is not yet claimed (a later change's claim covers it too). */
const unmailed = (bookingId: string, sequence: number) =>
  and(
    eq(bookings.id, bookingId),
    eq(bookings.sequence, sequence),
    or(isNull(bookings.mailedSequence), lt(bookings.mailedSequence, sequence)),
  );

/**
 * Claims the confirmation of a booking's change at `sequence`: only while the booking is at that sequence and
 * no confirmation of it (or of a later one) was claimed. Returns the booking, its person and the sequence
 * mailed before (to give back if sending fails), or nothing: already claimed, or a later change's message
 * carries the later state.
 */
async function claimMail(db: Database, bookingId: string, sequence: number) {
  const [before, claimed, people] = await db.batch([
    db.select({ mailedSequence: bookings.mailedSequence }).from(bookings).where(eq(bookings.id, bookingId)),
    db.update(bookings).set({ mailedSequence: sequence }).where(unmailed(bookingId, sequence)).returning(),
    personOf(db, bookingId),
  ]);
  const [booking] = claimed;
  const [person] = people;
  if (!booking || !person) return undefined;
  return { booking, person, previous: before[0]?.mailedSequence ?? null };
}

/** Gives a confirmation's claim back after a failed send, when it is still ours (no later change's mail claimed since). */
async function releaseMail(db: Database, bookingId: string, sequence: number, previous: number | null) {
  await db
    .update(bookings)
    .set({ mailedSequence: previous })
    .where(and(eq(bookings.id, bookingId), eq(bookings.mailedSequence, sequence)));
}

/**
 * Claims the reminder of a booking at `startAt`: only while it is booked at that time, still ahead, not reminded
 * of it, and no other delivery holds a fresh claim of it. Returns the booking and its person, or nothing.
 */
async function claimReminder(db: Database, bookingId: string, startAt: Date, now: Date) {
  const [claimed, people] = await db.batch([
    db
      .update(bookings)
      .set({ reminderFor: startAt, reminderClaimedAt: now })
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.status, "booked"),
          eq(bookings.startAt, startAt),
          gt(bookings.startAt, now),
          or(isNull(bookings.remindedFor), ne(bookings.remindedFor, startAt)),
          or(
            isNull(bookings.reminderFor),
            ne(bookings.reminderFor, startAt),
            lt(bookings.reminderClaimedAt, new Date(now.getTime() - REMINDER_CLAIM_MS)),
          ),
        ),
      )
      .returning(),
    personOf(db, bookingId),
  ]);
  const [booking] = claimed;
  const [person] = people;
  return booking && person ? { booking, person } : undefined;
}

/** Gives a reminder's claim back after a failed send, when it is still this delivery's. */
async function releaseReminder(db: Database, bookingId: string, startAt: Date, claimedAt: Date) {
  await db
    .update(bookings)
    .set({ reminderFor: null, reminderClaimedAt: null })
    .where(and(eq(bookings.id, bookingId), eq(bookings.reminderFor, startAt), eq(bookings.reminderClaimedAt, claimedAt)));
}

// ——— Sending ———

/** The first retry's delay and its doubling, as the notifications' (NOTIFY_RETRY_BASE_SECONDS). */
const retryDelay = (message: Message<unknown>, env: Env) =>
  retryDelaySeconds(message.attempts, retryBaseSeconds(env.NOTIFY_RETRY_BASE_SECONDS));

/**
 * Sends a change's confirmation: the attorney's first (through EMAIL, as the notifications go), then the
 * client's (through CLIENT_EMAIL from CLIENT_MAIL_FROM, Reply-To the practice) when the practice mails
 * clients. One claim covers both, so a failure of the second sends the first again on the retry: the
 * practice's own inbox takes the copy, never the client.
 */
async function sendConfirmation(env: Env, booking: Booking, person: Person, previous: number | null): Promise<void> {
  const change: Change = booking.status === "cancelled" ? "cancelled" : previous === null ? "booked" : "moved";
  const method = change === "cancelled" ? "CANCEL" : "REQUEST";
  const siteUrl = new URL(env.SITE_ORIGIN);
  const ics = invitation(bookingEvent(booking, person, siteUrl.host, booking.changedAt.getTime()), method);
  const reachable = safeAddress(person.email);

  const forAttorney = buildConfirmation(
    {
      from: { name: `${site.practiceName} website`, email: env.NOTIFY_FROM },
      to: { name: "", email: env.NOTIFY_TO },
      ...(reachable ? { replyTo: person } : {}),
    },
    attorneyText(change, booking, person, siteUrl.origin),
    ics,
    method,
    booking.id,
  );
  await env.EMAIL.send(new EmailMessage(env.NOTIFY_FROM, env.NOTIFY_TO, forAttorney));

  if (!mailsClients(env)) return;
  if (!reachable) {
    console.warn(`Booking ${booking.id}: the client's address cannot be written in a header; no confirmation sent to them`);
    return;
  }
  const from = env.CLIENT_MAIL_FROM.trim();
  const forClient = buildConfirmation(
    { from: { name: site.practiceName, email: from }, to: person, replyTo: { name: site.practiceName, email: site.email } },
    clientText(change, booking, person),
    ics,
    method,
    booking.id,
  );
  await env.CLIENT_EMAIL.send(new EmailMessage(from, person.email, forClient));
}

/**
 * A booking's change (src/queue/consumer.ts): claims its confirmation, sends it to the attorney and the client,
 * acks; a message for a change already confirmed, or older than the booking's latest, is acked with nothing
 * sent. A failed send gives the claim back and the message is retried with backoff.
 */
export const bookingMailHandler: MessageHandler<BookingMailMessage> = {
  async deliver(message, env) {
    const { bookingId, sequence } = message.body;
    const db = database(env.DB);
    try {
      const claim = await claimMail(db, bookingId, sequence);
      if (!claim) {
        message.ack();
        return;
      }
      try {
        await sendConfirmation(env, claim.booking, claim.person, claim.previous);
      } catch (error) {
        await releaseMail(db, bookingId, sequence, claim.previous);
        throw error;
      }
      message.ack();
    } catch (error) {
      console.error(`Booking ${bookingId}: confirmation ${sequence} failed (attempt ${message.attempts}): ${errorSummary(error)}`);
      message.retry({ delaySeconds: retryDelay(message, env) });
    }
  },
  /**
   * After every retry: recorded as done, so the sweep does not queue it again every ten minutes for a day
   * (each try would send the attorney's copy once more), and logged for the operators; the client's page
   * still shows the booking, and the attorney writes to them from the inbox.
   */
  async abandon({ bookingId, sequence }, env) {
    await database(env.DB).update(bookings).set({ mailedSequence: sequence }).where(unmailed(bookingId, sequence));
    console.error(
      `Booking ${bookingId}: confirmation ${sequence} NOT SENT after every retry and not tried again; the client may not have it: write to them from the inbox`,
    );
  },
};

/**
 * A consultation's reminder (queued by the cron, src/queue/reminders.ts): claimed for its start time, so it
 * goes once whatever the deliveries, never for a cancelled booking nor for a time it was moved from; sent to
 * the client, then recorded. A failed send gives the claim back and the message is retried.
 */
export const bookingReminderHandler: MessageHandler<BookingReminderMessage> = {
  async deliver(message, env) {
    const { bookingId } = message.body;
    const startAt = new Date(message.body.startAt);
    if (!mailsClients(env)) {
      message.ack();
      return;
    }
    const db = database(env.DB);
    const now = new Date();
    try {
      const claim = await claimReminder(db, bookingId, startAt, now);
      if (!claim) {
        message.ack();
        return;
      }
      if (safeAddress(claim.person.email)) {
        const from = env.CLIENT_MAIL_FROM.trim();
        const raw = buildReminder(
          { from: { name: site.practiceName, email: from }, to: claim.person, replyTo: { name: site.practiceName, email: site.email } },
          reminderText(claim.booking, claim.person),
          bookingId,
        );
        try {
          await env.CLIENT_EMAIL.send(new EmailMessage(from, claim.person.email, raw));
        } catch (error) {
          await releaseReminder(db, bookingId, startAt, now);
          throw error;
        }
      } else console.warn(`Booking ${bookingId}: the client's address cannot be written in a header; no reminder sent`);
      await db.update(bookings).set({ remindedFor: startAt }).where(eq(bookings.id, bookingId));
      message.ack();
    } catch (error) {
      console.error(`Booking ${bookingId}: reminder failed (attempt ${message.attempts}): ${errorSummary(error)}`);
      message.retry({ delaySeconds: retryDelay(message, env) });
    }
  },
  /** After every retry: logged; the cron queues it again on its next run while the consultation is still ahead. */
  async abandon({ bookingId }) {
    console.error(`Booking ${bookingId}: reminder NOT SENT after every retry; the cron queues it again while the time is ahead`);
  },
};
