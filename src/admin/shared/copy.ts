import type { DeliveryState } from "../../db/delivery.ts";
import { DECLINE_LETTER_MAX } from "../../db/intake.ts";
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

/** The part of an inquiry's page an action belongs to: its redirect leads there, and its notice is shown there. */
export type NoticePart = "intake" | "consultations" | "engagement" | "notes" | "notification";

/**
 * What a finished action says on the page it leads back to, once (see one-time-notice.ts), and the part of
 * the page it was taken in: the redirect goes to that part and the notice is drawn in it, so on a phone it is
 * on the screen the browser scrolls to.
 */
export const doneNotices = {
  resent: { part: "notification", tone: "success", text: "The notification was queued again; it usually goes out within a minute." },
  "not-resent": {
    part: "notification",
    tone: "error",
    text: "Nothing was sent again: this notification is no longer failed or stuck, or it is being sent right now.",
  },
  "queue-unavailable": {
    part: "notification",
    tone: "error",
    text: "The queue could not be reached. The scheduled sweep will send this notification within about ten minutes.",
  },
  checked: { part: "intake", tone: "success", text: "Every name was checked; the results are below." },
  "checked-already": { part: "intake", tone: "success", text: "That check had already run: its results are below." },
  intake: { part: "intake", tone: "success", text: "The intake state was recorded." },
  "letter-written": {
    part: "intake",
    tone: "success",
    text: "Recorded as declined, letter not yet sent. Send the letter below, then press “Mark the letter sent”.",
  },
  "decline-cancelled": { part: "intake", tone: "success", text: "The decline was cancelled: the intake is back where it stood before it." },
  "cancel-letter-sent": { part: "intake", tone: "error", text: "Nothing was changed: the letter is marked sent, so the decline stands." },
  "cancel-from-unknown": {
    part: "intake",
    tone: "error",
    text: "Nothing was changed: this decline was recorded before the inbox kept the state it came from, so it cannot be cancelled.",
  },
  declined: { part: "intake", tone: "success", text: "Recorded as declined in writing." },
  "intake-refused": {
    part: "intake",
    tone: "error",
    text: "Nothing was changed: that step does not follow from where the inquiry stands now.",
  },
  "intake-stale": {
    part: "intake",
    tone: "error",
    text: "Nothing was changed: the inquiry moved on after that page was shown. Its state is below; check it, then try again.",
  },
  "intake-already": { part: "intake", tone: "success", text: "Nothing more to do: that step was already recorded." },
  "check-needed": {
    part: "intake",
    tone: "error",
    text: "Nothing was changed: check all names first. “Conflict cleared” and “possible conflict” rest on a check of this inquiry’s names.",
  },
  "note-required": { part: "intake", tone: "error", text: "Nothing was changed: a possible conflict needs a note saying what it is." },
  "reason-required": {
    part: "intake",
    tone: "error",
    text: "Nothing was changed: the check found possible matches. To clear it, say why none of them is a conflict.",
  },
  "engage-incomplete": {
    part: "intake",
    tone: "error",
    text: "Nothing was changed: to record the engagement, name the matter and choose the role of each party, for the conflict register.",
  },
  engaged: {
    part: "intake",
    tone: "success",
    text: "Recorded as engaged; the client, the matter and its parties are now in the conflict register.",
  },
  "letter-invalid": {
    part: "intake",
    tone: "error",
    text: `Nothing was changed: the decline needs its letter, no longer than ${DECLINE_LETTER_MAX.toLocaleString("en-US")} characters.`,
  },
  "day-invalid": {
    part: "intake",
    tone: "error",
    text: "Nothing was changed: give the day the letter went out, no earlier than it was written and no later than today.",
  },
  "offer-refused": {
    part: "consultations",
    tone: "error",
    text: "Nothing was offered: a consultation is offered once the conflict check is cleared, and the inquiry has moved on.",
  },
  "offer-no-kind": { part: "consultations", tone: "error", text: "Nothing was offered: choose at least one kind of consultation." },
  // "{email}" is the inquiry's address, put in by the page that shows it.
  "offer-sent": { part: "consultations", tone: "success", text: "The offer went to {email}." },
  "offer-send-refused": {
    part: "consultations",
    tone: "error",
    text: "Nothing was sent: the page's link is not this offer's. Withdraw the offer and make another if its link is lost.",
  },
  "offer-closed": {
    part: "consultations",
    tone: "error",
    text: "Nothing was sent: the offer was withdrawn, has expired or was booked already.",
  },
  "offer-already-sent": { part: "consultations", tone: "success", text: "Nothing was sent again: the offer had already gone by e-mail." },
  "offer-withdrawn": { part: "consultations", tone: "success", text: "The offer was withdrawn: its link books nothing now." },
  "offer-not-withdrawn": {
    part: "consultations",
    tone: "error",
    text: "Nothing was changed: the offer was booked or withdrawn already.",
  },
  "outcome-held": { part: "consultations", tone: "success", text: "Recorded: the consultation was held." },
  "outcome-no-show": { part: "consultations", tone: "success", text: "Recorded: the person did not come." },
  "outcome-refused": {
    part: "consultations",
    tone: "error",
    text: "Nothing was changed: an outcome is recorded once the consultation's time has begun, and not for a cancelled one.",
  },
  "engagement-sent": { part: "engagement", tone: "success", text: "The engagement letter went to {email}, with its private link." },
  "engagement-refused": {
    part: "engagement",
    tone: "error",
    text: "Nothing was prepared: an engagement letter is prepared once the conflict check is cleared, and the inquiry has moved on.",
  },
  "engagement-signed-already": {
    part: "engagement",
    tone: "error",
    text: "Nothing was sent: this inquiry's engagement letter is signed already. A new one cannot replace it.",
  },
  "engagement-withdrawn": { part: "engagement", tone: "success", text: "The letter was withdrawn: its link opens nothing to sign now." },
  "engagement-not-withdrawn": {
    part: "engagement",
    tone: "error",
    text: "Nothing was changed: the letter was signed, declined, replaced or withdrawn already.",
  },
  "note-added": { part: "notes", tone: "success", text: "The note was added." },
  "note-already": { part: "notes", tone: "success", text: "That note was already added." },
  "note-empty": { part: "notes", tone: "error", text: "Nothing was added: the note was empty." },
  "follow-up-set": { part: "notes", tone: "success", text: "The follow-up day was set." },
  "follow-up-cleared": { part: "notes", tone: "success", text: "The follow-up was cleared." },
  "follow-up-invalid": { part: "notes", tone: "error", text: "Nothing was changed: choose a day for the follow-up." },
} as const satisfies Record<string, { part: NoticePart; tone: "success" | "error"; text: string }>;
export type DoneNotice = keyof typeof doneNotices;

export const isDoneNotice = (value: string | undefined): value is DoneNotice => value !== undefined && Object.hasOwn(doneNotices, value);

/** What an action on the consultations page (/admin/consultations) says there, once. */
export const consultationsNotices = {
  "busy-added": { tone: "success", text: "The busy time was added: no consultation is offered then, from now on." },
  "busy-removed": { tone: "success", text: "The busy time was removed: its hours may be offered again." },
  "busy-gone": { tone: "error", text: "Nothing was removed: that busy time was removed already." },
  "feed-stopped": { tone: "success", text: "The calendar address was stopped: calendars subscribed to it get nothing more." },
  "feed-none": { tone: "success", text: "Nothing to stop: no calendar address was in use." },
} as const satisfies Record<string, { tone: "success" | "error"; text: string }>;
export type ConsultationsNotice = keyof typeof consultationsNotices;

export const isConsultationsNotice = (value: string | undefined): value is ConsultationsNotice =>
  value !== undefined && Object.hasOwn(consultationsNotices, value);
