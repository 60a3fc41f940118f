import { StandingBadge } from "../shared/StandingBadge.tsx";
import { When } from "../shared/When.tsx";
import { buttonClass } from "../../components/ButtonLink.tsx";
import type { Booking, BookingOffer, IntakeState } from "../../db/schema.ts";
import { lastDayOf, longDay } from "../shared/link-days.ts";
import { sameAsSeattle, timeInZone } from "./times.ts";
import { consultationKinds, kindName, offeredKindNames, outcomeOpen, standingOf } from "./standing.ts";
import { type ConsultationStanding, consultationCopy } from "../shared/copy.ts";
import { BookingCancellation } from "./BookingCancellation.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";

/*
 * An inquiry's consultations, on its page: each offer and where it stands (its link open, withdrawn or
 * expired; booked, moved, cancelled; held or missed), with the step each allows; and, on a cleared inquiry,
 * "Offer a consultation": the kinds to offer, all checked, and one button.
 */

/** Where an offer stands, as a badge. */
export const ConsultationBadge = ({ standing }: { standing: ConsultationStanding }) => <StandingBadge {...consultationCopy[standing]} />;

/** A consultation's time: Seattle's, and the client's own when their zone tells another time. */
export function BookedTime({ booking }: { booking: Pick<Booking, "startAt" | "clientZone"> }) {
  const theirs = sameAsSeattle(booking.startAt, booking.clientZone) ? undefined : timeInZone(booking.startAt, booking.clientZone);
  return (
    <>
      <When date={booking.startAt} />
      {theirs && <span className="text-muted">{` (${theirs} for the client, ${booking.clientZone})`}</span>}
    </>
  );
}

export interface OfferWithBooking {
  readonly offer: BookingOffer;
  readonly booking: Booking | undefined;
}

/** One offer: where it stands, what was offered and how it went out, its booking, and its next step. */
function Offer({ submissionId, offer, booking, now }: OfferWithBooking & { submissionId: string; now: Date }) {
  const standing = standingOf(offer, booking, now);
  const base = `/admin/submissions/${submissionId}`;
  const minutes = booking && Math.round((booking.endAt.getTime() - booking.startAt.getTime()) / 60_000);
  return (
    <li className="rounded-lg border border-line bg-white p-4">
      <p className="flex flex-wrap items-center gap-3">
        <ConsultationBadge standing={standing} />
        {booking && booking.status !== "cancelled" ? (
          <span className="font-medium">
            {`${kindName(booking.kind)}, ${minutes} minutes: `}
            <BookedTime booking={booking} />
          </span>
        ) : (
          <span className="font-medium">{offeredKindNames(offer)}</span>
        )}
      </p>
      <ul className="mt-2 space-y-1 text-sm text-muted">
        <li>
          {"Offered "}
          <When date={offer.createdAt} />
          {booking
            ? ` by ${offer.createdBy}.`
            : ` by ${offer.createdBy}; the link ${standing === "offered" ? "books" : "booked"} until the end of ${longDay(lastDayOf(offer.expiresAt))}.`}
        </li>
        <li>
          {offer.sentAt ? (
            <>
              {"E-mailed from the practice "}
              <When date={offer.sentAt} />
              {offer.sentTo && ` to ${offer.sentTo}`}.
            </>
          ) : (
            "Not sent from the practice: the link went in your own mail, if you sent it."
          )}
        </li>
        {offer.withdrawnAt && (
          <li>
            {"Withdrawn "}
            <When date={offer.withdrawnAt} />.
          </li>
        )}
        {booking && (
          <li>
            {"Booked "}
            <When date={booking.createdAt} />
            {booking.status === "cancelled" ? (
              <>
                {"; cancelled "}
                <When date={booking.changedAt} />
                {` (it was ${kindName(booking.kind)} at `}
                <BookedTime booking={booking} />)
              </>
            ) : (
              booking.sequence > 0 && (
                <>
                  {`; moved ${booking.sequence === 1 ? "once" : `${booking.sequence} times`}, last `}
                  <When date={booking.changedAt} />
                </>
              )
            )}
            .
          </li>
        )}
      </ul>
      {booking && <BookingCancellation base={base} booking={booking} now={now} />}
      {standing === "offered" && (
        <form method="post" action={`${base}/offers/${offer.id}/withdraw`} className="mt-3">
          <button type="submit" className={buttonClass("secondary")}>
            Withdraw the offer
          </button>
        </form>
      )}
      {booking && outcomeOpen(booking, now) && (
        <div className="mt-3 flex flex-wrap gap-3">
          {booking.status !== "held" && (
            <OutcomeButton action={`${base}/bookings/${booking.id}/outcome`} status="held" primary={booking.status === "booked"}>
              {booking.status === "no-show" ? "Correct: it was held" : "Held"}
            </OutcomeButton>
          )}
          {booking.status !== "no-show" && (
            <OutcomeButton action={`${base}/bookings/${booking.id}/outcome`} status="no-show">
              {booking.status === "held" ? "Correct: they did not come" : "Did not come"}
            </OutcomeButton>
          )}
        </div>
      )}
    </li>
  );
}

function OutcomeButton({
  action,
  status,
  primary = false,
  children,
}: {
  action: string;
  status: "held" | "no-show";
  primary?: boolean;
  children: string;
}) {
  return (
    <form method="post" action={action}>
      <HiddenFields fields={{ status }} />
      <button type="submit" className={buttonClass(primary ? "primary" : "secondary")}>
        {children}
      </button>
    </form>
  );
}

/**
 * "Offer a consultation": the practice's kinds, all checked, and one button. The next page is the letter with
 * the private link, to send or copy. Behind "Make another offer" while one is open or booked ahead, so a
 * second one is never made by a slip.
 */
function OfferForm({ submissionId, another }: { submissionId: string; another: boolean }) {
  const form = (
    <form method="post" action={`/admin/submissions/${submissionId}/offer`} className="mt-4 max-w-2xl">
      <fieldset>
        <legend className="font-medium">Kinds to offer</legend>
        <div className="mt-2 space-y-1">
          {consultationKinds().map((kind) => (
            <label key={kind.id} className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name="kind" value={kind.id} defaultChecked className="size-5 accent-accent" />
              <span>{`${kind.name}, ${kind.minutes} minutes`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={`${buttonClass()} mt-3`}>
        Offer a consultation
      </button>
      <p className="mt-2 text-sm text-muted">
        Makes a private booking link for this person and shows the letter with it, to send from the practice or copy into your own mail.
      </p>
    </form>
  );
  if (!another) return form;
  return (
    <details className="mt-4">
      <summary className={`${buttonClass("secondary")} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        Make another offer
      </summary>
      {form}
    </details>
  );
}

/** The part's body: the offers, newest first, and the offer form on a cleared inquiry. */
export function ConsultationOffers({
  submission,
  offers,
  now,
}: {
  submission: { readonly id: string; readonly intakeState: IntakeState };
  offers: readonly OfferWithBooking[];
  now: Date;
}) {
  const live = offers.some(({ offer, booking }) => {
    const standing = standingOf(offer, booking, now);
    return standing === "offered" || standing === "booked" || standing === "moved";
  });
  return (
    <>
      {offers.length === 0 ? (
        <p className="mt-4 max-w-3xl text-muted">No consultation offered yet.</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {offers.map(({ offer, booking }) => (
            <Offer key={offer.id} submissionId={submission.id} offer={offer} booking={booking} now={now} />
          ))}
        </ol>
      )}
      {submission.intakeState === "cleared" ? (
        <OfferForm submissionId={submission.id} another={live} />
      ) : (
        offers.length > 0 && <p className="mt-4 max-w-3xl text-sm text-muted">A consultation is offered from a cleared inquiry.</p>
      )}
    </>
  );
}
