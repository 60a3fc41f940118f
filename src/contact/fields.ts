/**
 * The contact form's fields, declared once: the form, the schema (schema.ts), the stored row
 * (src/db/schema.ts), the notification e-mail, the inbox and the scripts all map over this list. Adding an
 * optional field is one entry here, a migration (`npm run db:generate`) and its words in
 * content/pages/contact.yaml (the content check names them if they are missing). No zod here: the form
 * renders from this at once, and loads the schema only once the visitor starts filling it in.
 */

/** How a field is typed and checked: one line of text, an e-mail address, or text of several lines. */
export type ContactFieldKind = "line" | "email" | "text";

export interface ContactFieldSpec {
  /** Its name in the form, the API's JSON and content/pages/contact.yaml; its column in contact_submissions. */
  readonly name: string;
  readonly kind: ContactFieldKind;
  readonly required: boolean;
  /** The most characters it takes. */
  readonly maxLength: number;
  /** What the form says under it when it is required and left empty. */
  readonly missing?: string;
  /** The browser's autofill hint. */
  readonly autoComplete?: string;
  /** Rows of a text field. */
  readonly rows?: number;
  /** Shares a row with the next field on wide screens. */
  readonly half?: boolean;
  /** Shown after the sender's name wherever an inquiry is one line: the inbox's lists, the e-mail's subject. */
  readonly summary?: boolean;
  /** What the inbox, the notification e-mail and the scripts call it: the attorney's word, not the visitor's. */
  readonly inboxLabel: string;
  /**
   * Part of the inquiry's conflict record, which a conflict check reads and which outlives the message (the
   * retention periods of content/site.yaml). Every other field is erased with the message.
   */
  readonly conflictRecord?: boolean;
}

export const contactFields = [
  {
    name: "name",
    kind: "line",
    required: true,
    maxLength: 120,
    missing: "Please enter your name.",
    autoComplete: "name",
    half: true,
    inboxLabel: "Name",
    conflictRecord: true,
  },
  {
    name: "email",
    kind: "email",
    required: true,
    maxLength: 254,
    missing: "Please enter your e-mail address.",
    autoComplete: "email",
    half: true,
    inboxLabel: "E-mail",
    conflictRecord: true,
  },
  {
    name: "organization",
    kind: "line",
    required: false,
    maxLength: 200,
    autoComplete: "organization",
    summary: true,
    inboxLabel: "Organization / Project",
    conflictRecord: true,
  },
  // Asked before the message: a conflict check is the first thing an inquiry to a law practice needs (RPC 1.18).
  {
    name: "parties",
    kind: "text",
    required: false,
    maxLength: 500,
    rows: 2,
    inboxLabel: "Other parties involved",
    conflictRecord: true,
  },
  { name: "message", kind: "text", required: true, maxLength: 5000, missing: "Please enter a message.", rows: 6, inboxLabel: "Message" },
  // What the visitor says led them here, beside what the site itself notes of the visit (attribution.ts).
  { name: "heard", kind: "line", required: false, maxLength: 200, inboxLabel: "Heard of us through" },
] as const satisfies readonly ContactFieldSpec[];

export type ContactField = (typeof contactFields)[number]["name"];
type RequiredField = Extract<(typeof contactFields)[number], { required: true }>["name"];

/** Every field as its spec, for code that treats each field alike (the inbox, the e-mail, the scripts). */
export const fieldSpecs: readonly (ContactFieldSpec & { readonly name: ContactField })[] = contactFields;

type SummaryField = Extract<(typeof contactFields)[number], { summary: true }>["name"];
/** The fields shown after the sender's name where an inquiry is one line. */
export const summaryFields = fieldSpecs.filter((field) => field.summary) as readonly (ContactFieldSpec & { readonly name: SummaryField })[];

/** What follows the sender's name where an inquiry is one line: the summary fields given, e.g. "Studio North". */
export function summaryOf(values: Readonly<Partial<Record<SummaryField, string | null>>>): string {
  return summaryFields
    .map((field) => values[field.name])
    .filter(Boolean)
    .join(", ");
}

/** The fields in the order the form shows them. */
export const contactFieldNames: readonly ContactField[] = contactFields.map((field) => field.name);

export const contactLimits = Object.fromEntries(contactFields.map((field) => [field.name, field.maxLength])) as Record<
  ContactField,
  number
>;

export const requiredContactFields = contactFields.filter((field) => field.required).map((field) => field.name) as readonly RequiredField[];

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
export const emptyContactValues = Object.fromEntries(contactFieldNames.map((name) => [name, ""])) as ContactValues;

/** What a post holds, as the form would put it back: strings only, cut to the field limits. */
export function valuesOf(input: unknown): ContactValues {
  const record = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const value = (field: ContactField) => {
    const raw = record[field];
    return typeof raw === "string" ? raw.slice(0, contactLimits[field]) : "";
  };
  return Object.fromEntries(contactFieldNames.map((name) => [name, value(name)])) as ContactValues;
}

/** Field → first problem, for the form and for the API's 422 answer. */
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** The required fields left empty (whitespace counts as empty): the spec's "Missing Information" case. */
export function missingRequiredFields(values: Partial<ContactValues>): ContactField[] {
  return requiredContactFields.filter((field) => !values[field]?.trim());
}
