import type { ExportedConsultation } from "../../db/consultations-inbox.ts";
import type { ExportedEngagementLetter } from "../../db/privacy.ts";
import type { EngagementStatus } from "../../db/schema.ts";
import { engagementCopy } from "../shared/copy.ts";
import { At, Entry } from "./Entry.tsx";

/* The consultations and engagement letters of the person's copy (PrivacyDocument.tsx). */

const bookingWords: Readonly<Record<NonNullable<ExportedConsultation["booking"]>["status"], string>> = {
  booked: "Booked",
  cancelled: "Cancelled",
  held: "Held",
  "no-show": "Booked, and recorded as missed",
};

/** One consultation we offered: when, which kinds, until when the link booked, and the booking it made. */
export function Consultation({ consultation: each }: { consultation: ExportedConsultation }) {
  return (
    <li className="border-t border-line pt-6 print:break-inside-avoid-page">
      <dl className="divide-y divide-line">
        <Entry term="Offered">
          <At at={each.offeredAt} />
          {`: ${each.kinds.join(", ")}`}
        </Entry>
        <Entry term="How it reached you">
          {each.sentAt ? (
            <>
              {`E-mailed by us${each.sentTo ? ` to ${each.sentTo}` : ""}, `}
              <At at={each.sentAt} />
            </>
          ) : (
            "In a message from our own mailbox"
          )}
        </Entry>
        <Entry term="Its link booked until">
          <At at={each.linkValidUntil} />
          {each.withdrawnAt && (
            <>
              {"; withdrawn "}
              <At at={each.withdrawnAt} />
            </>
          )}
        </Entry>
        {each.booking && (
          <Entry term="Your booking">
            {`${bookingWords[each.booking.status]}: ${each.booking.kind}, `}
            <At at={each.booking.startsAt} />
            {` (you chose times in ${each.booking.timeZone}); booked `}
            <At at={each.booking.bookedAt} />
            {each.booking.changes > 0 && (
              <>
                {", last changed "}
                <At at={each.booking.changedAt} />
              </>
            )}
            .
          </Entry>
        )}
      </dl>
    </li>
  );
}

/** One engagement letter we sent: which, when, where it stands, and each step of its record. */
export function EngagementLetterSent({ letter }: { letter: ExportedEngagementLetter }) {
  return (
    <li className="border-t border-line pt-6 print:break-inside-avoid-page">
      <dl className="divide-y divide-line">
        <Entry term="The letter">{`${letter.title}, version ${letter.version}: ${engagementCopy[letter.status as EngagementStatus].label}`}</Entry>
        <Entry term="Sent">
          <At at={letter.sentAt} />
        </Entry>
        {letter.signedAt && (
          <Entry term="Signed">
            {`“${letter.signedName ?? ""}”, `}
            <At at={letter.signedAt} />
          </Entry>
        )}
        <Entry term="Its record">
          <ol className="space-y-1">
            {letter.events.map((event) => (
              <li key={`${event.kind}-${event.at}`}>
                {`${event.kind}, `}
                <At at={event.at} />
                {event.ip && `, from ${event.ip}`}
                {event.userAgent && ` (${event.userAgent})`}
              </li>
            ))}
          </ol>
        </Entry>
        <Entry term="Fingerprint of its words (SHA-256)">
          <span className="font-mono text-sm break-all">{letter.letterSha256}</span>
        </Entry>
      </dl>
    </li>
  );
}
