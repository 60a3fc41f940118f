import type { ReactNode } from "react";
import { buttonClass } from "../../components/ButtonLink.tsx";
import type { Booking, BusyTime } from "../../db/schema.ts";
import { BookedTime, ConsultationBadge } from "./ConsultationOffers.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { Notice } from "../shared/Notice.tsx";
import { fieldClass, labelClass, pageHeading, standaloneLink } from "../shared/fields.ts";
import { type BusyForm, busyLabel } from "./times.ts";
import { kindName } from "./standing.ts";
import { type ConsultationsNotice, consultationsNotices } from "../shared/copy.ts";
import { isoTime, seattleTime } from "../shared/format.ts";

/** A booked consultation with the person's name, as the page lists it. */
export type ListedBooking = Booking & { readonly name: string };

export interface ConsultationsPageProps {
  /** Consultations from the start of today on (not cancelled), soonest first. */
  readonly bookings: readonly ListedBooking[];
  /** Where today ends and the week (today and the six days after it) ends, in epoch ms. */
  readonly bounds: { readonly tomorrowStarts: number; readonly weekEnds: number };
  /** Consultations before today still marked booked: held or missed is to record. */
  readonly toRecord: readonly ListedBooking[];
  readonly busy: readonly BusyTime[];
  /** Today in Seattle, the earliest day the busy-time forms offer. */
  readonly today: string;
  readonly feed?: { readonly createdAt: Date; readonly createdBy: string };
  /** The feed address just made: shown this once. */
  readonly feedMade?: string;
  readonly calendar: {
    /** Whether the attorney's calendar address is set (ATTORNEY_CALENDAR_URL). */
    readonly set: boolean;
    readonly readAt: Date | null;
    readonly failedAt: Date | null;
    readonly failure: string | null;
    readonly busyTimes: number | null;
  };
  readonly now: Date;
  readonly done?: ConsultationsNotice;
  /** A busy time refused, with the form as she filled it. */
  readonly busyError?: { readonly message: string; readonly form: BusyForm & { readonly note?: string } };
}

const sectionHeading = "font-serif text-2xl font-semibold tracking-tight";

function When({ date }: { date: Date }) {
  return <time dateTime={isoTime(date)}>{seattleTime(date)}</time>;
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-4">
      <h2 id={`${id}-heading`} className={sectionHeading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** One consultation: its time (Seattle's, and the client's), the kind, the person (a link to the inquiry), where it stands. */
function BookingItem({ booking, now }: { booking: ListedBooking; now: Date }) {
  const standing =
    booking.status !== "booked"
      ? booking.status
      : booking.startAt.getTime() < now.getTime()
        ? "to-record"
        : booking.sequence > 0
          ? "moved"
          : "booked";
  const minutes = Math.round((booking.endAt.getTime() - booking.startAt.getTime()) / 60_000);
  return (
    <li className="rounded-lg border border-line bg-white p-4">
      <p className="font-medium">
        <BookedTime booking={booking} />
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <a href={`/admin/submissions/${booking.submissionId}#consultations`} className={`${standaloneLink} break-words`}>
          {booking.name}
        </a>
        <span>{`${kindName(booking.kind)}, ${minutes} minutes`}</span>
        <ConsultationBadge standing={standing} />
      </p>
    </li>
  );
}

function BookingList({ bookings, now, none }: { bookings: readonly ListedBooking[]; now: Date; none: string }) {
  if (bookings.length === 0) return <p className="mt-3 text-muted">{none}</p>;
  return (
    <ol className="mt-4 space-y-3">
      {bookings.map((booking) => (
        <BookingItem key={booking.id} booking={booking} now={now} />
      ))}
    </ol>
  );
}

/**
 * The consultations at a glance: today's and the week's first, then later ones, and those whose outcome is
 * still to record, each leading to its inquiry; the days off and busy times never offered (added and removed
 * here, effective at once); the calendar address her calendar app subscribes to; and when her own calendar
 * was last read.
 */
export function ConsultationsPage(props: ConsultationsPageProps) {
  const { bookings, bounds, toRecord, now, done } = props;
  const today = bookings.filter((booking) => booking.startAt.getTime() < bounds.tomorrowStarts);
  const week = bookings.filter(
    (booking) => booking.startAt.getTime() >= bounds.tomorrowStarts && booking.startAt.getTime() < bounds.weekEnds,
  );
  const later = bookings.filter((booking) => booking.startAt.getTime() >= bounds.weekEnds);
  const notice = done && consultationsNotices[done];
  return (
    <>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <h1 className={pageHeading}>Consultations</h1>
      <p className="mt-3 max-w-3xl text-muted">
        Booked through the private links offered from cleared inquiries. Times are Seattle time, with the client's own beside it when it
        differs.
      </p>

      <Section id="today" heading="Today">
        <BookingList bookings={today} now={now} none="No consultation today." />
      </Section>
      <Section id="week" heading="This week">
        <BookingList bookings={week} now={now} none="None in the six days after today." />
      </Section>
      <Section id="later" heading="Later">
        <BookingList bookings={later} now={now} none="None booked further ahead." />
      </Section>
      {toRecord.length > 0 && (
        <Section id="to-record" heading="Held or not?">
          <p className="mt-2 max-w-3xl text-muted">Consultations whose time has passed: record on each inquiry whether it was held.</p>
          <BookingList bookings={toRecord} now={now} none="" />
        </Section>
      )}

      <BusyTimes {...props} />
      <CalendarFeed {...props} />
      <OwnCalendar {...props} />
    </>
  );
}

/** Days off and busy times: the list (each removable) and the two forms that add one. */
function BusyTimes({ busy, today, busyError }: ConsultationsPageProps) {
  const form = busyError?.form;
  const hours = form && !form.wholeDay ? form : undefined;
  const days = form?.wholeDay ? form : undefined;
  return (
    <Section id="busy" heading="Days off and busy times">
      <p className="mt-2 max-w-3xl text-muted">No consultation is offered at these times, from the moment they are added.</p>
      {busyError && (
        <Notice tone="error" className="mt-4">
          {busyError.message}
        </Notice>
      )}
      {busy.length === 0 ? (
        <p className="mt-3">None ahead.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {busy.map((time) => (
            <li key={time.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-white p-4">
              <div>
                <p className="font-medium">{busyLabel(time.startAt, time.endAt)}</p>
                {time.note && <p className="mt-1 break-words">{time.note}</p>}
                {time.createdBy && <p className="mt-1 text-sm text-muted">{`Added by ${time.createdBy}`}</p>}
              </div>
              <form method="post" action={`/admin/consultations/busy/${time.id}/remove`}>
                <button type="submit" className={buttonClass("secondary")}>
                  Remove<span className="sr-only">{`: ${busyLabel(time.startAt, time.endAt)}`}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <form method="post" action="/admin/consultations/busy" className="rounded-lg border border-line p-4">
          <HiddenFields fields={{ whole: "0" }} />
          <h3 className="text-lg font-semibold">Busy on a day</h3>
          <label htmlFor="busy-day" className={`${labelClass} mt-3`}>
            Day
          </label>
          <input id="busy-day" name="day" type="date" required min={today} defaultValue={hours?.day ?? ""} className={fieldClass} />
          <div className="mt-3 grid grid-cols-2 gap-3">
            <div>
              <label htmlFor="busy-from" className={labelClass}>
                From
              </label>
              <input id="busy-from" name="from" type="time" required defaultValue={hours?.from ?? ""} className={fieldClass} />
            </div>
            <div>
              <label htmlFor="busy-to" className={labelClass}>
                To
              </label>
              <input id="busy-to" name="to" type="time" required defaultValue={hours?.to ?? ""} className={fieldClass} />
            </div>
          </div>
          <label htmlFor="busy-note" className={`${labelClass} mt-3`}>
            Note <span className="font-normal text-muted">(for you: “Court”, “Studio visit”)</span>
          </label>
          <input id="busy-note" name="note" maxLength={200} defaultValue={hours?.note ?? ""} className={fieldClass} />
          <button type="submit" className={`${buttonClass()} mt-4`}>
            Add the busy time
          </button>
        </form>
        <form method="post" action="/admin/consultations/busy" className="rounded-lg border border-line p-4">
          <HiddenFields fields={{ whole: "1" }} />
          <h3 className="text-lg font-semibold">Days off</h3>
          <label htmlFor="off-day" className={`${labelClass} mt-3`}>
            First day
          </label>
          <input id="off-day" name="day" type="date" required min={today} defaultValue={days?.day ?? ""} className={fieldClass} />
          <label htmlFor="off-through" className={`${labelClass} mt-3`}>
            Last day <span className="font-normal text-muted">(leave empty for one day)</span>
          </label>
          <input id="off-through" name="through" type="date" min={today} defaultValue={days?.through ?? ""} className={fieldClass} />
          <label htmlFor="off-note" className={`${labelClass} mt-3`}>
            Note
          </label>
          <input id="off-note" name="note" maxLength={200} defaultValue={days?.note ?? ""} className={fieldClass} />
          <button type="submit" className={`${buttonClass()} mt-4`}>
            Add the days off
          </button>
        </form>
      </div>
    </Section>
  );
}

/** The calendar address: the one just made (shown once, with how to subscribe), or whether one is in use, and the buttons. */
function CalendarFeed({ feed, feedMade }: ConsultationsPageProps) {
  return (
    <Section id="calendar-address" heading="Your calendar address">
      <p className="mt-2 max-w-3xl text-muted">
        A private address your calendar app subscribes to: each consultation's time, kind and the person's name, never what they wrote.
        Anyone with the address sees them, so keep it to yourself; making a new one stops the old.
      </p>
      {feedMade ? (
        <div className="mt-4 max-w-3xl">
          <Notice tone="success" className="">
            This is the address, shown this once: the practice keeps only a fingerprint of it. Add it to your calendar app now.
          </Notice>
          <label htmlFor="feed-address" className={`${labelClass} mt-4`}>
            The calendar address
          </label>
          <input id="feed-address" readOnly value={feedMade} className={`${fieldClass} font-mono text-sm`} />
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              hidden
              data-copy="feed-address"
              data-copy-status="feed-copy-status"
              data-copied="Copied: paste it into your calendar app."
              data-copy-refused="The browser did not allow copying: the address is selected, copy it with the keyboard."
              className={buttonClass("secondary")}
            >
              Copy the address
            </button>
            <a href={feedMade.replace(/^https?:/, "webcal:")} className={buttonClass("secondary")}>
              Open in your calendar app
            </a>
          </div>
          <p id="feed-copy-status" role="status" className="mt-2 text-sm font-medium" />
          <h3 className="mt-6 text-lg font-semibold">Subscribing to it</h3>
          <ul className="mt-2 list-disc space-y-2 pl-6">
            <li>
              <strong>Google Calendar</strong>, on a computer: beside “Other calendars”, the “+” → “From URL”, paste the address, “Add
              calendar”. Google reads it again every few hours.
            </li>
            <li>
              <strong>Outlook</strong> (Outlook on the web, Microsoft 365): “Add calendar” → “Subscribe from web”, paste the address, name
              it, “Import”.
            </li>
            <li>
              <strong>Apple Calendar</strong>: on a Mac, File → New Calendar Subscription, paste the address, then choose to refresh every
              15 minutes; on an iPhone, Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar.
            </li>
          </ul>
        </div>
      ) : feed ? (
        <p className="mt-4">
          {"An address is in use, made "}
          <When date={feed.createdAt} />
          {` by ${feed.createdBy}. It was shown once, when made: to see one again, make a new address (this one then stops).`}
        </p>
      ) : (
        <p className="mt-4">No calendar address is in use.</p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <form method="post" action="/admin/consultations/feed">
          <button type="submit" className={buttonClass(feed || feedMade ? "secondary" : "primary")}>
            {feed || feedMade ? "Make a new calendar address" : "Make a calendar address"}
          </button>
        </form>
        {(feed || feedMade) && (
          <form method="post" action="/admin/consultations/feed/stop">
            <button type="submit" className={buttonClass("secondary")}>
              Stop the calendar address
            </button>
          </form>
        )}
      </div>
    </Section>
  );
}

/** The attorney's own calendar: when it was last read and what it held, a failure, or that none is set. */
function OwnCalendar({ calendar }: ConsultationsPageProps) {
  const failedLast = calendar.failedAt && (!calendar.readAt || calendar.failedAt.getTime() > calendar.readAt.getTime());
  return (
    <Section id="own-calendar" heading="Your own calendar">
      {!calendar.set && !calendar.readAt ? (
        <p className="mt-3 max-w-3xl">
          None is set: only the days off and busy times above keep times from being offered. To have the busy times of your own calendar
          never offered, your operator sets its private address (ATTORNEY_CALENDAR_URL, docs/operators.md).
        </p>
      ) : (
        <>
          {calendar.readAt ? (
            <p className="mt-3">
              {"Last read "}
              <When date={calendar.readAt} />
              {calendar.busyTimes !== null && `: ${calendar.busyTimes === 1 ? "1 busy time" : `${calendar.busyTimes} busy times`} ahead.`}
            </p>
          ) : (
            <p className="mt-3">Set, and not read yet: it is read about once an hour.</p>
          )}
          {failedLast && calendar.failedAt && (
            <p className="mt-2 font-medium text-danger">
              {"The last reading failed "}
              <When date={calendar.failedAt} />
              {`${calendar.failure ? `: ${calendar.failure}` : ""}. ${calendar.readAt ? "The busy times of the last good reading still stand." : "No busy time of it is known yet."}`}
            </p>
          )}
        </>
      )}
    </Section>
  );
}
