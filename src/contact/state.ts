import type { ContactFieldErrors, ContactValues } from "./fields.ts";

/**
 * What the server tells the contact form when it renders the page after a plain (no-JavaScript) post:
 * the outcome to show and, unless it was sent, what the visitor typed.
 */
export interface ContactFormState {
  readonly outcome: "sent" | "invalid" | "error";
  readonly values?: ContactValues;
  readonly fieldErrors?: ContactFieldErrors;
}
