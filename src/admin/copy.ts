import type { DeliveryState } from "../db/delivery.ts";

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
  handled: { tone: "success", text: "Marked as handled." },
  reopened: { tone: "success", text: "Marked as not handled." },
} as const satisfies Record<string, { tone: "success" | "error"; text: string }>;
export type DoneNotice = keyof typeof doneNotices;

export const isDoneNotice = (value: string | undefined): value is DoneNotice => value !== undefined && Object.hasOwn(doneNotices, value);
