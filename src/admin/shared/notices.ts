import { DECLINE_LETTER_MAX } from "../../db/intake.ts";

/** The part of an inquiry's page an action belongs to: its redirect leads there, and its notice is shown there. */
export type NoticePart = "intake" | "consultations" | "engagement" | "notes" | "notification";

/** What cancelling a consultation sends the client (`who`: "{email}" where a part's notice names the address), in the notices after it. */
const cancellationSent = (who: string) =>
  ({
    mailed: `${who} is e-mailed the cancellation, with its calendar update and your reason if you gave one.`,
    unmailed: `Nothing was e-mailed to ${who} (sending to clients is not set up, or the address cannot take mail): tell them yourself.`,
  }) as const;
const toAddress = cancellationSent("{email}");
const toClient = cancellationSent("the client");

/** An inquiry's change that cancelled its consultation ahead: what else it did. */
const linksEnded = "Its consultation booked ahead is cancelled and its open offers and letters withdrawn;";

/** An intake state recorded, and a decline recorded with its letter not yet sent. */
const intakeRecorded = "The intake state was recorded.";
const declineRecorded = "Recorded as declined, letter not yet sent. Send the letter below, then press “Mark the letter sent”.";

/**
 * What a finished action says on the page it leads back to, once (one-time-notice.ts), and the part of
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
  intake: { part: "intake", tone: "success", text: intakeRecorded },
  "letter-written": { part: "intake", tone: "success", text: declineRecorded },
  "decline-cancelled": { part: "intake", tone: "success", text: "The decline was cancelled: the intake is back where it stood before it." },
  "cancel-letter-sent": { part: "intake", tone: "error", text: "Nothing was changed: the letter is marked sent, so the decline stands." },
  "cancel-from-unknown": {
    part: "intake",
    tone: "error",
    text: "Nothing was changed: this decline was recorded before the inbox kept the state it came from, so it cannot be cancelled.",
  },
  "intake-cancelled-mailed": { part: "intake", tone: "success", text: `${intakeRecorded} ${linksEnded} ${toClient.mailed}` },
  "intake-cancelled-unmailed": {
    part: "intake",
    tone: "success",
    text: `${intakeRecorded} ${linksEnded} ${toClient.unmailed}`,
  },
  "letter-written-cancelled-mailed": {
    part: "intake",
    tone: "success",
    text: `${declineRecorded} ${linksEnded} ${toClient.mailed}`,
  },
  "letter-written-cancelled-unmailed": {
    part: "intake",
    tone: "success",
    text: `${declineRecorded} ${linksEnded} ${toClient.unmailed}`,
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
  "booking-cancelled-mailed": {
    part: "consultations",
    tone: "success",
    text: `The consultation is cancelled and its time is free again. ${toAddress.mailed}`,
  },
  "booking-cancelled-unmailed": {
    part: "consultations",
    tone: "success",
    text: `The consultation is cancelled and its time is free again. ${toAddress.unmailed}`,
  },
  "booking-not-cancelled": {
    part: "consultations",
    tone: "error",
    text: "Nothing was cancelled: the consultation was cancelled already, or its time has begun.",
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
