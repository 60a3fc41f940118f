import { type FormEvent, useRef, useState } from "react";
import {
  type ContactField,
  type ContactFieldErrors,
  type ContactValues,
  HONEYPOT_FIELD,
  contactFieldNames,
  contactLimits,
  emptyContactValues,
  missingRequiredFields,
} from "../../contact/fields.ts";
import type { ContactOutcome } from "../../contact/messages.ts";
import type { ContactFormState } from "../../contact/state.ts";
import type { ContactCopy } from "../../content/collections.ts";
import { visitSource } from "../client/visit.ts";
import { checkWithSchema, loadSchema } from "./checks.ts";
import type { FieldState } from "./FormField.tsx";
import { toastOutcome } from "./OutcomeToasts.tsx";
import { resetTurnstile, turnstileToken } from "./turnstile.ts";

/** The outcome the server reported, as one of the spec's messages. */
function outcomeOf(state: ContactFormState | undefined): ContactOutcome | undefined {
  if (!state) return undefined;
  if (state.outcome === "invalid") return missingRequiredFields(state.values ?? {}).length > 0 ? "missing" : "error";
  return state.outcome;
}

/**
 * The contact form's sending, apart from how it looks: what is typed, each field's error, the honeypot,
 * whether a post is under way, and the outcome. A send is checked with the shared schema (fetched on the
 * first keystroke), posted as JSON, and its outcome shown in a toast; what the server refuses shows under
 * its fields, the first to fix focused. `initial` is the server's answer to a post without JavaScript.
 */
export function useContactSubmission(outcomes: ContactCopy["outcomes"], initial: ContactFormState | undefined) {
  const [values, setValues] = useState<ContactValues>(initial?.values ?? emptyContactValues);
  const [fieldErrors, setFieldErrors] = useState<ContactFieldErrors>(initial?.fieldErrors ?? {});
  const [sending, setSending] = useState(false);
  const [honeypot, setHoneypot] = useState("");
  const [note, setNote] = useState(outcomeOf(initial));
  /** The note left after a send with JavaScript, which its toast announced. */
  const [noteAnnounced, setNoteAnnounced] = useState(false);
  const noteRef = useRef<HTMLDivElement>(null);
  const fields = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const submitButton = useRef<HTMLButtonElement>(null);
  /** Set from the press of Send (the schema may still be on its way) until the outcome is shown: one post at a time. */
  const submitting = useRef(false);

  const notify = (outcome: ContactOutcome) => {
    setNote(undefined);
    toastOutcome(outcome, outcomes);
  };

  /**
   * Shows the schema's findings (the browser's own check, or the server's 422 answer) under their fields,
   * with the spec's toast when a required field is empty, and focuses the first field to fix: the first
   * empty required one, else the first with an error.
   */
  const showInvalid = (errors: ContactFieldErrors) => {
    setFieldErrors(errors);
    const [firstMissing] = missingRequiredFields(values);
    if (firstMissing) notify("missing");
    const first = firstMissing ?? contactFieldNames.find((field) => errors[field]);
    if (first) fields.current[first]?.focus();
  };

  async function checkAndSend() {
    const parsed = await checkWithSchema(values);
    if (parsed && !parsed.ok) return showInvalid(parsed.fieldErrors);

    setFieldErrors({});
    setSending(true);
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...values, [HONEYPOT_FIELD]: honeypot, ...turnstileToken(), ...visitSource() }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { fields?: ContactFieldErrors };
        if (response.status === 422 && body.fields) {
          resetTurnstile();
          setSending(false);
          showInvalid(body.fields);
          return;
        }
        throw new Error(`The server answered ${response.status}`);
      }
      setValues(emptyContactValues);
      resetTurnstile();
      notify("sent");
      // The toast says it was sent; the note above the form says what happens next, and stays.
      // Focus goes to the note, not into a field, which would open a phone's keyboard.
      setNote("sent");
      setNoteAnnounced(true);
      setSending(false);
      requestAnimationFrame(() => noteRef.current?.focus());
    } catch (error) {
      console.error("Contact form submission failed:", error);
      resetTurnstile();
      notify("error");
      setSending(false);
      // The button was disabled while sending, which took focus away from it; give it back.
      requestAnimationFrame(() => submitButton.current?.focus());
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      await checkAndSend();
    } finally {
      submitting.current = false;
    }
  }

  /** A field's value, error and limit, and what typing in it does. */
  const field = (name: ContactField): FieldState => ({
    value: values[name],
    error: fieldErrors[name],
    maxLength: contactLimits[name],
    onChange: (value) => {
      // Someone typing is likely to send: the schema is fetched now, so that it is here by then.
      void loadSchema();
      setValues((current) => ({ ...current, [name]: value }));
      if (fieldErrors[name]) setFieldErrors((current) => ({ ...current, [name]: undefined }));
    },
    ref: (element) => void (fields.current[name] = element),
  });

  return {
    field,
    honeypot: { value: honeypot, onChange: setHoneypot },
    sending,
    submit,
    submitButton,
    note: note && { outcome: note, announced: noteAnnounced, ref: noteRef },
  };
}
