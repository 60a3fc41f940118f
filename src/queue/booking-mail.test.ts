import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import PostalMime, { type Email } from "postal-mime";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formatForReader, formatTime } from "../booking/zone.ts";
import { consultations, site } from "../content/index.ts";
import { type SlotClaim, bookWithOffer, cancelBooking, createOffer, rescheduleBooking } from "../db/bookings.ts";
import { database } from "../db/client.ts";
import { type Booking, bookings } from "../db/schema.ts";
import type { Env, QueueMessage } from "../env.ts";
import { recordIntake } from "../test/intake.ts";
import { clearSubmissions, storeSubmission } from "../test/submissions.ts";
import { type CapturedMailboxes, capturedMailboxes } from "../test/email.ts";
import { QUEUE, numbered, runQueue } from "../test/queue.ts";
import { DEAD_LETTER_SUFFIX } from "./queues.ts";
import { eq } from "drizzle-orm";

const CLIENT_FROM = "office@meridian-creative-law.example";
const MINUTE = 60_000;
const db = database(env.DB);
const host = new URL(env.SITE_ORIGIN).host;

/** The Worker's queue handler on messages, with both mail bindings captured; CLIENT_MAIL_FROM set unless given. */
const deliver = (bodies: QueueMessage[], mail: CapturedMailboxes, overrides: Partial<Env> = {}, queue = QUEUE) =>
  runQueue(queue, numbered(bodies), {
    CLIENT_MAIL_FROM: CLIENT_FROM,
    EMAIL: mail.attorney.binding,
    CLIENT_EMAIL: mail.client.binding,
    ...overrides,
  });

const mailboxes = capturedMailboxes;

const KIND = consultations.kinds[0]!;

/** The claim of a meeting of the first kind at `start` (buffers and the day's limit aside: the slot math is tested elsewhere). */
function claimAt(start: number): SlotClaim {
  const meeting = { start, end: start + KIND.minutes * MINUTE };
  return { kind: KIND.id, meeting, held: meeting, day: { start: start - 12 * 60 * MINUTE, end: start + 12 * 60 * MINUTE }, perDay: 20 };
}

const actor = () => ({ by: "attorney@meridian-creative-law.example", now: new Date() });

/** An inquiry, an offer and its booking at `start` in the client's `zone`. */
async function book(start: number, zone = "America/New_York", person: { name?: string; email?: string } = {}): Promise<Booking> {
  const submissionId = await storeSubmission(new Date(), {
    name: person.name ?? "Ada Lovelace",
    email: person.email ?? "ada@example.com",
    message: "The private facts of my mural dispute.",
  });
  const { offer } = await createOffer(
    db,
    { submissionId, kinds: [KIND.id], kindNames: KIND.name, expiresAt: new Date(Date.now() + 14 * 86_400_000) },
    actor(),
  );
  const { outcome, booking } = await bookWithOffer(db, offer, claimAt(start), { clientZone: zone, detail: KIND.name }, new Date());
  expect(outcome).toBe("booked");
  return booking!;
}

const mailOf = (booking: Pick<Booking, "id" | "sequence">): QueueMessage => ({
  kind: "booking-mail",
  bookingId: booking.id,
  sequence: booking.sequence,
});
const reminderOf = (booking: Pick<Booking, "id" | "startAt">): QueueMessage => ({
  kind: "booking-reminder",
  bookingId: booking.id,
  startAt: booking.startAt.getTime(),
});

const rowOf = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** Tuesday, March 16, 2027, 17:00 UTC: 10:00 AM in Seattle (PDT, after the March 14 change), 1:00 PM in New York (EDT). */
const TUESDAY = Date.UTC(2027, 2, 16, 17);
const THURSDAY = Date.UTC(2027, 2, 18, 21);

/** A mail read as a mail program reads it, with its invitation parsed (ical.js) from the text/calendar part. */
async function read(raw: string) {
  const email: Email = await PostalMime.parse(raw);
  const calendarPart = email.attachments.find((part) => part.mimeType === "text/calendar");
  const file = email.attachments.find((part) => part.disposition === "attachment");
  const text = (part: { content: ArrayBuffer | Uint8Array | string } | undefined) =>
    part === undefined ? undefined : typeof part.content === "string" ? part.content : new TextDecoder().decode(part.content);
  const ics = text(calendarPart);
  const calendar = ics === undefined ? undefined : new ICAL.Component(ICAL.parse(ics));
  const event = calendar?.getFirstSubcomponent("vevent") ?? undefined;
  return {
    email,
    ics,
    file: text(file),
    method: calendar?.getFirstPropertyValue("method"),
    uid: event?.getFirstPropertyValue("uid"),
    sequence: event?.getFirstPropertyValue("sequence"),
    start: (event?.getFirstPropertyValue("dtstart") as ICAL.Time | undefined)?.toJSDate().getTime(),
    end: (event?.getFirstPropertyValue("dtend") as ICAL.Time | undefined)?.toJSDate().getTime(),
    contentTypes: Array.from(raw.matchAll(/^Content-Type: ([^\r\n]+)/gim), (match) => match[1]!),
  };
}

beforeEach(async () => {
  await clearSubmissions();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("a booking's confirmation", () => {
  it("goes to the client and the attorney, each with a REQUEST invitation of the booking's UID, SEQUENCE and times", async () => {
    const booking = await book(TUESDAY);
    const mail = mailboxes();
    const result = await deliver([mailOf(booking)], mail);
    expect(result.explicitAcks).toEqual(["m0"]);

    expect(mail.client.sent.map(({ from, to }) => ({ from, to }))).toEqual([{ from: CLIENT_FROM, to: "ada@example.com" }]);
    expect(mail.attorney.sent.map(({ from, to }) => ({ from, to }))).toEqual([{ from: env.NOTIFY_FROM, to: env.NOTIFY_TO }]);
    for (const { raw } of [...mail.client.sent, ...mail.attorney.sent]) {
      const got = await read(raw);
      expect(got.method).toBe("REQUEST");
      expect(got.contentTypes).toContain("text/calendar; charset=utf-8; method=REQUEST");
      expect(got.contentTypes.some((type) => type.startsWith("multipart/alternative"))).toBe(true);
      expect(got.file).toBe(got.ics);
      expect(got).toMatchObject({ uid: `${booking.id}@${host}`, sequence: 0, start: TUESDAY, end: TUESDAY + KIND.minutes * MINUTE });
      expect(got.ics).toMatch(/^DTSTART:20270316T170000Z\r?$/m);
    }

    const client = await read(mail.client.sent[0]!.raw);
    expect(client.email.subject).toMatch(/booked/i);
    expect(client.email.replyTo).toEqual([{ name: site.practiceName, address: site.email }]);
    expect(client.email.text).toContain(formatForReader(TUESDAY, "America/New_York"));
    expect(client.email.text).toContain(KIND.name);
    expect(client.email.text).toMatch(/link in the e-mail that offered/);

    const attorney = await read(mail.attorney.sent[0]!.raw);
    expect(attorney.email.subject).toContain("Ada Lovelace");
    expect(attorney.email.replyTo).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
    expect(attorney.email.text).toContain(formatTime(TUESDAY, "America/Los_Angeles"));
    expect(attorney.email.text).toContain(formatTime(TUESDAY, "America/New_York"));
    expect(attorney.email.text).toContain(`/admin/submissions/${booking.submissionId}`);
    expect(attorney.email.text).not.toContain("mural dispute");
    expect(attorney.ics).not.toContain("mural dispute");

    expect((await rowOf(booking.id)).mailedSequence).toBe(0);
  });

  it("after a reschedule says the booking moved, with the SEQUENCE raised, the same UID and the new time; the older message sends nothing", async () => {
    const booking = await book(TUESDAY);
    const mail = mailboxes();
    await deliver([mailOf(booking)], mail);
    const moved = await rescheduleBooking(db, booking, claimAt(THURSDAY), "moved", new Date());
    expect(moved.outcome).toBe("booked");

    const later = mailboxes();
    const result = await deliver([mailOf(moved.booking!), mailOf(booking)], later);
    expect(result.explicitAcks).toEqual(["m0", "m1"]);
    expect(later.client.sent).toHaveLength(1);
    expect(later.attorney.sent).toHaveLength(1);
    const client = await read(later.client.sent[0]!.raw);
    expect(client).toMatchObject({ method: "REQUEST", uid: `${booking.id}@${host}`, sequence: 1, start: THURSDAY });
    expect(client.email.subject).toMatch(/moved/i);
    expect(client.email.text).toContain(formatForReader(THURSDAY, "America/New_York"));
  });

  it("on a cancel sends METHOD:CANCEL with the same UID and the SEQUENCE raised, to both", async () => {
    const booking = await book(TUESDAY, "America/Los_Angeles");
    await deliver([mailOf(booking)], mailboxes());
    const cancelled = await cancelBooking(db, booking, "the booking link", new Date());
    expect(cancelled?.status).toBe("cancelled");

    const mail = mailboxes();
    await deliver([mailOf(cancelled!)], mail);
    for (const { raw } of [...mail.client.sent, ...mail.attorney.sent]) {
      const got = await read(raw);
      expect(got).toMatchObject({ method: "CANCEL", uid: `${booking.id}@${host}`, sequence: 1 });
      expect(got.contentTypes).toContain("text/calendar; charset=utf-8; method=CANCEL");
      expect(got.email.subject).toMatch(/cancelled/i);
    }
    const client = await read(mail.client.sent[0]!.raw);
    // The client chose Seattle's zone: the time once, not twice.
    expect(client.email.text).toContain(`${formatTime(TUESDAY, "America/Los_Angeles")} (cancelled)`);
    expect(client.email.text).not.toContain("in Seattle");
  });

  it("on the practice's cancel says so plainly to the client, with its reason, once, and tells the attorney who and what", async () => {
    const booking = await book(TUESDAY);
    await deliver([mailOf(booking)], mailboxes());
    const reason = "I must be in court that morning.\nI am sorry for the change.";
    const cancelled = await cancelBooking(db, booking, "attorney@meridian-creative-law.example", new Date(), reason);
    const mail = mailboxes();
    await deliver([mailOf(cancelled!), mailOf(cancelled!)], mail);
    await deliver([mailOf(cancelled!)], mail);
    expect(mail.client.sent).toHaveLength(1);
    expect(mail.attorney.sent).toHaveLength(1);
    const client = await read(mail.client.sent[0]!.raw);
    expect(client).toMatchObject({ method: "CANCEL", uid: `${booking.id}@${host}`, sequence: 1 });
    expect(client.email.text).toContain(`${site.practiceName} has cancelled your consultation.`);
    expect(client.email.text?.replace(/\r\n/g, "\n")).toContain("I must be in court that morning.\nI am sorry for the change.");
    expect(client.email.text).not.toMatch(/another time|link in the e-mail/);
    const attorney = await read(mail.attorney.sent[0]!.raw);
    expect(attorney.method).toBe("CANCEL");
    expect(attorney.email.text).toContain("cancelled, by attorney@meridian-creative-law.example");
    expect(attorney.email.text).toContain("I must be in court that morning.");
  });

  it("on a cancel with its inquiry declined sends the client the cancellation and a plain word, with no reason", async () => {
    const booking = await book(TUESDAY);
    await deliver([mailOf(booking)], mailboxes());
    const cancelled = await recordIntake(db, booking.submissionId, "declining", { by: "attorney@meridian-creative-law.example" });
    expect(cancelled).toEqual([{ id: booking.id, sequence: 1 }]);
    const mail = mailboxes();
    await deliver(cancelled.map(mailOf), mail);
    await deliver(cancelled.map(mailOf), mail);
    expect(mail.client.sent).toHaveLength(1);
    const client = await read(mail.client.sent[0]!.raw);
    expect(client).toMatchObject({ method: "CANCEL", sequence: 1 });
    expect(client.email.text).toContain(`${site.practiceName} has cancelled your consultation.`);
    expect(client.email.text).not.toMatch(/another time|declin|conflict/i);
    expect((await read(mail.attorney.sent[0]!.raw)).email.text).toContain("Ada Lovelace was given no reason.");
  });

  it("sends once for one change, whether duplicated in a batch, delivered again, or delivered concurrently", async () => {
    const booking = await book(TUESDAY);
    const mail = mailboxes();
    const first = await deliver([mailOf(booking), mailOf(booking)], mail);
    expect(first.explicitAcks).toEqual(["m0", "m1"]);
    await deliver([mailOf(booking)], mail);
    expect(mail.client.sent).toHaveLength(1);
    expect(mail.attorney.sent).toHaveLength(1);

    const other = await book(THURSDAY);
    await Promise.all([deliver([mailOf(other)], mail), deliver([mailOf(other)], mail)]);
    expect(mail.client.sent).toHaveLength(2);
    expect(mail.attorney.sent).toHaveLength(2);
  });

  it("gives the claim back when a send fails, and the retry sends the client's mail once", async () => {
    const booking = await book(TUESDAY);
    const mail = mailboxes();
    mail.client.state.failures = 1;
    const failed = await deliver([mailOf(booking)], mail);
    expect(failed.explicitAcks).toEqual([]);
    expect(failed.retryMessages).toEqual([{ msgId: "m0" }]);
    expect((await rowOf(booking.id)).mailedSequence).toBeNull();
    expect(mail.client.sent).toHaveLength(0);

    const retried = await deliver([mailOf(booking)], mail);
    expect(retried.explicitAcks).toEqual(["m0"]);
    expect(mail.client.sent).toHaveLength(1);
    // The attorney's copy goes first, so a client's failure sends her a second copy, never the client.
    expect(mail.attorney.sent).toHaveLength(2);
    expect((await rowOf(booking.id)).mailedSequence).toBe(0);
  });

  it("gives back the claim of a change to the sequence mailed before, so a move's mail still says it moved", async () => {
    const booking = await book(TUESDAY);
    await deliver([mailOf(booking)], mailboxes());
    const moved = (await rescheduleBooking(db, booking, claimAt(THURSDAY), "moved", new Date())).booking!;
    const mail = mailboxes();
    mail.attorney.state.failures = 1;
    await deliver([mailOf(moved)], mail);
    expect(mail.client.sent).toHaveLength(0);
    expect((await rowOf(booking.id)).mailedSequence).toBe(0);
    await deliver([mailOf(moved)], mail);
    expect((await read(mail.client.sent[0]!.raw)).email.subject).toMatch(/moved/i);
  });

  it("sends no client mail while CLIENT_MAIL_FROM is empty; the attorney's still goes", async () => {
    const booking = await book(TUESDAY);
    const mail = mailboxes();
    const result = await deliver([mailOf(booking)], mail, { CLIENT_MAIL_FROM: "" });
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(mail.client.sent).toHaveLength(0);
    expect(mail.attorney.sent).toHaveLength(1);
  });

  it("writes no header from what the client typed: a name with CR/LF and quotes stays inside its encoded-words", async () => {
    const name = 'Eve "the Admin" \r\nBcc: victim@example.com\r\nX-Injected: yes';
    const booking = await book(TUESDAY, "America/New_York", { name });
    const mail = mailboxes();
    await deliver([mailOf(booking)], mail);
    for (const { raw } of [...mail.client.sent, ...mail.attorney.sent]) {
      const headers = raw.slice(0, raw.indexOf("\r\n\r\n"));
      expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
      expect(headers).not.toContain("victim@example.com");
      const { email } = await read(raw);
      expect(email.headers.some((header) => header.key === "bcc" || header.key === "x-injected")).toBe(false);
    }
    const client = await read(mail.client.sent[0]!.raw);
    expect(client.email.to).toEqual([{ name: 'Eve "the Admin" Bcc: victim@example.com X-Injected: yes', address: "ada@example.com" }]);
  });

  it("after every retry, is recorded as done so the sweep does not send it again, and logged", async () => {
    const booking = await book(TUESDAY);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await deliver([mailOf(booking)], mailboxes(), {}, `${QUEUE}${DEAD_LETTER_SUFFIX}`);
    expect((await rowOf(booking.id)).mailedSequence).toBe(0);
    expect(String(logged.mock.calls)).toMatch(new RegExp(`Booking ${booking.id}: confirmation 0 NOT SENT`));
  });
});

describe("a consultation's reminder", () => {
  it("goes to the client once for two deliveries, naming the time in their zone and Seattle's", async () => {
    const booking = await book(TUESDAY);
    const mail = mailboxes();
    const result = await deliver([reminderOf(booking), reminderOf(booking)], mail);
    expect(result.explicitAcks).toEqual(["m0", "m1"]);
    await deliver([reminderOf(booking)], mail);
    expect(mail.client.sent).toHaveLength(1);
    expect(mail.attorney.sent).toHaveLength(0);
    const { email } = await read(mail.client.sent[0]!.raw);
    expect(email.subject).toMatch(/reminder/i);
    expect(email.text).toContain(formatForReader(TUESDAY, "America/New_York"));
    expect(email.replyTo).toEqual([{ name: site.practiceName, address: site.email }]);
    expect((await rowOf(booking.id)).remindedFor?.getTime()).toBe(TUESDAY);
  });

  it("is not sent for a cancelled booking", async () => {
    const booking = await book(TUESDAY);
    await cancelBooking(db, booking, "the booking link", new Date());
    const mail = mailboxes();
    expect((await deliver([reminderOf(booking)], mail)).explicitAcks).toEqual(["m0"]);
    expect(mail.client.sent).toHaveLength(0);
  });

  it("is not sent for a moved booking's old time; after the move the reminder names the new time", async () => {
    const booking = await book(TUESDAY);
    const mail = mailboxes();
    await deliver([reminderOf(booking)], mail);
    const moved = (await rescheduleBooking(db, booking, claimAt(THURSDAY), "moved", new Date())).booking!;
    await deliver([reminderOf(booking)], mail);
    expect(mail.client.sent).toHaveLength(1);
    await deliver([reminderOf(moved), reminderOf(moved)], mail);
    expect(mail.client.sent).toHaveLength(2);
    expect((await read(mail.client.sent[1]!.raw)).email.text).toContain(formatForReader(THURSDAY, "America/New_York"));
  });

  it("gives the claim back when the send fails, and the retry sends it", async () => {
    const booking = await book(TUESDAY);
    const mail = mailboxes();
    mail.client.state.failures = 1;
    const failed = await deliver([reminderOf(booking)], mail);
    expect(failed.retryMessages).toEqual([{ msgId: "m0" }]);
    expect(await rowOf(booking.id)).toMatchObject({ reminderFor: null, reminderClaimedAt: null, remindedFor: null });
    await deliver([reminderOf(booking)], mail);
    expect(mail.client.sent).toHaveLength(1);
  });

  it("is not sent while CLIENT_MAIL_FROM is empty", async () => {
    const booking = await book(TUESDAY);
    const mail = mailboxes();
    expect((await deliver([reminderOf(booking)], mail, { CLIENT_MAIL_FROM: "" })).explicitAcks).toEqual(["m0"]);
    expect(mail.client.sent).toHaveLength(0);
    expect((await rowOf(booking.id)).remindedFor).toBeNull();
  });
});
