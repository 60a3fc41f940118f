import type { IntakeState } from "./schema.ts";

/**
 * The states an inquiry may move to from each. Never back to new, and nothing after a decline but its letter
 * (or cancelling it while the letter is not marked sent: cancelDecline). The intake (./intake.ts) and signing
 * an engagement letter (./engagements.ts) both move by it.
 */
export const nextIntakeStates: Readonly<Record<IntakeState, readonly IntakeState[]>> = {
  new: ["cleared", "conflict", "declining", "closed"],
  cleared: ["engaged", "declining", "closed", "conflict"],
  conflict: ["cleared", "declining", "closed"],
  engaged: ["closed"],
  declining: ["declined"],
  declined: [],
  closed: ["cleared", "conflict"],
};

/**
 * The states in which an inquiry's private links book, move and sign nothing: a possible conflict, a decline,
 * closed. Moving into one cancels its consultations ahead and withdraws its open offers and letters
 * (./intake.ts); the links' own writes check it in SQL (./bookings.ts, ./engagements.ts).
 */
export const linksClosedStates: readonly IntakeState[] = ["conflict", "declining", "declined", "closed"];

/** SQL that is true when the inquiry of id `submissionId` (SQL: a column or a parameter) is in one of linksClosedStates. */
export const linksClosedSql = (submissionId: string) =>
  `EXISTS (SELECT 1 FROM contact_submissions WHERE id = ${submissionId} AND intake_state IN (${linksClosedStates.map((state) => `'${state}'`).join(", ")}))`;
