/**
 * An engagement letter as the client reads and signs it: a template of content/letters/ filled in with the
 * attorney's values for its fields and the day, and the consumer disclosure of content/pages/engagement.yaml
 * as one text. What these return is what the record keeps, byte for byte, with its SHA-256.
 */
import type { EngagementCopy, EngagementTemplate } from "../content/collections.ts";
import { disclosureParts } from "../content/engagement.ts";

/** Characters no field's value keeps: controls (a line break aside, in a field of several lines) and the bidirectional overrides. */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;

/** A field's value as the letter holds it: line breaks as \n (none in a one-line field), no control characters, no outer spaces. */
function cleanValue(value: string, multiline: boolean): string {
  const lines = value.replace(/\r\n?/g, "\n").split("\n");
  const kept = lines.map((line) => line.replace(UNSAFE, "").trimEnd());
  return (multiline ? kept.join("\n") : kept.join(" ")).replace(/\n{3,}/g, "\n\n").trim();
}

let longDates: Map<string, Intl.DateTimeFormat> | undefined;

/** "November 25, 2026": the day in the practice's zone. */
export function longDate(date: Date, timeZone: string): string {
  longDates ??= new Map();
  let format = longDates.get(timeZone);
  if (!format) longDates.set(timeZone, (format = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone })));
  return format.format(date);
}

export type FilledLetter =
  | { readonly ok: true; readonly text: string; readonly values: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly missing: readonly string[] };

/**
 * The letter filled in: each declared field's `{{name}}` with its value (taken literally: a value holding
 * `{{…}}` or `$&` stays as typed) and `{{date}}` with the day `on` is in `timeZone`. Every field must have a
 * value: the names of those without one otherwise.
 */
export function fillEngagementLetter(
  template: Pick<EngagementTemplate, "fields" | "body">,
  given: Readonly<Record<string, string | undefined>>,
  on: Date,
  timeZone: string,
): FilledLetter {
  const values: Record<string, string> = {};
  for (const field of template.fields) values[field.name] = cleanValue(given[field.name] ?? "", field.multiline);
  const missing = template.fields.filter((field) => values[field.name] === "").map((field) => field.name);
  if (missing.length > 0) return { ok: false, missing };
  const fills: Record<string, string> = { ...values, date: longDate(on, timeZone) };
  const text = template.body.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (token, name: string) =>
    Object.hasOwn(fills, name) ? fills[name]! : token,
  );
  return { ok: true, text, values };
}

/** The consumer disclosure as one text: its heading, its introduction, then each part, a paragraph each, in their declared order. */
export function disclosureText(disclosure: EngagementCopy["disclosure"]): string {
  return [
    disclosure.heading,
    disclosure.intro,
    ...Object.keys(disclosureParts).map((part) => disclosure[part as keyof typeof disclosureParts]),
  ].join("\n\n");
}
