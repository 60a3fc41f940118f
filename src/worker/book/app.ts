import type { Context } from "hono";
import { database } from "../../db/client.ts";
import {
  BOOKING_LINK_ACTOR,
  type OfferAtLink,
  bookWithOffer,
  cancelBooking,
  linkState,
  offerAtLink,
  rescheduleBooking,
} from "../../db/bookings.ts";
import type { BookingView, Refusal } from "../../booking/view.ts";
import { queueBookingMail } from "../../queue/enqueue.ts";
import { routeTable } from "../../routes/index.ts";
import type { AppEnv } from "../app-env.ts";
import { renderRequestPage } from "../render.tsx";
import { invitationOf } from "./invitation.ts";
import { type ChosenTimes, bookedView, choiceUnreadable, claimOf, chosenTimes, refusalOf, timesView } from "./times.ts";

/*
 * /book/{secret}: the client's side of a consultation offer. Public (no Access), reached only by the private
 * link; never indexed or cached, and it sends no referrer, so the secret in its address goes nowhere. A GET
 * changes nothing (mail scanners open links), and one whose query cannot be read answers the page as it stands
 * with 400; choosing and confirming a time is one POST, moving and cancelling each another.
 */

type BookContext = Context<AppEnv>;

/** The page of a link, answered with `status` (409 when a choice was refused, 400 when its query cannot be read). */
const page = (c: BookContext, view: BookingView, status?: 400 | 409 | 404) =>
  renderRequestPage(c, routeTable.booking(linkPath(c), view), status);

/** The link's secret: the path's part after /book/. */
const tokenOf = (c: BookContext) => c.req.path.split("/")[2] ?? "";

/** The link's own path, without a query. */
const linkPath = (c: BookContext) => `/book/${tokenOf(c)}`;

/** What the client chose on the page (the query of a GET, or the fields of a POST). */
function choiceOf(c: BookContext, fields: Record<string, string | File> = {}): ChosenTimes {
  const read = (name: string) => {
    const value = fields[name] ?? c.req.query(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    kind: read("kind"),
    zone: read("zone"),
    from: read("from"),
    visitorZone: (c.req.raw.cf as { timezone?: string } | undefined)?.timezone,
  };
}

/** The page of a link as it stands, with a refusal of the last choice if there was one. */
async function viewOf(c: BookContext, link: OfferAtLink, choice: ChosenTimes, refusal?: Refusal): Promise<BookingView> {
  const db = database(c.env.DB);
  const now = new Date();
  const state = linkState(link, now);
  if (state === "expired" || state === "withdrawn") return { state: "closed" };
  if (state === "cancelled" || state === "past") return { state };
  const chosen = chosenTimes(link, choice);
  const times = await timesView(db, link, chosen, now);
  if (state === "open") return { state: "choose", name: link.person.name, times, ...(refusal ? { refusal } : {}) };
  return bookedView(link, chosen, times, c.req.query("done") === "moved", `${linkPath(c)}/invitation.ics`, refusal);
}

/**
 * Answers a request under /book/ (src/worker/app.ts has limited it and set its headers): the link's page, its
 * invitation, or a POST that books, moves or cancels; anything else is the closed link's page.
 */
export function answerBookingLink(c: BookContext): Promise<Response> {
  const [, , token, rest, ...more] = c.req.path.split("/");
  if (token && more.length === 0) {
    if (rest === undefined && c.req.method === "GET") return showLink(c);
    if (rest === undefined && c.req.method === "POST") return actOnLink(c);
    if (rest === "invitation.ics" && c.req.method === "GET") return downloadInvitation(c);
  }
  return page(c, { state: "closed" }, 404);
}

async function showLink(c: BookContext) {
  const link = await offerAtLink(database(c.env.DB), tokenOf(c));
  if (!link) return page(c, { state: "closed" }, 404);
  const choice = choiceOf(c);
  // A query the page cannot read (a day that does not exist, say): the page as it stands, never an error.
  return page(c, await viewOf(c, link, choice), choiceUnreadable(link, choice) ? 400 : undefined);
}

async function downloadInvitation(c: BookContext) {
  const link = await offerAtLink(database(c.env.DB), tokenOf(c));
  if (!link?.booking) return page(c, { state: "closed" }, 404);
  return c.body(invitationOf(link, link.booking, new URL(c.req.url).host), 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": 'attachment; filename="consultation.ics"',
  });
}

async function actOnLink(c: BookContext) {
  const db = database(c.env.DB);
  const link = await offerAtLink(db, tokenOf(c));
  if (!link) return page(c, { state: "closed" }, 404);
  const fields = await c.req.parseBody();
  const choice = choiceOf(c, fields);
  const action = fields.action;
  const now = new Date();
  const again = (query = "") => c.redirect(`${linkPath(c)}${query}`, 303);
  const refuse = async (refusal: Refusal) => page(c, await viewOf(c, link, choice, refusal), 409);
  const state = linkState(link, now);
  // A link that no longer books (expired, withdrawn, cancelled, past): the page as it stands.
  if (state !== "open" && state !== "booked") return again();
  if (action === "book" && state === "booked") return again();

  if (action === "cancel") {
    if (link.booking && String(link.booking.sequence) === fields.sequence) {
      const cancelled = await cancelBooking(db, link.booking, BOOKING_LINK_ACTOR, now);
      if (cancelled) await queueBookingMail(c.env, cancelled.id, cancelled.sequence);
    }
    return again();
  }
  const claimed = claimOf(chosenTimes(link, choice), choice.kind, fields.start, now);
  if ("reason" in claimed) return refuse(await refusalOf(db, link, chosenTimes(link, choice), claimed.reason, claimed.start, now));
  if (action === "reschedule") {
    if (!link.booking || String(link.booking.sequence) !== fields.sequence) return refuse({ reason: "stale", nearest: [] });
    const moved = await rescheduleBooking(db, link.booking, claimed.claim, claimed.detail, now);
    if (moved.outcome === "booked") {
      await queueBookingMail(c.env, moved.booking!.id, moved.booking!.sequence);
      return again("?done=moved");
    }
    if (moved.outcome === "stale") return refuse({ reason: "stale", nearest: [] });
    // Closed since the page was opened (the offer withdrawn, the inquiry declined or closed): the page as it stands.
    if (moved.outcome === "closed") return again();
    return refuse(await refusalOf(db, link, chosenTimes(link, choice), "taken", claimed.claim.meeting.start, now));
  }
  const booked = await bookWithOffer(db, link.offer, claimed.claim, { clientZone: claimed.zone, detail: claimed.detail }, now);
  if (booked.outcome === "booked") {
    await queueBookingMail(c.env, booked.booking!.id, booked.booking!.sequence);
    return again();
  }
  if (booked.outcome === "taken")
    return refuse(await refusalOf(db, link, chosenTimes(link, choice), "taken", claimed.claim.meeting.start, now));
  // Used by another request a moment ago, or closed since the page was opened: the page as it stands now.
  return again();
}
