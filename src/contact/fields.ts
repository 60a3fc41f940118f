/**
 * The contact form's fields as the browser and the Worker both know them, without zod: their limits, which
 * are required, the hidden fields. The form renders from this at once; it loads the schema (schema.ts) only
 * once the visitor starts filling it in.
 */

export const contactLimits = { name: 120, email: 254, organization: 200, message: 5000 } as const;

export type ContactField = keyof typeof contactLimits;
/** The fields in the order the form shows them. */
export const contactFieldNames = Object.keys(contactLimits) as readonly ContactField[];
export const requiredContactFields = ["name", "email", "message"] as const satisfies readonly ContactField[];

/**
 * A field people never see (hidden from sight and from assistive technology) that form-filling bots do
 * fill: a post with it set is answered as if accepted, and dropped.
 */
export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(input: unknown): boolean {
  const value = typeof input === "object" && input !== null ? (input as Record<string, unknown>)[HONEYPOT_FIELD] : undefined;
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
}

/** The form field Cloudflare Turnstile puts its token in (when the challenge is switched on). */
export const TURNSTILE_FIELD = "cf-turnstile-response";

/** What the visitor typed, as the form holds it. */
export type ContactValues = Record<ContactField, string>;
export const emptyContactValues: ContactValues = { name: "", email: "", organization: "", message: "" };

/** Field → first problem, for the form and for the API's 422 answer. */
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** The required fields left empty (whitespace counts as empty): the spec's "Missing Information" case. */
export function missingRequiredFields(values: Partial<ContactValues>): ContactField[] {
  return requiredContactFields.filter((field) => !values[field]?.trim());
}
