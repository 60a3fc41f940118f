import { type Context, Hono } from "hono";
import { addBusyTime, inboxBusyTimes, removeBusyTime, upcomingBookings } from "../../db/bookings.ts";
import { database } from "../../db/client.ts";
import { currentFeedKey, lastCalendarRead, makeFeedKey, outcomesToRecord, stopFeedKey } from "../../db/consultations-inbox.ts";
import { logAction } from "../shared/audit.ts";
import { COPY_SCRIPT } from "../shared/scripts.ts";
import { type BusyForm, type BusyRefusal, busySpan, weekBounds } from "./times.ts";
import { type ConsultationsNotice, isConsultationsNotice } from "../shared/notices.ts";
import type { AdminEnv } from "../gate.ts";
import { redirectWithNotice, takeNotice } from "../shared/one-time-notice.ts";
import { ConsultationsPage, type ConsultationsPageProps } from "./ConsultationsPage.tsx";
import { renderAdminPage } from "../shared/render.tsx";
import { formField } from "../shared/forms.ts";

/**
 * /admin/consultations: the consultations booked (today's and the week's first), the days off and busy times
 * never offered (`POST …/busy` adds one, `POST …/busy/:id/remove` removes it, each effective at once), the
 * attorney's calendar address (`POST …/feed` makes one and shows it this once, stopping any earlier one;
 * `POST …/feed/stop` stops it) and when her own calendar was last read. Each change is in the activity log.
 */
export const consultationRoutes = new Hono<AdminEnv>();

const TITLE = "Consultations";
const PAGE_PATH = "/admin/consultations";
const NOTE_MAX = 200;

/** Consultations the page lists at most, and busy times. */
const LISTED = 200;

const back = (c: Context<AdminEnv>, done: ConsultationsNotice) => redirectWithNotice(c, PAGE_PATH, done);

/** The page as it stands, with what an action left for it. */
async function showPage(
  c: Context<AdminEnv>,
  extra: Pick<ConsultationsPageProps, "done" | "feedMade" | "busyError"> = {},
  status: 200 | 422 = 200,
) {
  const db = database(c.env.DB);
  const now = new Date();
  const bounds = weekBounds(now);
  const todayStarts = new Date(bounds.todayStarts);
  const [bookings, toRecord, busy, feed, read] = await Promise.all([
    upcomingBookings(db, todayStarts, LISTED),
    outcomesToRecord(db, todayStarts),
    inboxBusyTimes(db, now, LISTED),
    currentFeedKey(db),
    lastCalendarRead(db),
  ]);
  return renderAdminPage(
    c,
    TITLE,
    <ConsultationsPage
      bookings={bookings}
      bounds={bounds}
      toRecord={toRecord}
      busy={busy}
      today={bounds.today}
      feed={feed}
      calendar={{
        set: Boolean(c.env.ATTORNEY_CALENDAR_URL?.trim()),
        readAt: read?.readAt ?? null,
        failedAt: read?.failedAt ?? null,
        failure: read?.failure ?? null,
        busyTimes: read?.busyTimes ?? null,
      }}
      now={now}
      {...extra}
    />,
    status,
    extra.feedMade ? [COPY_SCRIPT] : [],
  );
}

consultationRoutes.get("/", (c) => {
  const done = takeNotice(c, PAGE_PATH);
  return showPage(c, { done: isConsultationsNotice(done) ? done : undefined });
});

/** What a refused busy time says. */
const busyRefusals: Record<BusyRefusal, string> = {
  day: "Nothing was added: choose the day.",
  times: "Nothing was added: give the hours it starts and ends.",
  order: "Nothing was added: it must end after it starts.",
  past: "Nothing was added: that time is over already.",
  long: "Nothing was added: days off are added a year at most at a time.",
};

/** Adds a busy time (a day's hours) or days off (whole days), in Seattle time, effective at once. */
consultationRoutes.post("/busy", async (c) => {
  const form: BusyForm & { note?: string } = {
    day: (await formField(c, "day"))?.trim(),
    through: (await formField(c, "through"))?.trim() || undefined,
    from: (await formField(c, "from"))?.trim(),
    to: (await formField(c, "to"))?.trim(),
    wholeDay: (await formField(c, "whole")) === "1",
    note: (await formField(c, "note"))?.trim().slice(0, NOTE_MAX),
  };
  const span = busySpan(form, new Date());
  if ("refused" in span) return showPage(c, { busyError: { message: busyRefusals[span.refused], form } }, 422);
  await addBusyTime(database(c.env.DB), span, form.note || (form.wholeDay ? "Day off" : "Busy"), {
    by: c.var.adminEmail,
    now: new Date(),
  });
  logAction(c, { action: "busy-time-added" });
  return back(c, "busy-added");
});

consultationRoutes.post("/busy/:id{[0-9]{1,15}}/remove", async (c) => {
  const removed = await removeBusyTime(database(c.env.DB), Number(c.req.param("id")), { by: c.var.adminEmail, now: new Date() });
  if (!removed) return back(c, "busy-gone");
  logAction(c, { action: "busy-time-removed" });
  return back(c, "busy-removed");
});

/**
 * "Make a calendar address": a new secret, its SHA-256 stored and every earlier address stopped, the address
 * shown on this answer alone (not a redirect: the secret exists nowhere else).
 */
consultationRoutes.post("/feed", async (c) => {
  const token = await makeFeedKey(database(c.env.DB), { by: c.var.adminEmail, now: new Date() });
  logAction(c, { action: "calendar-feed" });
  return showPage(c, { feedMade: `${new URL(c.req.url).origin}/calendar/${token}.ics` });
});

consultationRoutes.post("/feed/stop", async (c) => {
  const stopped = await stopFeedKey(database(c.env.DB), { by: c.var.adminEmail, now: new Date() });
  if (stopped) logAction(c, { action: "calendar-feed" });
  return back(c, stopped ? "feed-stopped" : "feed-none");
});
