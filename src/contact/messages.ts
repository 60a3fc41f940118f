/**
 * The outcomes of a contact post the form reports (as toasts, or without JavaScript on the page). Their
 * words are the practice's, in content/pages/contact.yaml; whether each is good news is the form's.
 */
export const contactOutcomes = ["missing", "error", "sent"] as const;
export type ContactOutcome = (typeof contactOutcomes)[number];

export const outcomeTone: Readonly<Record<ContactOutcome, "success" | "destructive">> = {
  missing: "destructive",
  error: "destructive",
  sent: "success",
};
