import { buttonClass } from "../../components/ButtonLink.tsx";
import { BOOKING_LINK_ACTOR, CANCEL_REASON_MAX } from "../../db/bookings.ts";
import type { Booking } from "../../db/schema.ts";
import { fieldClass, labelClass } from "../shared/fields.ts";

/*
 * A consultation's cancellation on the inquiry's page: who cancelled it and the reason the client was given,
 * once cancelled; while it is booked ahead, "Cancel the consultation" with that reason to give.
 */

/** Who cancelled a booking, in words: the client by their link, or the person in the inbox. */
const cancelledByWords = (by: string) => (by === BOOKING_LINK_ACTOR ? "the client, by the booking link" : by);

export function BookingCancellation({ base, booking, now }: { base: string; booking: Booking; now: Date }) {
  if (booking.status === "cancelled")
    return booking.cancelledBy ? (
      <p className="mt-2 text-sm text-muted">
        {`Cancelled by ${cancelledByWords(booking.cancelledBy)}`}
        {booking.cancelReason
          ? `; the reason the client was given: “${booking.cancelReason}”`
          : booking.cancelledBy === BOOKING_LINK_ACTOR
            ? ""
            : "; no reason given"}
        .
      </p>
    ) : null;
  if (booking.status !== "booked" || booking.startAt.getTime() <= now.getTime()) return null;
  const field = `cancel-reason-${booking.id}`;
  return (
    <details className="mt-3">
      <summary className={`${buttonClass("secondary")} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        Cancel the consultation
      </summary>
      <form method="post" action={`${base}/bookings/${booking.id}/cancel`} className="mt-3 max-w-2xl">
        <label htmlFor={field} className={labelClass}>
          Reason, for the client (optional)
        </label>
        <textarea id={field} name="reason" rows={3} maxLength={CANCEL_REASON_MAX} className={fieldClass} />
        <p className="mt-2 text-sm text-muted">
          Frees the time. The client is e-mailed the cancellation with its calendar update, and your reason, when sending to clients is set
          up.
        </p>
        <button type="submit" className={`${buttonClass()} mt-3`}>
          Cancel the consultation
        </button>
      </form>
    </details>
  );
}
