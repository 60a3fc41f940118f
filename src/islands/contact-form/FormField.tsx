import type { ChangeEvent, Ref } from "react";
import type { ContactField, contactFields } from "../../contact/fields.ts";
import type { ContactCopy } from "../../content/collections.ts";

/** What the form knows of a field as it is now. */
export interface FieldState {
  readonly value: string;
  readonly error?: string;
  readonly maxLength: number;
  readonly onChange: (value: string) => void;
  readonly ref: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/** One field: its label and help, its input (or textarea, for a text of several lines) and its error. */
export function FormField({
  spec,
  words,
  id,
  state,
}: {
  spec: (typeof contactFields)[number];
  words: ContactCopy["fields"][ContactField];
  /** The input's id; its help's and error's ids follow from it. */
  id: string;
  state: FieldState;
}) {
  const { error } = state;
  const common = {
    id,
    name: spec.name,
    value: state.value,
    maxLength: state.maxLength,
    "aria-invalid": error ? true : undefined,
    // The field's help, then its error, as a screen reader should hear them after its name.
    "aria-describedby": [words.help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(" ") || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => state.onChange(event.target.value),
    className:
      "mt-2 block w-full rounded-md border border-line-strong bg-white px-3.5 py-2.5 text-base text-ink placeholder:text-muted/80 focus:border-accent aria-invalid:border-danger",
    "aria-required": spec.required ? ("true" as const) : undefined,
    placeholder: words.placeholder,
    ref: state.ref,
  };
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {words.label}
      </label>
      {words.help && (
        <p id={`${id}-help`} className="mt-1 text-sm leading-relaxed text-muted">
          {words.help}
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
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
