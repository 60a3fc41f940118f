import type { Context } from "hono";
import { consultations, site } from "../content/index.ts";
import { calendarFeed } from "../booking/feed.ts";
import { isFeedKey, upcomingBookings } from "../db/bookings.ts";
import { database } from "../db/client.ts";
import type { AppEnv } from "./app-env.ts";
import { renderNotFoundPage } from "./render.tsx";

/** How far back the feed reaches, so a consultation just held stays in the calendar a while. */
const FEED_BACK_MS = 30 * 86_400_000;

/**
 * /calendar/{secret}.ics: the attorney's consultations as a calendar her calendar app subscribes to, at the
 * secret address made in the inbox (revoked by making another). Each consultation's time, kind and the
 * person's name; never what they wrote. An unknown or revoked secret is the site's 404.
 */
export async function answerCalendarFeed(c: Context<AppEnv>): Promise<Response> {
  const secret = /^\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(c.req.path)?.[1];
  const db = database(c.env.DB);
  if (!secret || !(await isFeedKey(db, secret))) return renderNotFoundPage(c);
  const now = Date.now();
  const host = new URL(c.req.url).host;
  const events = (await upcomingBookings(db, new Date(now - FEED_BACK_MS), 500)).map((booking) => ({
    uid: `${booking.id}@${host}`,
    sequence: booking.sequence,
    start: booking.startAt.getTime(),
    end: booking.endAt.getTime(),
    summary: `${consultations.kinds.find((kind) => kind.id === booking.kind)?.name ?? booking.kind}: ${booking.name}`,
  }));
  return c.body(calendarFeed(`${site.practiceName}: consultations`, events, now), 200, { "Content-Type": "text/calendar; charset=utf-8" });
}
