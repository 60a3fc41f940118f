import { buttonClass } from "../../components/ButtonLink.tsx";
import { PrivateLink } from "../shared/PrivateLink.tsx";
import { Notice } from "../shared/Notice.tsx";
import { Section } from "../shared/Section.tsx";
import { When } from "../shared/When.tsx";

/** The calendar feed in use, and the address just made (shown this once). */
export interface CalendarFeedProps {
  readonly feed?: { readonly createdAt: Date; readonly createdBy: string };
  readonly feedMade?: string;
}

/** The attorney's own calendar as last read (ATTORNEY_CALENDAR_URL). */
export interface OwnCalendarProps {
  readonly calendar: {
    /** Whether the attorney's calendar address is set (ATTORNEY_CALENDAR_URL). */
    readonly set: boolean;
    readonly readAt: Date | null;
    readonly failedAt: Date | null;
    readonly failure: string | null;
    readonly busyTimes: number | null;
  };
}

/** The calendar address: the one just made (shown once, with how to subscribe), or whether one is in use, and the buttons. */
export function CalendarFeed({ feed, feedMade }: CalendarFeedProps) {
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
          <PrivateLink
            id="feed-address"
            status="feed-copy-status"
            label="The calendar address"
            link={feedMade}
            copy={{
              button: "Copy the address",
              copied: "Copied: paste it into your calendar app.",
              refused: "The browser did not allow copying: the address is selected, copy it with the keyboard.",
            }}
            open={{ href: feedMade.replace(/^https?:/, "webcal:"), label: "Open in your calendar app" }}
          />
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
export function OwnCalendar({ calendar }: OwnCalendarProps) {
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
