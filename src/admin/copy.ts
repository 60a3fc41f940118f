import type { DeliveryState } from "../db/delivery.ts";
import type { ActivityAction, IntakeState } from "../db/schema.ts";

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
    meaning: "A conflict check found nothing in the way of talking about the matter.",
    action: "Record: conflict cleared",
  },
  conflict: {
    label: "Possible conflict",
    meaning: "A conflict check found a possible conflict of interest (see the note).",
    action: "Record: possible conflict",
  },
  engaged: { label: "Engaged", meaning: "The practice took the matter on.", action: "Record: engaged" },
  declined: {
    label: "Declined",
    meaning: "The practice declined the matter, in writing: the non-engagement letter opens from this page.",
    action: "Decline and write the letter",
  },
  closed: {
    label: "Closed",
    meaning: "No matter to take on or decline: a question answered, spam, or marked handled before intake states existed.",
    action: "Close: no matter",
  },
};

/** How the activity log names each kind of action. */
export const activityLabels: Record<ActivityAction, string> = {
  viewed: "Viewed an inquiry",
  "conflict-search": "Conflict search",
  intake: "Changed the intake state",
  declined: "Declined",
  resent: "Sent the notification again",
  "privacy-lookup": "Looked up an address",
  exported: "Exported an address's inquiries",
  deleted: "Deleted an address's inquiries",
  "erased-message": "Erased an address's messages, keeping the conflict record",
  "site-edit": "Saved a change to the site",
  "site-edit-refused": "A change to the site was refused",
};

/** What a finished action says on the page it leads back to, once (see one-time-notice.ts). */
export const doneNotices = {
  resent: { tone: "success", text: "The notification was queued again; it usually goes out within a minute." },
  "not-resent": {
    tone: "error",
    text: "Nothing was sent again: this notification is no longer failed or stuck, or it is being sent right now.",
  },
  "queue-unavailable": {
    tone: "error",
    text: "The queue could not be reached. The scheduled sweep will send this notification within about ten minutes.",
  },
  intake: { tone: "success", text: "The intake state was recorded." },
  declined: {
    tone: "success",
    text: "Marked declined. Send the non-engagement letter now: it opens in your mail program, addressed and filled in.",
  },
  "intake-refused": { tone: "error", text: "Nothing was changed: that step does not follow from where the inquiry stands now." },
  "note-required": { tone: "error", text: "Nothing was changed: a possible conflict needs a note saying what it is." },
} as const satisfies Record<string, { tone: "success" | "error"; text: string }>;
export type DoneNotice = keyof typeof doneNotices;

export const isDoneNotice = (value: string | undefined): value is DoneNotice => value !== undefined && Object.hasOwn(doneNotices, value);
