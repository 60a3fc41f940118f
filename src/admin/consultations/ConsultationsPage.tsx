import { BookedTime, ConsultationBadge } from "./ConsultationOffers.tsx";
import { BusyTimes, type BusyTimesProps } from "./BusyTimes.tsx";
import { CalendarFeed, type CalendarFeedProps, OwnCalendar, type OwnCalendarProps } from "./CalendarParts.tsx";
import type { Booking } from "../../db/schema.ts";
import { Notice } from "../shared/Notice.tsx";
import { Section } from "../shared/Section.tsx";
import { pageHeading, standaloneLink } from "../shared/fields.ts";
import { type ConsultationsNotice, consultationsNotices } from "../shared/notices.ts";
import { kindName } from "./standing.ts";

/** A booked consultation with the person's name, as the page lists it. */
export type ListedBooking = Booking & { readonly name: string };

export interface ConsultationsPageProps extends BusyTimesProps, CalendarFeedProps, OwnCalendarProps {
  /** Consultations from the start of today on (not cancelled), soonest first. */
  readonly bookings: readonly ListedBooking[];
  /** Where today ends and the week (today and the six days after it) ends, in epoch ms. */
  readonly bounds: { readonly tomorrowStarts: number; readonly weekEnds: number };
  /** Consultations before today still marked booked: held or missed is to record. */
  readonly toRecord: readonly ListedBooking[];
  readonly now: Date;
  readonly done?: ConsultationsNotice;
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
