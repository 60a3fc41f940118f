import * as z from "zod/mini";
import { type ContactField, type ContactFieldErrors, type ContactFieldSpec, contactFields, requiredContactFields } from "./fields.ts";

/**
 * The contact form's one schema, used by the browser before sending and by the Worker on every post.
 * zod/mini keeps it small; the browser fetches it only once the visitor starts filling in the form
 * (the facts the form renders from are in fields.ts).
 */

// Control characters (C0, DEL and C1) never belong in a name or address, nor do Unicode's line and paragraph
// separators: they would reach e-mail headers. A message may hold line breaks (any kind) and tabs, but no
// other control character.
const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/**
 * Invisible formatting: bidirectional controls (U+202A–U+202E, U+2066–U+2069) can make a name read backwards
 * in the inbox or an e-mail client, and zero-width characters (U+200B–U+200D) make two names that look alike
 * differ; neither belongs in a name, an address or an organization.
 */
const FORMAT_CHARACTERS = /[\u200B-\u200D\u202A-\u202E\u2066-\u2069]/;

/** Half of a surrogate pair on its own is not Unicode text; it cannot be stored or sent faithfully. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const text = (field: ContactFieldSpec, messages: { missing: string; pattern: RegExp }) =>
  z.string({ error: messages.missing }).check(
    z.refine((value) => !UNPAIRED_SURROGATE.test(value), "Please remove the unreadable characters."),
    z.trim(),
    ...(field.required ? [z.minLength(1, messages.missing)] : []),
    z.maxLength(field.maxLength, `Please keep this under ${field.maxLength.toLocaleString("en-US")} characters.`),
    z.regex(messages.pattern, "Please remove line breaks and special control characters."),
  );

/** One field's rules, by its kind; an optional field left empty is stored as NULL. */
function fieldSchema(field: ContactFieldSpec) {
  const lines = text(field, {
    missing: field.missing ?? "Please enter text.",
    pattern: field.kind === "text" ? MULTI_LINE : SINGLE_LINE,
  });
  const checked =
    field.kind === "text"
      ? lines
      : lines.check(z.refine((value) => !FORMAT_CHARACTERS.test(value), "Please remove invisible formatting characters."));
  // The same rule as the browser's <input type="email">, so both sides agree on what is valid.
  const typed = field.kind === "email" ? checked.check(z.regex(z.regexes.html5Email, "Please enter a valid e-mail address.")) : checked;
  if (field.required) return typed;
  return z.pipe(
    z.optional(z.nullable(typed)),
    z.transform((value) => (value ? value : null)),
  );
}

/**
 * The schema, built on first use rather than when the module loads: zod assembles its checks eagerly, and
 * every new Worker isolate would otherwise pay for that.
 */
const buildContactSchema = () => z.object(Object.fromEntries(contactFields.map((field) => [field.name, fieldSchema(field)])));
let contactSchema: ReturnType<typeof buildContactSchema> | undefined;

/** A valid submission: trimmed, each optional field NULL when left empty. */
export type ContactSubmissionInput = {
  readonly [F in (typeof contactFields)[number] as F["name"]]: F["required"] extends true ? string : string | null;
};

export type ContactParseResult =
  | { readonly ok: true; readonly data: ContactSubmissionInput }
  | { readonly ok: false; readonly fieldErrors: ContactFieldErrors };

export function parseContact(input: unknown): ContactParseResult {
  const result = (contactSchema ??= buildContactSchema()).safeParse(input);
  if (result.success) return { ok: true, data: result.data as ContactSubmissionInput };
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  // A body that is not an object at all has no field paths; every required field is then missing.
  if (Object.keys(fieldErrors).length === 0) for (const field of requiredContactFields) fieldErrors[field] = "Required.";
  return { ok: false, fieldErrors };
}
