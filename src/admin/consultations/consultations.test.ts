import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "../../content/index.ts";
import { activityPage } from "../../db/activity.ts";
import { createOffer, isFeedKey, linkHash, offerAtLink } from "../../db/bookings.ts";
import { database } from "../../db/client.ts";
import { bookingOffers, bookings, busyTimes, calendarFeedKeys, calendarReads } from "../../db/schema.ts";
import type { Env, QueueMessage } from "../../env.ts";
import { fetchApp, makeLocalSigningKey } from "../../test/admin.ts";
import { recordingEmail } from "../../test/email.ts";
import { decodeEntities } from "../../test/html.ts";
import { INBOX_BASE, inboxSuite } from "../../test/inbox.ts";
import { recordIntake } from "../../test/intake.ts";
import { storeSubmission } from "../../test/submissions.ts";
import { visibleText } from "../../test/visible-text.ts";
import { longDay, offerExpiry } from "../shared/link-days.ts";
import { consultationKinds, linkValidDays } from "./standing.ts";
import { seattleTime } from "../shared/format.ts";

/*
 * Consultations in the inbox, through the Worker's app signed in by the local signer, real D1: an offer made
 * from a cleared inquiry (its letter, its link shown once and stored only as a hash), sent from the practice
 * or copied, withdrawn; a consultation ahead cancelled with a reason, once, by hand or with its inquiry
 * declined, the notice saying what the client is sent; a consultation's outcome once its time has begun; the
 * consultations page (bookings soonest first, busy times, the calendar address, the attorney's own calendar);
 * a privacy export with them.
 */

const db = database(env.DB);
const inbox = inboxSuite();
const kinds = consultationKinds().map((kind) => kind.id);
const SENDER = "offers@meridian-creative-law.example";

let signingKey = "";
beforeAll(async () => {
  signingKey = await makeLocalSigningKey();
});
beforeEach(async () => {
  await env.DB.exec("DELETE FROM calendar_feed_keys; DELETE FROM calendar_reads");
});

/** A form post with repeated fields (the kinds' checkboxes), signed in, with the Worker's settings changed as given. */
const postAs = (path: string, fields: [string, string][], overrides: Partial<Env> = {}) =>
  fetchApp(
    `${INBOX_BASE}${path}`,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: INBOX_BASE },
      body: new URLSearchParams(fields).toString(),
    },
    { ADMIN_LOCAL_SIGNING_KEY: signingKey, ...overrides },
  );

/** The practice set up to send to clients, through a binding that records what it is given (or fails the first `failures`). */
function sending(failures = 0) {
  const mail = recordingEmail(failures);
  return { mail, overrides: { CLIENT_MAIL_FROM: SENDER, CLIENT_EMAIL: mail.binding as unknown as Env["CLIENT_EMAIL"] } };
}

/** A cleared inquiry from Ada. */
async function clearedInquiry(overrides: { name?: string; email?: string } = {}) {
  const id = await storeSubmission(new Date(), { name: "Ada Lovelace", email: "ada@example.com", ...overrides });
  await recordIntake(db, id, "cleared");
  return id;
}

/** What the offer's page shows: its HTML (entities decoded), the link's secret, the offer's id. */
async function offer(id: string, overrides: Partial<Env> = {}, chosen: readonly string[] = kinds) {
  const response = await postAs(
    `/admin/submissions/${id}/offer`,
    chosen.map((kind) => ["kind", kind]),
    overrides,
  );
  expect(response.status).toBe(200);
  const html = decodeEntities(await response.text());
  const token = new RegExp(`${INBOX_BASE}/book/([A-Za-z0-9_-]{43})`).exec(html)?.[1];
  const offerId = /\/offers\/([0-9a-f-]{36})\/send/.exec(html)?.[1];
  const [row] = await db.select().from(bookingOffers).where(eq(bookingOffers.submissionId, id));
  expect(token).toBeDefined();
  return { html, token: token!, offerId: offerId ?? row!.id, row: row! };
}

/** The letter as the offer's page shows it, in its textarea. */
const letterOf = (html: string) => /<textarea id="offer-letter"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1]?.replace(/^\n/, "") ?? "";

const activity = async () => (await activityPage(db)).entries.map(({ action, detail }) => ({ action, detail }));

/** A booking of an inquiry at `startAt`, as the booking link would leave it. */
async function bookedAt(
  submissionId: string,
  startAt: Date,
  fields: { status?: "booked" | "cancelled" | "held" | "no-show"; sequence?: number; clientZone?: string } = {},
) {
  const now = new Date();
  const { offer: made } = await createOffer(
    db,
    { submissionId, kinds, kindNames: "All", expiresAt: new Date(now.getTime() + 14 * 86_400_000) },
    { by: "attorney@example.com", now },
  );
  const id = crypto.randomUUID();
  await db.insert(bookings).values({
    id,
    offerId: made.id,
    submissionId,
    kind: kinds[0]!,
    startAt,
    endAt: new Date(startAt.getTime() + 30 * 60_000),
    clientZone: fields.clientZone ?? "America/Los_Angeles",
    status: fields.status ?? "booked",
    sequence: fields.sequence ?? 0,
    createdAt: now,
    changedAt: now,
  });
  return id;
}

describe("offering a consultation", () => {
  it("from a cleared inquiry: the letter with a working /book/ link, whose hash alone is stored, nowhere logged", async () => {
    const logs = vi.spyOn(console, "log").mockImplementation(() => {});
    const id = await clearedInquiry();
    const { html, token, row } = await offer(id);
    // The link opens this offer, and the database holds its SHA-256, never the secret.
    expect(row.tokenHash).toBe(await linkHash(token));
    expect((await offerAtLink(db, token))?.offer.id).toBe(row.id);
    const stored = JSON.stringify([await db.select().from(bookingOffers), await env.DB.prepare("SELECT * FROM admin_activity").all()]);
    expect(stored).not.toContain(token);
    expect(logs).toHaveBeenCalledWith(`Inbox: developer@localhost consultation-offered ${id}`);
    for (const call of logs.mock.calls) expect(String(call[0])).not.toContain(token);
    // Good until the end of the Seattle day the letter names, the content's number of days from today.
    const { expiresAt, lastDay } = offerExpiry(new Date(), linkValidDays());
    expect(row.expiresAt).toEqual(expiresAt);
    expect(JSON.parse(row.kinds)).toEqual(kinds);
    // The letter, filled in literally: the person, the link, the last day written long.
    const letter = letterOf(html);
    expect(letter).toContain("Dear Ada Lovelace,");
    expect(letter).toContain(`${INBOX_BASE}/book/${token}`);
    expect(letter).toContain(longDay(lastDay));
    expect(letter).not.toMatch(/\{\{/);
    // The link to copy, with the copy script, and the letter for her own mail program.
    expect(html).toMatch(new RegExp(`<input id="booking-link" readonly="" [^>]*value="${INBOX_BASE}/book/${token}"`, "i"));
    expect(html).toContain('data-copy="booking-link"');
    expect(html).toContain('src="/admin/scripts/copy-text.js"');
    const mailto = new URL(/href="(mailto:[^"]+)"/.exec(html)![1]!);
    expect(mailto.pathname).toBe("ada@example.com");
    expect(mailto.searchParams.get("body")).toContain(`/book/${token}`);
    expect(await activity()).toContainEqual({
      action: "consultation-offered",
      detail: consultationKinds()
        .map((kind) => kind.name)
        .join(", "),
    });
  });

  it("without sending set up, offers no send button: the link is copied", async () => {
    const id = await clearedInquiry();
    const { html } = await offer(id);
    expect(html).not.toContain("Send from the practice");
    expect(visibleText(html)).toContain("Sending to clients is not set up");
    expect(html).toContain("docs/operators.md, “Mail to clients”");
    expect(html).toContain('data-copy="offer-letter"');
    // Its inquiry shows the offer, not sent from the practice, with its link open until the day it names.
    const page = await inbox.page(`/admin/submissions/${id}`);
    expect(page).toContain(">Offered</span>");
    expect(page).toContain("Not sent from the practice");
    expect(page).toContain("Withdraw the offer");
  });

  it("offers only the kinds checked, and none without one", async () => {
    const id = await clearedInquiry();
    const { row } = await offer(id, {}, [kinds[0]!, "no-such-kind"]);
    expect(JSON.parse(row.kinds)).toEqual([kinds[0]]);
    const none = await postAs(`/admin/submissions/${id}/offer`, [["kind", "no-such-kind"]]);
    expect(none.status).toBe(303);
    expect(await inbox.shownAfter(none)).toContain("Nothing was offered: choose at least one kind of consultation.");
    expect(await db.select().from(bookingOffers).where(eq(bookingOffers.submissionId, id))).toHaveLength(1);
  });

  it("is refused for an inquiry not cleared, which shows no offer form", async () => {
    const id = await storeSubmission(new Date(), { name: "Grace Hopper" });
    expect(await inbox.page(`/admin/submissions/${id}`)).not.toContain("Offer a consultation");
    const refused = await postAs(
      `/admin/submissions/${id}/offer`,
      kinds.map((kind) => ["kind", kind]),
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(`/admin/submissions/${id}#consultations`);
    expect(await inbox.shownAfter(refused)).toContain("Nothing was offered: a consultation is offered once the conflict check is cleared");
    expect(await db.select().from(bookingOffers)).toEqual([]);
    expect(await activity()).not.toContainEqual(expect.objectContaining({ action: "consultation-offered" }));
    const cleared = await clearedInquiry({ name: "Alan Turing", email: "alan@example.com" });
    expect(await inbox.page(`/admin/submissions/${cleared}`)).toContain("Offer a consultation");
  });
});

describe("sending the offer from the practice", () => {
  it("sends the letter as edited to the inquiry's address, Reply-To the practice, and records it", async () => {
    const id = await clearedInquiry();
    const { mail, overrides } = sending();
    const { html, token, offerId } = await offer(id, overrides);
    expect(html).toContain("Send from the practice");
    const edited = `${letterOf(html)}\n\nP.S. Parking is on Pine Street.`;
    const sent = await postAs(
      `/admin/submissions/${id}/offers/${offerId}/send`,
      [
        ["token", token],
        ["subject", "A consultation\r\nBcc: someone@example.com"],
        ["letter", edited],
      ],
      overrides,
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/admin/submissions/${id}#consultations`);
    expect(mail.binding.send).toHaveBeenCalledTimes(1);
    expect(mail.sent[0]).toEqual({
      from: { name: site.practiceName, email: SENDER },
      to: "ada@example.com",
      replyTo: { name: site.practiceName, email: site.email },
      // A line break typed into the subject never makes a header.
      subject: "A consultation Bcc: someone@example.com",
      text: edited.trim(),
    });
    const shown = await inbox.shownAfter(sent);
    expect(shown).toContain("The offer went to ada@example.com.");
    expect(shown.indexOf("The offer went to")).toBeGreaterThan(shown.indexOf('id="consultations-heading"'));
    expect(shown).toContain("E-mailed from the practice");
    const [row] = await db.select().from(bookingOffers).where(eq(bookingOffers.id, offerId));
    expect(row).toMatchObject({ sentTo: "ada@example.com" });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(await activity()).toContainEqual({ action: "consultation-offered", detail: "The letter went from the practice's address" });
    // A second press sends nothing more.
    const again = await postAs(
      `/admin/submissions/${id}/offers/${offerId}/send`,
      [
        ["token", token],
        ["subject", "A consultation"],
        ["letter", edited],
      ],
      overrides,
    );
    expect(await inbox.shownAfter(again)).toContain("Nothing was sent again");
    expect(mail.binding.send).toHaveBeenCalledTimes(1);
  });

  it("refuses a link that is not the offer's, sending nothing", async () => {
    const id = await clearedInquiry();
    const { mail, overrides } = sending();
    const { html, offerId } = await offer(id, overrides);
    const refused = await postAs(
      `/admin/submissions/${id}/offers/${offerId}/send`,
      [
        ["token", "A".repeat(43)],
        ["subject", "A consultation"],
        ["letter", letterOf(html)],
      ],
      overrides,
    );
    expect(refused.status).toBe(303);
    expect(await inbox.shownAfter(refused)).toContain("Nothing was sent: the page's link is not this offer's.");
    expect(mail.binding.send).not.toHaveBeenCalled();
    const [row] = await db.select().from(bookingOffers).where(eq(bookingOffers.id, offerId));
    expect(row!.sentAt).toBeNull();
  });

  it("records nothing when the send fails, and shows the letter and the link again", async () => {
    const id = await clearedInquiry();
    const { mail, overrides } = sending(1);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { html, token, offerId } = await offer(id, overrides);
    const edited = `${letterOf(html)}\n\nP.S. Edited.`;
    const fields: [string, string][] = [
      ["token", token],
      ["subject", "A consultation"],
      ["letter", edited],
    ];
    const failed = await postAs(`/admin/submissions/${id}/offers/${offerId}/send`, fields, overrides);
    expect(failed.status).toBe(502);
    const page = decodeEntities(await failed.text());
    expect(page).toContain("The letter could not be sent: nothing was recorded as sent, and the offer stands.");
    expect(page).toContain(`value="${INBOX_BASE}/book/${token}"`);
    expect(letterOf(page)).toBe(edited.trim());
    expect(errors).toHaveBeenCalledWith("Inbox: a letter to a client could not be sent: send_email: upstream unavailable");
    for (const call of errors.mock.calls) expect(String(call[0])).not.toContain(token);
    const [row] = await db.select().from(bookingOffers).where(eq(bookingOffers.id, offerId));
    expect(row!.sentAt).toBeNull();
    expect(await activity()).not.toContainEqual(expect.objectContaining({ detail: "The letter went from the practice's address" }));
    // The offer stands: sent on the next try.
    expect((await postAs(`/admin/submissions/${id}/offers/${offerId}/send`, fields, overrides)).status).toBe(303);
    expect(mail.sent).toHaveLength(1);
  });

  it("refuses a letter without its link, and a send when sending is not set up", async () => {
    const id = await clearedInquiry();
    const { mail, overrides } = sending();
    const { token, offerId } = await offer(id, overrides);
    const withoutLink = await postAs(
      `/admin/submissions/${id}/offers/${offerId}/send`,
      [
        ["token", token],
        ["subject", "A consultation"],
        ["letter", "Dear Ada, call us."],
      ],
      overrides,
    );
    expect(withoutLink.status).toBe(422);
    expect(decodeEntities(await withoutLink.text())).toContain("the letter no longer holds the booking link");
    const notSetUp = await postAs(`/admin/submissions/${id}/offers/${offerId}/send`, [
      ["token", token],
      ["subject", "A consultation"],
      ["letter", `${INBOX_BASE}/book/${token}`],
    ]);
    expect(notSetUp.status).toBe(422);
    expect(mail.binding.send).not.toHaveBeenCalled();
  });
});

describe("an offer and its consultation on the inquiry", () => {
  it("withdraws an unused offer: its link books nothing after, and a second withdrawal changes nothing", async () => {
    const id = await clearedInquiry();
    const { token, row } = await offer(id);
    const withdrawn = await inbox.post(`/admin/submissions/${id}/offers/${row.id}/withdraw`);
    expect(await inbox.shownAfter(withdrawn)).toContain("The offer was withdrawn: its link books nothing now.");
    const link = await offerAtLink(db, token);
    expect(link?.offer.withdrawnAt).toBeInstanceOf(Date);
    const page = await inbox.page(`/admin/submissions/${id}`);
    expect(page).toContain(">Withdrawn</span>");
    expect(page).not.toContain("Withdraw the offer");
    expect(await inbox.shownAfter(await inbox.post(`/admin/submissions/${id}/offers/${row.id}/withdraw`))).toContain(
      "Nothing was changed: the offer was booked or withdrawn already.",
    );
    expect(await activity()).toContainEqual({ action: "consultation-offer-withdrawn", detail: null });
    // Another inquiry's address for the offer finds nothing.
    const other = await clearedInquiry({ name: "Alan Turing", email: "alan@example.com" });
    expect((await inbox.post(`/admin/submissions/${other}/offers/${row.id}/withdraw`)).status).toBe(404);
  });

  it("shows a booking in Seattle time and the client's, moved, and records held or missed only once its time has begun", async () => {
    const id = await clearedInquiry();
    const ahead = new Date(Date.now() + 3 * 86_400_000);
    const future = await bookedAt(id, ahead, { clientZone: "America/New_York", sequence: 1 });
    let page = await inbox.page(`/admin/submissions/${id}`);
    expect(page).toContain(">Booked, moved</span>");
    expect(page).toContain(seattleTime(ahead));
    expect(page).toMatch(/for the client, America\/New_York\)/);
    expect(page).toContain("moved once");
    expect(page).not.toContain(">Held</button>");
    // Before its time: refused.
    const early = await inbox.post(`/admin/submissions/${id}/bookings/${future}/outcome`, { status: "held" });
    expect(await inbox.shownAfter(early)).toContain("Nothing was changed: an outcome is recorded once the consultation's time has begun");
    // After it: held, then corrected to missed.
    const past = await bookedAt(id, new Date(Date.now() - 2 * 3_600_000));
    page = await inbox.page(`/admin/submissions/${id}`);
    expect(page).toContain(">Time begun: held?</span>");
    expect(page).toContain(">Held</button>");
    const held = await inbox.post(`/admin/submissions/${id}/bookings/${past}/outcome`, { status: "held" });
    expect(await inbox.shownAfter(held)).toContain("Recorded: the consultation was held.");
    expect((await db.select().from(bookings).where(eq(bookings.id, past)))[0]!.status).toBe("held");
    const missed = await inbox.post(`/admin/submissions/${id}/bookings/${past}/outcome`, { status: "no-show" });
    expect(await inbox.shownAfter(missed)).toContain("Recorded: the person did not come.");
    expect(await activity()).toEqual(
      expect.arrayContaining([
        { action: "consultation-held", detail: null },
        { action: "consultation-no-show", detail: null },
      ]),
    );
    // A cancelled one: never.
    const cancelled = await bookedAt(id, new Date(Date.now() - 3_600_000), { status: "cancelled", sequence: 1 });
    const refused = await inbox.post(`/admin/submissions/${id}/bookings/${cancelled}/outcome`, { status: "held" });
    expect(await inbox.shownAfter(refused)).toContain("Nothing was changed");
    expect((await db.select().from(bookings).where(eq(bookings.id, cancelled)))[0]!.status).toBe("cancelled");
  });
});

describe("a consultation cancelled by the practice", () => {
  /** What the Worker queued: the posts below go to a queue that records. */
  let queued: QueueMessage[] = [];
  const recording = {
    CONTACT_QUEUE: { send: async (message: QueueMessage) => void queued.push(message) } as unknown as Env["CONTACT_QUEUE"],
  };
  beforeEach(() => {
    queued = [];
  });
  const row = async (bookingId: string) => (await db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;

  it("is cancelled from the inquiry with a reason for the client, its cancellation queued, and the inbox says what the client is sent", async () => {
    const id = await clearedInquiry();
    const booked = await bookedAt(id, new Date(Date.now() + 3 * 86_400_000));
    expect(await inbox.page(`/admin/submissions/${id}`)).toContain("Cancel the consultation");
    const cancel = (overrides: Partial<Env>) =>
      postAs(`/admin/submissions/${id}/bookings/${booked}/cancel`, [["reason", "I must be in court that morning."]], {
        ...recording,
        ...overrides,
      });
    const done = await cancel(sending().overrides);
    expect(await inbox.shownAfter(done)).toContain(
      "The consultation is cancelled and its time is free again. ada@example.com is e-mailed the cancellation, with its calendar update and your reason if you gave one.",
    );
    expect(queued).toEqual([{ kind: "booking-mail", bookingId: booked, sequence: 1 }]);
    expect(await row(booked)).toMatchObject({
      status: "cancelled",
      sequence: 1,
      cancelledBy: "developer@localhost",
      cancelReason: "I must be in court that morning.",
    });
    const page = await inbox.page(`/admin/submissions/${id}`);
    expect(page).toContain("Cancelled by developer@localhost; the reason the client was given: “I must be in court that morning.”");
    expect(await activity()).toContainEqual({
      action: "consultation-cancelled",
      detail: expect.stringContaining("reason given: I must be in court that morning."),
    });
    // Once: a second post cancels nothing and queues nothing.
    expect(await inbox.shownAfter(await cancel(sending().overrides))).toContain("Nothing was cancelled");
    expect(queued).toHaveLength(1);
  });

  it("says nothing was e-mailed when sending to clients is not set up, and cancels no consultation whose time has begun", async () => {
    const id = await clearedInquiry();
    const booked = await bookedAt(id, new Date(Date.now() + 86_400_000));
    const done = await postAs(`/admin/submissions/${id}/bookings/${booked}/cancel`, [], { ...recording, CLIENT_MAIL_FROM: "" });
    expect(await inbox.shownAfter(done)).toContain("Nothing was e-mailed to ada@example.com (sending to clients is not set up");
    expect(await row(booked)).toMatchObject({ status: "cancelled", cancelReason: null });
    const begun = await bookedAt(id, new Date(Date.now() - 60_000));
    expect(await inbox.shownAfter(await postAs(`/admin/submissions/${id}/bookings/${begun}/cancel`, [], recording))).toContain(
      "Nothing was cancelled",
    );
    expect((await row(begun)).status).toBe("booked");
  });

  it("ends with its inquiry declined: cancelled, the client's cancellation queued, and the decline's notice says so", async () => {
    const id = await clearedInquiry();
    const booked = await bookedAt(id, new Date(Date.now() + 3 * 86_400_000));
    const declined = await postAs(
      `/admin/submissions/${id}/decline`,
      [
        ["from", "cleared"],
        ["letter", "Dear Ada, we cannot take this on."],
      ],
      { ...recording, ...sending().overrides },
    );
    const shown = await inbox.shownAfter(declined);
    expect(shown).toContain("Recorded as declined, letter not yet sent.");
    expect(shown).toContain(
      "Its consultation booked ahead is cancelled and its open offers and letters withdrawn; the client is e-mailed the cancellation",
    );
    expect(queued).toEqual([{ kind: "booking-mail", bookingId: booked, sequence: 1 }]);
    expect(await row(booked)).toMatchObject({ status: "cancelled", cancelledBy: "developer@localhost", cancelReason: null });
  });
});

describe("the consultations page", () => {
  it("is in the inbox's navigation and lists consultations soonest first, each leading to its inquiry", async () => {
    const soon = await clearedInquiry({ name: "Soon Person", email: "soon@example.com" });
    const week = await clearedInquiry({ name: "Week Person", email: "week@example.com" });
    const later = await clearedInquiry({ name: "Later Person", email: "later@example.com" });
    const now = Date.now();
    await bookedAt(later, new Date(now + 20 * 86_400_000));
    await bookedAt(week, new Date(now + 3 * 86_400_000));
    await bookedAt(soon, new Date(now + 3_600_000));
    const cancelled = await clearedInquiry({ name: "Cancelled Person", email: "gone@example.com" });
    await bookedAt(cancelled, new Date(now + 2 * 86_400_000), { status: "cancelled", sequence: 1 });
    const html = await inbox.page("/admin/consultations");
    expect(html).toContain('<a href="/admin/consultations" aria-current="page"');
    const at = (text: string) => html.indexOf(text);
    expect(at("Soon Person")).toBeGreaterThan(-1);
    expect(at("Soon Person")).toBeLessThan(at("Week Person"));
    expect(at("Week Person")).toBeGreaterThan(at('id="week-heading"'));
    expect(at("Week Person")).toBeLessThan(at('id="later-heading"'));
    expect(at("Later Person")).toBeGreaterThan(at('id="later-heading"'));
    expect(html).toContain(`href="/admin/submissions/${later}#consultations"`);
    expect(html).not.toContain("Cancelled Person");
  });

  it("adds a busy time and days off in Seattle time, effective at once, and removes them", async () => {
    const tomorrow = Temporal.Now.plainDateISO("America/Los_Angeles").add({ days: 1 }).toString();
    const added = await inbox.post("/admin/consultations/busy", { whole: "0", day: tomorrow, from: "09:00", to: "12:30", note: "Court" });
    expect(await inbox.shownAfter(added)).toContain("The busy time was added");
    const [busy] = await db.select().from(busyTimes);
    const seattle = (time: string) =>
      Temporal.PlainDateTime.from(`${tomorrow}T${time}`).toZonedDateTime("America/Los_Angeles").epochMilliseconds;
    expect(busy).toMatchObject({ source: "inbox", note: "Court", createdBy: "developer@localhost" });
    expect([busy!.startAt.getTime(), busy!.endAt.getTime()]).toEqual([seattle("09:00"), seattle("12:30")]);
    const page = await inbox.page("/admin/consultations");
    expect(page).toContain("9:00 AM to 12:30 PM");
    expect(page).toContain("Court");
    // Days off over the day the clocks spring forward: whole Seattle days, 23 hours that day.
    await inbox.post("/admin/consultations/busy", { whole: "1", day: "2027-03-13", through: "2027-03-14", note: "" });
    const [off] = await db.select().from(busyTimes).where(eq(busyTimes.note, "Day off"));
    expect(off!.startAt.toISOString()).toBe("2027-03-13T08:00:00.000Z");
    expect(off!.endAt.toISOString()).toBe("2027-03-15T07:00:00.000Z");
    expect(await inbox.page("/admin/consultations")).toContain("Mar 13, 2027 to Mar 14, 2027, whole days");
    // Refused with the reason, the form kept.
    const refused = await inbox.post("/admin/consultations/busy", {
      whole: "0",
      day: tomorrow,
      from: "12:00",
      to: "11:00",
      note: "Backwards",
    });
    expect(refused.status).toBe(422);
    const refusedPage = decodeEntities(await refused.text());
    expect(refusedPage).toContain("Nothing was added: it must end after it starts.");
    expect(refusedPage).toContain('value="Backwards"');
    const past = await inbox.post("/admin/consultations/busy", { whole: "1", day: "2020-01-01" });
    expect(decodeEntities(await past.text())).toContain("Nothing was added: that time is over already.");
    expect(await db.select().from(busyTimes)).toHaveLength(2);
    // Removed.
    const removed = await inbox.post(`/admin/consultations/busy/${busy!.id}/remove`);
    expect(await inbox.shownAfter(removed)).toContain("The busy time was removed");
    expect(await db.select().from(busyTimes)).toHaveLength(1);
    expect(await inbox.shownAfter(await inbox.post(`/admin/consultations/busy/${busy!.id}/remove`))).toContain("Nothing was removed");
    expect(await activity()).toEqual(
      expect.arrayContaining([
        { action: "busy-time-added", detail: "Court" },
        { action: "busy-time-removed", detail: "Court" },
      ]),
    );
  });

  it("makes a calendar address shown once, stopped by the next and by “Stop”", async () => {
    const address = async () => {
      const response = await inbox.post("/admin/consultations/feed");
      expect(response.status).toBe(200);
      const html = decodeEntities(await response.text());
      const token = new RegExp(`${INBOX_BASE}/calendar/([A-Za-z0-9_-]{43})\\.ics`).exec(html)?.[1];
      expect(token).toBeDefined();
      expect(html).toContain('data-copy="feed-address"');
      expect(html).toContain("Google Calendar");
      return token!;
    };
    expect(await inbox.page("/admin/consultations")).toContain("No calendar address is in use.");
    const first = await address();
    expect(await isFeedKey(db, first)).toBe(true);
    const [key] = await db.select().from(calendarFeedKeys);
    expect(key!.tokenHash).toBe(await linkHash(first));
    const later = await inbox.page("/admin/consultations");
    expect(later).toContain("An address is in use");
    expect(later).not.toContain(first);
    const second = await address();
    expect(await isFeedKey(db, first)).toBe(false);
    expect(await isFeedKey(db, second)).toBe(true);
    const stopped = await inbox.post("/admin/consultations/feed/stop");
    expect(await inbox.shownAfter(stopped)).toContain("The calendar address was stopped");
    expect(await isFeedKey(db, second)).toBe(false);
    const log = JSON.stringify(await activity());
    expect(log).not.toContain(first);
    expect(log).not.toContain(second);
    expect((await activity()).filter((entry) => entry.action === "calendar-feed")).toHaveLength(3);
  });

  it("says when the attorney's own calendar was last read, a failure, or that none is set", async () => {
    expect(visibleText(await inbox.page("/admin/consultations"))).toContain("None is set");
    const readAt = new Date(Date.now() - 600_000);
    await db.insert(calendarReads).values({ id: 1, readAt, busyTimes: 3 });
    let shown = visibleText(await inbox.page("/admin/consultations"));
    expect(shown).toContain(`Last read ${seattleTime(readAt)}: 3 busy times ahead.`);
    const failedAt = new Date(Date.now() - 60_000);
    await db.update(calendarReads).set({ failedAt, failure: "the address answered 404" }).where(eq(calendarReads.id, 1));
    shown = visibleText(await inbox.page("/admin/consultations"));
    expect(shown).toContain(`The last reading failed ${seattleTime(failedAt)}: the address answered 404.`);
  });
});

describe("a privacy request", () => {
  it("exports the person's consultations (times, kinds, states; never the link), and deletes them with the inquiries", async () => {
    const id = await clearedInquiry();
    const startAt = new Date(Date.UTC(2030, 0, 8, 18, 0));
    await bookedAt(id, startAt, { clientZone: "Europe/Paris" });
    const [stored] = await db.select().from(bookingOffers);
    const copy = await (await inbox.post("/admin/privacy/export", { email: "ada@example.com" })).text();
    expect(copy).not.toContain(stored!.tokenHash);
    const { consultations } = JSON.parse(copy) as { consultations: Record<string, unknown>[] };
    expect(consultations).toEqual([
      expect.objectContaining({
        inquiry: id,
        kinds: consultationKinds().map((kind) => kind.name),
        booking: expect.objectContaining({
          kind: consultationKinds()[0]!.name,
          startsAt: startAt.toISOString(),
          timeZone: "Europe/Paris",
          status: "booked",
        }),
      }),
    ]);
    const full = await (await inbox.post("/admin/privacy/export/full", { email: "ada@example.com" })).text();
    expect(full).not.toContain(stored!.tokenHash);
    expect((JSON.parse(full) as { consultations: unknown[] }).consultations).toHaveLength(1);
    const document = visibleText(await (await inbox.post("/admin/privacy/export/document", { email: "ada@example.com" })).text());
    expect(document).toContain("The consultation we offered you");
    expect(document).toContain(`Booked: ${consultationKinds()[0]!.name}, ${seattleTime(startAt)}`);
    // Deleted with the person's inquiries.
    await inbox.post("/admin/privacy/delete", { email: "ada@example.com", confirm: "1", mode: "all", reason: "Asked by e-mail" });
    expect(await db.select().from(bookingOffers)).toEqual([]);
    expect(await db.select().from(bookings)).toEqual([]);
  });
});
