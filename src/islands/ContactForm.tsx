import type { FocusEvent } from "react";
import { useEffect, useId, useState } from "react";
import { contactFields } from "../contact/fields.ts";
import { HONEYPOT_FIELD } from "../contact/fields.ts";
import type { ContactFormState } from "../contact/state.ts";
import type { ContactCopy } from "../content/collections.ts";
import { ConfidentialityNotice } from "./contact-form/ConfidentialityNotice.tsx";
import { FormField } from "./contact-form/FormField.tsx";
import { OutcomeNote } from "./contact-form/OutcomeNote.tsx";
import { OutcomeToasts, toastShown } from "./contact-form/OutcomeToasts.tsx";
import { useContactSubmission } from "./contact-form/use-contact-submission.ts";

/** The form's words, from content/pages/contact.yaml. */
export type ContactFormCopy = Pick<
  ContactCopy,
  "fields" | "requiredNote" | "submitLabel" | "sendingLabel" | "outcomes" | "afterSending"
> & {
  /** The notice that what is sent may not be kept confidential (content/notices.yaml). */
  readonly confidentiality: string;
};

export interface ContactFormProps {
  readonly copy: ContactFormCopy;
  /** Set when the server rendered the page after a plain form post (no JavaScript). */
  readonly initial?: ContactFormState;
}

/** The fields as the form lays them out: a half-width field shares its row with the next. */
const fieldRows = contactFields.reduce<(typeof contactFields)[number][][]>((rows, spec) => {
  const last = rows.at(-1);
  if (last?.length === 1 && "half" in last[0]! && last[0].half) last.push(spec);
  else rows.push([spec]);
  return rows;
}, []);

/**
 * A browser scrolls a focused text field only as far as its caret, so while a toast shows at the bottom of
 * the window the rest of a tall field could stay under it: the whole field is brought above the toast
 * (scroll-padding-bottom keeps the toast's room).
 */
const showWholeField = (event: FocusEvent<HTMLFormElement>) => {
  if (event.target instanceof HTMLTextAreaElement && toastShown()) event.target.scrollIntoView({ block: "nearest" });
};

/**
 * The contact form. With JavaScript it validates with the shared schema, posts JSON and reports the outcome
 * in a toast (use-contact-submission.ts); without it, the same form posts natively and the server's page
 * shows the outcome.
 */
export default function ContactForm({ copy, initial }: ContactFormProps) {
  const form = useContactSubmission(copy.outcomes, initial);
  const idPrefix = useId();
  // Once the form is live its own checks report every field the same way, under the field; until then
  // (and without JavaScript) the browser's own e-mail check stands.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const field = (spec: (typeof contactFields)[number]) => (
    <FormField key={spec.name} spec={spec} words={copy.fields[spec.name]} id={`${idPrefix}-${spec.name}`} state={form.field(spec.name)} />
  );

  return (
    <>
      {form.note && <OutcomeNote {...form.note} outcomes={copy.outcomes} afterSending={copy.afterSending} />}

      {/* No `required` attributes: the spec's toast, not the browser's bubble, reports empty fields.
          type="email" keeps the browser's own address check until the form is live. */}
      <form
        action="/api/contact"
        method="post"
        noValidate={live}
        onSubmit={form.submit}
        onFocus={showWholeField}
        className="mt-6 max-w-2xl space-y-6"
        aria-busy={form.sending}
      >
        <p className="text-sm text-muted">{copy.requiredNote}</p>
        {fieldRows.map((row) =>
          row.length > 1 ? (
            <div key={row[0]!.name} className="grid gap-6 sm:grid-cols-2">
              {row.map(field)}
            </div>
          ) : (
            field(row[0]!)
          ),
        )}
        {/* The honeypot: never shown to people (nor to assistive technology); bots fill it. */}
        <div className="hidden">
          <label>
            Leave this field empty
            <input
              type="text"
              name={HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              value={form.honeypot.value}
              onChange={(event) => form.honeypot.onChange(event.target.value)}
            />
          </label>
        </div>
        <ConfidentialityNotice id={`${idPrefix}-confidentiality`} text={copy.confidentiality} />
        <button
          ref={form.submitButton}
          type="submit"
          aria-describedby={`${idPrefix}-confidentiality`}
          disabled={form.sending}
          className="inline-flex min-h-11 items-center justify-center rounded-md bg-accent px-7 font-medium text-paper transition-colors hover:bg-accent-strong disabled:cursor-wait disabled:opacity-70"
        >
          {form.sending ? copy.sendingLabel : copy.submitLabel}
        </button>
      </form>

      <OutcomeToasts fallbackFocus={form.submitButton} />
    </>
  );
}
