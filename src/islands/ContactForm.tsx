import { Toast, Toaster, createToaster } from "@ark-ui/react/toast";
import { type FocusEvent, type FormEvent, type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { type ContactOutcome, outcomeTone } from "../contact/messages.ts";
import {
  HONEYPOT_FIELD,
  TURNSTILE_FIELD,
  type ContactField,
  type ContactFieldErrors,
  type ContactValues,
  contactFieldNames,
  contactFields,
  contactLimits,
  emptyContactValues,
  missingRequiredFields,
} from "../contact/fields.ts";
import type { ContactParseResult } from "../contact/schema.ts";
import type { ContactFormState } from "../contact/state.ts";
import type { ContactCopy } from "../content/collections.ts";
import { visitSource } from "./client/visit.ts";

/** The form's words, from content/pages/contact.yaml. */
export type ContactFormCopy = Pick<ContactCopy, "fields" | "requiredNote" | "submitLabel" | "sendingLabel" | "outcomes">;

export interface ContactFormProps {
  readonly copy: ContactFormCopy;
  /** Set when the server rendered the page after a plain form post (no JavaScript). */
  readonly initial?: ContactFormState;
}

const toaster = createToaster({ placement: "bottom-end", overlap: false, gap: 12, max: 3, duration: 6000 });

/**
 * How long an outcome's toast stays. A success goes after six seconds (the cleared form says the same);
 * an error stays until dismissed, as its words are said nowhere else and nobody should have to race them
 * (WCAG 2.2.1).
 */
const toastDuration = (tone: "success" | "destructive") => (tone === "success" ? 6000 : Infinity);

/** The fields as the form lays them out: a half-width field shares its row with the next. */
const fieldRows = contactFields.reduce<(typeof contactFields)[number][][]>((rows, spec) => {
  const last = rows.at(-1);
  if (last?.length === 1 && "half" in last[0]! && last[0].half) last.push(spec);
  else rows.push([spec]);
  return rows;
}, []);

/** The token of the Turnstile widget, when the server put one on the page. */
function turnstileToken(): Record<string, string> {
  const input = document.querySelector<HTMLInputElement>(`input[name="${TURNSTILE_FIELD}"]`);
  return input ? { [TURNSTILE_FIELD]: input.value } : {};
}

/** A Turnstile token is good for one post; ask the widget for a fresh one. */
function resetTurnstile() {
  (window as { turnstile?: { reset(): void } }).turnstile?.reset();
}

let schema: Promise<typeof import("../contact/schema.ts")> | undefined;

/**
 * The shared zod schema (a chunk of its own), fetched when the visitor first types into the form, so it is
 * there by the time they press Send; a visitor who only reads the page never downloads it. A failed fetch
 * is forgotten, to be tried again next time.
 */
function loadSchema() {
  if (!schema) {
    schema = import("../contact/schema.ts");
    schema.catch(() => (schema = undefined));
  }
  return schema;
}

/**
 * The schema's verdict on what was typed, or undefined when it could not be fetched (offline for a moment,
 * or a new version of the site has replaced its file): the server applies the same schema to the post, and
 * the form shows its answer the same way.
 */
async function checkWithSchema(values: ContactValues): Promise<ContactParseResult | undefined> {
  try {
    return (await loadSchema()).parseContact(values);
  } catch (error) {
    console.warn("The contact form's checks did not load; the server checks the message instead.", error);
    return undefined;
  }
}

/** The outcome the server reported, as one of the spec's messages. */
function outcomeOf(state: ContactFormState | undefined): ContactOutcome | undefined {
  if (!state) return undefined;
  if (state.outcome === "invalid") return missingRequiredFields(state.values ?? {}).length > 0 ? "missing" : "error";
  return state.outcome;
}

/**
 * The contact form. With JavaScript it validates with the shared schema, posts JSON and reports the outcome
 * in a toast; without it, the same form posts natively and the server's page shows the outcome.
 */
export default function ContactForm({ copy, initial }: ContactFormProps) {
  const [values, setValues] = useState<ContactValues>(initial?.values ?? emptyContactValues);
  const [fieldErrors, setFieldErrors] = useState<ContactFieldErrors>(initial?.fieldErrors ?? {});
  const [sending, setSending] = useState(false);
  const [honeypot, setHoneypot] = useState("");
  const [banner, setBanner] = useState(outcomeOf(initial));
  /** The note left after a send with JavaScript, which its toast announced: not a live region a second time. */
  const [bannerAnnounced, setBannerAnnounced] = useState(false);
  const bannerRef = useRef<HTMLDivElement>(null);
  const fields = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const submitButton = useRef<HTMLButtonElement>(null);
  /** Set from the press of Send (the schema may still be on its way) until the outcome is shown: one post at a time. */
  const submitting = useRef(false);
  /** Where focus was before it moved into a toast: it goes back there when that toast is dismissed. */
  const focusBeforeToast = useRef<HTMLElement | null>(null);
  const idPrefix = useId();

  const notify = (outcome: ContactOutcome) => {
    const { title, description } = copy.outcomes[outcome];
    const tone = outcomeTone[outcome];
    setBanner(undefined);
    // The newest outcome replaces the last one rather than stacking under it.
    toaster.dismiss();
    toaster.create({ title, description, type: tone === "success" ? "success" : "error", duration: toastDuration(tone) });
  };

  // Escape dismisses the toasts from anywhere, without moving focus (nor covering what has it).
  useEffect(() => {
    const dismissOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented && toaster.getVisibleToasts().length > 0) toaster.dismiss();
    };
    document.addEventListener("keydown", dismissOnEscape);
    return () => document.removeEventListener("keydown", dismissOnEscape);
  }, []);

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
      // The toast goes after a while; the note above the form stays, as the page without JavaScript shows it.
      // Focus goes to the note, not into a field, which would open a phone's keyboard.
      setBanner("sent");
      setBannerAnnounced(true);
      setSending(false);
      requestAnimationFrame(() => bannerRef.current?.focus());
    } catch (error) {
      console.error("Contact form submission failed:", error);
      resetTurnstile();
      notify("error");
      setSending(false);
      // The button was disabled while sending, which took focus away from it; give it back.
      requestAnimationFrame(() => submitButton.current?.focus());
    }
  }

  const fieldProps = (field: ContactField) => {
    const id = `${idPrefix}-${field}`;
    const error = fieldErrors[field];
    return {
      id,
      name: field,
      value: values[field],
      maxLength: contactLimits[field],
      "aria-invalid": error ? true : undefined,
      // The field's help, then its error, as a screen reader should hear them after its name.
      "aria-describedby": [copy.fields[field].help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(" ") || undefined,
      onChange: (event: { target: { value: string } }) => {
        // Someone typing is likely to send: the schema is fetched now, so that it is here by then.
        void loadSchema();
        const value = event.target.value;
        setValues((current) => ({ ...current, [field]: value }));
        if (error) setFieldErrors((current) => ({ ...current, [field]: undefined }));
      },
      className:
        "mt-2 block w-full rounded-md border border-line-strong bg-white px-3.5 py-2.5 text-base text-ink placeholder:text-muted/80 focus:border-accent aria-invalid:border-danger",
    };
  };

  /** One field: its label and help, its input (or textarea, for a text of several lines) and its error. */
  const field = (spec: (typeof contactFields)[number]) => {
    const name = spec.name;
    const common = {
      ...fieldProps(name),
      "aria-required": spec.required ? ("true" as const) : undefined,
      placeholder: copy.fields[name].placeholder,
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => void (fields.current[name] = element),
    };
    return (
      <div key={name}>
        <label htmlFor={`${idPrefix}-${name}`} className="block font-medium">
          {copy.fields[name].label}
        </label>
        {copy.fields[name].help && (
          <p id={`${idPrefix}-${name}-help`} className="mt-1 text-sm leading-relaxed text-muted">
            {copy.fields[name].help}
          </p>
        )}
        {spec.kind === "text" ? (
          <textarea rows={"rows" in spec ? spec.rows : undefined} {...common} />
        ) : (
          <input
            type={spec.kind === "email" ? "email" : "text"}
            autoComplete={"autoComplete" in spec ? spec.autoComplete : undefined}
            {...common}
          />
        )}
        {fieldErrors[name] && (
          <p id={`${idPrefix}-${name}-error`} className="mt-1.5 text-sm font-medium text-danger">
            {fieldErrors[name]}
          </p>
        )}
      </div>
    );
  };

  const bannerMessage = banner ? { ...copy.outcomes[banner], tone: outcomeTone[banner] } : undefined;

  /*
   * A toast is reached with Tab right after the form. Ark's toast group sends focus back to where it came
   * from as soon as it leaves the group, which would make Tab cycle between the form and the toast for
   * ever; so focus inside a toast is kept from the group, and the toast pauses and resumes itself. (Its
   * Alt+T shortcut, which focuses the group itself, keeps Ark's return-on-leave.)
   */
  const toastFocusProps = {
    onFocus(event: FocusEvent<HTMLElement>) {
      event.stopPropagation();
      const from = event.relatedTarget;
      if (from instanceof HTMLElement && !from.closest("[data-scope=toast]")) focusBeforeToast.current = from;
      toaster.pause();
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      if (!(event.relatedTarget instanceof Element && event.relatedTarget.closest("[data-scope=toast]"))) toaster.resume();
    },
    onKeyDown(event: ReactKeyboardEvent<HTMLElement>) {
      if (event.key === "Escape") returnFocusFromToast();
    },
  };

  /*
   * A browser scrolls a focused text field only as far as its caret, so while a toast shows at the bottom of
   * the window the rest of a tall field could stay under it: the whole field is brought above the toast
   * (scroll-padding-bottom keeps the toast's room).
   */
  const showWholeField = (event: FocusEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLTextAreaElement && toaster.getVisibleToasts().length > 0)
      event.target.scrollIntoView({ block: "nearest" });
  };

  /** Before a focused toast goes, focus returns to where it came from (else the Send button), not to the page's top. */
  const returnFocusFromToast = () => {
    const target = focusBeforeToast.current?.isConnected ? focusBeforeToast.current : submitButton.current;
    target?.focus();
  };

  return (
    <>
      {bannerMessage && (
        <div
          ref={bannerRef}
          tabIndex={-1}
          data-outcome-note=""
          role={bannerAnnounced ? undefined : bannerMessage.tone === "success" ? "status" : "alert"}
          className={`mt-6 scroll-mt-24 rounded-lg border-l-4 p-4 ${bannerMessage.tone === "success" ? "border-accent bg-accent-soft" : "border-danger bg-danger/5"}`}
        >
          <p className="font-semibold">{bannerMessage.title}</p>
          <p className="mt-1 text-sm">{bannerMessage.description}</p>
        </div>
      )}

      {/* No `required` attributes: the spec's toast, not the browser's bubble, reports empty fields.
          type="email" keeps the browser's own address check. */}
      <form
        action="/api/contact"
        method="post"
        onSubmit={submit}
        onFocus={showWholeField}
        className="mt-6 max-w-2xl space-y-6"
        aria-busy={sending}
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
              value={honeypot}
              onChange={(event) => setHoneypot(event.target.value)}
            />
          </label>
        </div>
        <button
          ref={submitButton}
          type="submit"
          disabled={sending}
          className="inline-flex min-h-11 items-center justify-center rounded-md bg-accent px-7 font-medium text-paper transition-colors hover:bg-accent-strong disabled:cursor-wait disabled:opacity-70"
        >
          {sending ? copy.sendingLabel : copy.submitLabel}
        </button>
      </form>

      <Toaster toaster={toaster}>
        {(toast) => (
          <Toast.Root
            {...toastFocusProps}
            className={`w-[min(24rem,calc(100vw-2rem))] rounded-lg border-l-4 bg-paper p-4 pr-10 shadow-xl ring-1 ring-line ${toast.type === "error" ? "border-danger" : "border-accent"}`}
          >
            <Toast.Title className={`font-semibold ${toast.type === "error" ? "text-danger" : "text-accent-strong"}`}>
              {toast.title}
            </Toast.Title>
            <Toast.Description className="mt-1 text-sm text-ink">{toast.description}</Toast.Description>
            <Toast.CloseTrigger
              aria-label="Dismiss notification"
              onClick={returnFocusFromToast}
              className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-paper-deep hover:text-ink"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 16 16"
                width="14"
                height="14"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.75"
                strokeLinecap="round"
              >
                <path d="m4 4 8 8M12 4l-8 8" />
              </svg>
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </Toaster>
    </>
  );
}
