import { type Context, Hono } from "hono";
import { site } from "../../content/index.ts";
import { CANCEL_REASON_MAX, cancelBooking, createOffer, markOfferSent, recordOutcome, withdrawOffer } from "../../db/bookings.ts";
import { database } from "../../db/client.ts";
import { bookingOfInquiry, isOffersLink, offerOfInquiry } from "../../db/consultations-inbox.ts";
import { findInboxSubmission } from "../../db/inbox.ts";
import type { BookingOffer } from "../../db/schema.ts";
import { audit, logAction } from "../shared/audit.ts";
import { oneLine } from "../../queue/one-line.ts";
import { queueBookingMail } from "../../queue/enqueue.ts";
import { bookingMailReaches, canMailClients, sendLetter } from "../shared/client-mail.ts";
import { COPY_SCRIPT } from "../shared/scripts.ts";
import { lastDayOf, longDay, offerExpiry } from "../shared/link-days.ts";
import { consultationKinds, kindName, linkValidDays, offeredKindNames } from "./standing.ts";
import type { AdminEnv } from "../gate.ts";
import { type Letter, offerLetter } from "../shared/mail-links.ts";
import { OFFER_LETTER_MAX, OfferPage } from "./OfferPage.tsx";
import { renderAdminPage, renderNotFound } from "../shared/render.tsx";
import { SUBMISSION, UUID, backToInquiry } from "../shared/inquiry-routes.ts";
import { formField } from "../shared/forms.ts";

/**
 * An inquiry's consultations, mounted beside its page at /admin/submissions/:id: `POST …/offer` makes an offer
 * and answers with its letter and link (the link's secret exists only in that answer: never stored, never
 * logged), `POST …/offers/:offer/send` sends the letter from the practice, `…/offers/:offer/withdraw`
 * withdraws an unused offer, `POST …/bookings/:booking/cancel` cancels one booked ahead, with a reason for the
 * client, `POST …/bookings/:booking/outcome` records a consultation held or missed. Each change is in the
 * activity log.
 */
export const offerRoutes = new Hono<AdminEnv>();

/**
 * Where a link leads: this site as the attorney reaches it. The offer is stored in the database of the Worker
 * answering her, so its link must lead to that Worker: the site's own address in production, a preview's on a
 * preview, localhost locally.
 */
const bookingLink = (c: Context<AdminEnv>, token: string) => `${new URL(c.req.url).origin}/book/${token}`;

interface OfferShown {
  readonly submission: { readonly id: string; readonly name: string; readonly email: string };
  readonly offer: Pick<BookingOffer, "id" | "kinds" | "expiresAt">;
  readonly token: string;
  readonly letter?: Letter;
  readonly error?: string;
}

/** The offer's page: its letter (as prepared, or as she left it) and its link, with the copy script. */
function showOffer(c: Context<AdminEnv>, { submission, offer, token, letter, error }: OfferShown, status: 200 | 422 | 502 = 200) {
  const link = bookingLink(c, token);
  const lastDay = longDay(lastDayOf(offer.expiresAt));
  return renderAdminPage(
    c,
    `Offer a consultation to ${submission.name}`,
    <OfferPage
      submission={submission}
      offerId={offer.id}
      kindNames={offeredKindNames(offer)}
      lastDay={lastDay}
      token={token}
      link={link}
      letter={letter ?? offerLetter(submission, { url: link, expires: lastDay }, new Date())}
      sendFrom={canMailClients(c.env) ? c.env.CLIENT_MAIL_FROM.trim() : undefined}
      replyTo={site.email}
      error={error}
    />,
    status,
    [COPY_SCRIPT],
  );
}

/** "Offer a consultation": from a cleared inquiry only, of the kinds checked (at least one the practice offers). */
offerRoutes.post(`${SUBMISSION}/offer`, async (c) => {
  const db = database(c.env.DB);
  const now = new Date();
  const submission = await findInboxSubmission(db, c.req.param("id"), now);
  if (!submission) return renderNotFound(c);
  if (submission.intakeState !== "cleared") return backToInquiry(c, submission.id, "offer-refused");
  const posted = (await c.req.parseBody({ all: true })).kind;
  const asked = (Array.isArray(posted) ? posted : [posted]).filter((kind): kind is string => typeof kind === "string");
  const kinds = consultationKinds()
    .map((kind) => kind.id)
    .filter((id) => asked.includes(id));
  if (kinds.length === 0) return backToInquiry(c, submission.id, "offer-no-kind");
  const { expiresAt } = offerExpiry(now, linkValidDays());
  const { offer, token } = await createOffer(
    db,
    { submissionId: submission.id, kinds, kindNames: kinds.map(kindName).join(", "), expiresAt },
    { by: c.var.adminEmail, now },
  );
  logAction(c, { action: "consultation-offered", submissionId: submission.id });
  return showOffer(c, { submission, offer, token });
});

/**
 * "Send from the practice": the letter as she left it, to the inquiry's own address, only with the link's
 * secret of this very offer (its SHA-256 the one stored) and only while the offer is open and not yet sent.
 * Sent: recorded, and back to the inquiry. Not sent: nothing recorded, and the page again, link and all.
 */
offerRoutes.post(`${SUBMISSION}/offers/:offer{${UUID}}/send`, async (c) => {
  const db = database(c.env.DB);
  const now = new Date();
  const id = c.req.param("id");
  const [submission, found] = await Promise.all([findInboxSubmission(db, id, now), offerOfInquiry(db, id, c.req.param("offer"))]);
  if (!submission || !found) return renderNotFound(c);
  const { offer, booking } = found;
  const token = (await formField(c, "token")) ?? "";
  if (!(await isOffersLink(offer, token))) return backToInquiry(c, id, "offer-send-refused");
  if (offer.sentAt) return backToInquiry(c, id, "offer-already-sent");
  if (booking || offer.withdrawnAt || offer.expiresAt.getTime() <= now.getTime()) return backToInquiry(c, id, "offer-closed");
  const letter = { subject: oneLine((await formField(c, "subject")) ?? ""), body: ((await formField(c, "letter")) ?? "").trim() };
  const shown = { submission, offer, token, letter };
  if (!canMailClients(c.env))
    return showOffer(c, { ...shown, error: "Nothing was sent: sending to clients is not set up. Copy the link instead." }, 422);
  if (!letter.subject || !letter.body || letter.body.length > OFFER_LETTER_MAX)
    return showOffer(c, { ...shown, error: "Nothing was sent: the letter needs a subject and its text." }, 422);
  if (!letter.body.includes(bookingLink(c, token)))
    return showOffer(c, { ...shown, error: "Nothing was sent: the letter no longer holds the booking link. Put the link back in." }, 422);
  if (!(await sendLetter(c.env, submission.email, letter)))
    return showOffer(
      c,
      {
        ...shown,
        error:
          "The letter could not be sent: nothing was recorded as sent, and the offer stands. Try again, or copy the link into your own mail.",
      },
      502,
    );
  await markOfferSent(db, offer.id, submission.email, now);
  await audit(c, { action: "consultation-offered", submissionId: id, detail: "The letter went from the practice's address" });
  return backToInquiry(c, id, "offer-sent");
});

/** "Withdraw the offer": its link books nothing after; refused once booked or withdrawn. */
offerRoutes.post(`${SUBMISSION}/offers/:offer{${UUID}}/withdraw`, async (c) => {
  const db = database(c.env.DB);
  const id = c.req.param("id");
  const found = await offerOfInquiry(db, id, c.req.param("offer"));
  if (!found) return renderNotFound(c);
  if (!(await withdrawOffer(db, found.offer.id, { by: c.var.adminEmail, now: new Date() })))
    return backToInquiry(c, id, "offer-not-withdrawn");
  logAction(c, { action: "consultation-offer-withdrawn", submissionId: id });
  return backToInquiry(c, id, "offer-withdrawn");
});

/**
 * "Cancel the consultation": one booked ahead, with the reason the client is told if she gives one, cancelled
 * by the person signed in; the cancellation is queued to the client, and the notice says what reaches them.
 */
offerRoutes.post(`${SUBMISSION}/bookings/:booking{${UUID}}/cancel`, async (c) => {
  const db = database(c.env.DB);
  const id = c.req.param("id");
  const now = new Date();
  const [submission, booking] = await Promise.all([findInboxSubmission(db, id, now), bookingOfInquiry(db, id, c.req.param("booking"))]);
  if (!submission || !booking) return renderNotFound(c);
  const reason = ((await formField(c, "reason")) ?? "").replace(/\r\n?/g, "\n").trim().slice(0, CANCEL_REASON_MAX);
  const cancelled = await cancelBooking(db, booking, c.var.adminEmail, now, reason || null);
  if (!cancelled) return backToInquiry(c, id, "booking-not-cancelled");
  await queueBookingMail(c.env, cancelled.id, cancelled.sequence);
  logAction(c, { action: "consultation-cancelled", submissionId: id });
  return backToInquiry(c, id, bookingMailReaches(c.env, submission.email) ? "booking-cancelled-mailed" : "booking-cancelled-unmailed");
});

/** "Held" or "Did not come": once the consultation's time has begun, for one not cancelled. */
offerRoutes.post(`${SUBMISSION}/bookings/:booking{${UUID}}/outcome`, async (c) => {
  const db = database(c.env.DB);
  const id = c.req.param("id");
  const status = await formField(c, "status");
  if (status !== "held" && status !== "no-show") return c.text("Expected an outcome to record.", 400);
  const booking = await bookingOfInquiry(db, id, c.req.param("booking"));
  if (!booking) return renderNotFound(c);
  if (booking.status === status) return backToInquiry(c, id, status === "held" ? "outcome-held" : "outcome-no-show");
  if (!(await recordOutcome(db, booking.id, status, { by: c.var.adminEmail, now: new Date() })))
    return backToInquiry(c, id, "outcome-refused");
  logAction(c, { action: status === "held" ? "consultation-held" : "consultation-no-show", submissionId: id });
  return backToInquiry(c, id, status === "held" ? "outcome-held" : "outcome-no-show");
});
