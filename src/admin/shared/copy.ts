import type { DeliveryState } from "../../db/delivery.ts";
import type { ActivityAction, ConflictCheckRow, EngagementStatus, IntakeState } from "../../db/schema.ts";

/** The inbox's words for each delivery state: a short label and what it means for the attorney. */
export const stateCopy: Record<DeliveryState, { readonly label: string; readonly meaning: string }> = {
  queued: {
    label: "Queued",
    meaning: "Stored and on its way: the notification e-mail normally goes out within seconds.",
  },
  retrying: {
    label: "Retrying",
    meaning: "The last attempt to send the e-mail failed. It is retried on its own, waiting longer each time, six attempts in all.",
  },
  stuck: {
    label: "Stuck",
    meaning:
      "Nothing has tried to send this e-mail for longer than the retry schedule allows, so its place in the queue was lost. The scheduled sweep queues it again within ten minutes, or send it again now.",
  },
  sent: {
    label: "Sent",
    meaning: "The notification e-mail went to the practice's inbox.",
  },
  failed: {
    label: "Failed",
    meaning:
      "Every attempt to send the e-mail failed, and it will not be retried on its own. Check the e-mail settings, then send it again.",
  },
};

/**
 * The inbox's words for each intake state: its label, what it means, and the button that moves an inquiry
 * to it. RPC 1.18 asks a lawyer to check conflicts before learning more of a prospective client's matter,
 * and to decline in writing.
 */
export const intakeCopy: Record<IntakeState, { readonly label: string; readonly meaning: string; readonly action: string }> = {
  new: { label: "New", meaning: "No conflict check recorded yet.", action: "" },
  cleared: {
    label: "Conflict cleared",
    meaning: "The conflict check was reviewed and cleared: the practice may talk about the matter.",
    action: "Record: conflict cleared",
  },
  conflict: {
    label: "Possible conflict",
    meaning: "A conflict check found a possible conflict of interest (see the note).",
    action: "Record: possible conflict",
  },
  engaged: { label: "Engaged", meaning: "The practice took the matter on.", action: "Record: engaged" },
  declining: {
    label: "Declined, letter not yet sent",
    meaning: "The practice is declining the matter: send the letter below, then mark it sent.",
    action: "Record declined, letter not yet sent",
  },
  declined: {
    label: "Declined in writing",
    meaning: "The practice declined the matter, and the letter saying so was sent.",
    action: "Mark the letter sent",
  },
  closed: {
    label: "Closed",
    meaning: "No matter to take on or decline: a question answered, spam, or marked handled before intake states existed.",
    action: "Close: no matter",
  },
};

const matchesOf = (count: number) => (count === 1 ? "1 match" : `${count.toLocaleString("en-US")} matches`);

/** Where a check searched: inquiries and the register, or, for checks made before the register, inquiries alone. */
const searchedWhere = (check: Pick<ConflictCheckRow, "registerNames">) =>
  check.registerNames === null ? "in the other inquiries on record" : "in inquiries and the register";

/**
 * What a "conflict cleared" record rests on, in words: exactly what its check compared and found, and for
 * matches the attorney's reason. A check made before the conflict register searched inquiries alone, and
 * says only that.
 */
export function clearedRecord(
  check: Pick<ConflictCheckRow, "matchCount" | "comparedNames" | "registerNames">,
  reason: string | null,
): string {
  if (check.matchCount > 0)
    return reason
      ? `${matchesOf(check.matchCount)} reviewed: ${reason}`
      : `${matchesOf(check.matchCount)}, cleared before a reason was asked`;
  if (check.comparedNames === null) return "No match in the other inquiries on record";
  const names = check.comparedNames === 1 ? "1 name" : `${check.comparedNames.toLocaleString("en-US")} names`;
  return `No match among ${names} ${searchedWhere(check)}`;
}

/** A check's outcome in a sentence's words: "no match among 1,204 names in inquiries and the register", "2 possible matches". */
export function checkOutcome(check: Pick<ConflictCheckRow, "matchCount" | "comparedNames" | "registerNames">): string {
  if (check.matchCount > 0)
    return `${check.matchCount === 1 ? "1 possible match" : `${check.matchCount.toLocaleString("en-US")} possible matches`}`;
  return clearedRecord(check, null).replace(/^No/, "no");
}

/** The record as a sentence on a page: a reason that ends a sentence itself gets no second full stop. */
export const clearedSentence = (...record: Parameters<typeof clearedRecord>): string => {
  const text = clearedRecord(...record);
  return /[.!?]$/.test(text) ? text : `${text}.`;
};

/** How the activity log names each kind of action. */
export const activityLabels: Record<ActivityAction, string> = {
  viewed: "Viewed an inquiry",
  "conflict-search": "Conflict search",
  "conflict-check": "Checked all names for conflicts",
  intake: "Changed the intake state",
  "letter-written": "Recorded a decline, letter not yet sent",
  "decline-cancelled": "Cancelled a decline",
  declined: "Declined in writing",
  note: "Added a note",
  "follow-up": "Follow-up",
  resent: "Sent the notification again",
  "privacy-lookup": "Looked up an address",
  exported: "Exported an address's inquiries",
  "exported-list": "Downloaded the inquiry list",
  deleted: "Deleted an address's inquiries",
  "erased-message": "Erased an address's messages, keeping the conflict record",
  "site-edit": "Saved a change to the site",
  "site-edit-refused": "A change to the site was refused",
  "backup-failed": "A nightly backup failed",
  "register-added": "Added to the conflict register",
  "register-edited": "Changed the conflict register",
  "register-imported": "Imported into the conflict register",
  "consultation-offered": "Offered a consultation",
  "consultation-offer-withdrawn": "Withdrew a consultation offer",
  "consultation-booked": "Consultation booked",
  "consultation-rescheduled": "Consultation moved",
  "consultation-cancelled": "Consultation cancelled",
  "consultation-held": "Consultation held",
  "consultation-no-show": "Consultation missed",
  "busy-time-added": "Busy time added",
  "busy-time-removed": "Busy time removed",
  "calendar-feed": "Calendar feed address made",
  "engagement-sent": "Sent an engagement letter",
  "engagement-withdrawn": "Withdrew an engagement letter",
  "engagement-declined": "Engagement letter declined by the client",
  "engagement-paper-requested": "Engagement letter asked for on paper",
  "engagement-signed": "Engagement letter signed",
};

/**
 * Where a consultation offer stands, as the inbox names it: offered (its link open), withdrawn, expired,
 * booked (moved when its time changed), its time begun with the outcome to record, cancelled, held, missed.
 */
export const consultationCopy = {
  offered: { label: "Offered", tone: "open" },
  withdrawn: { label: "Withdrawn", tone: "closed" },
  expired: { label: "Expired", tone: "closed" },
  booked: { label: "Booked", tone: "booked" },
  moved: { label: "Booked, moved", tone: "booked" },
  "to-record": { label: "Time begun: held?", tone: "open" },
  cancelled: { label: "Cancelled", tone: "closed" },
  held: { label: "Held", tone: "booked" },
  "no-show": { label: "Did not come", tone: "closed" },
} as const satisfies Record<string, { label: string; tone: "open" | "booked" | "closed" }>;
export type ConsultationStanding = keyof typeof consultationCopy;

/**
 * Where an engagement letter's version stands, as the inbox names it: its link open (sent, opened, consented),
 * answered (signed, declined, paper asked for) or closed (expired, withdrawn, replaced by a newer version).
 */
export const engagementCopy = {
  sent: { label: "Sent", tone: "open" },
  opened: { label: "Opened", tone: "open" },
  consented: { label: "Consented, not signed", tone: "open" },
  signed: { label: "Signed", tone: "done" },
  declined: { label: "Declined", tone: "closed" },
  "paper-requested": { label: "Paper requested", tone: "open" },
  expired: { label: "Expired", tone: "closed" },
  withdrawn: { label: "Withdrawn", tone: "closed" },
  voided: { label: "Replaced by a newer version", tone: "closed" },
} as const satisfies Record<EngagementStatus, { label: string; tone: "open" | "done" | "closed" }>;
