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
