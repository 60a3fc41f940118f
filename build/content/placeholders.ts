/**
 * Invented values. Until the practice supplies its own, the site needs a name, a founder, honours, links…
 * A content file marks each such value `placeholder(…)`: in a field (`name: placeholder(Jordan Avery)`) or
 * around words of a Markdown text. The site shows what the brackets hold, and every one is recorded, so
 * `npm run launch-check` (which `npm run deploy` runs first) lists what is left and refuses to go live.
 * Replacing one means writing the real value without `placeholder(` and `)`.
 */

import { fieldName } from "./problems.ts";

const PLACEHOLDER_OPENING = "placeholder(";

/** A value still invented, and where it stands. */
export interface Placeholder {
  /** Path from the project's root, e.g. content/site.yaml. */
  readonly file: string;
  /** The field, e.g. founder.name; none for a Markdown text. */
  readonly field?: string;
  /** The line, for a Markdown text. */
  readonly line?: number;
  /** What the site shows meanwhile. */
  readonly value: string;
}

/** Where the closing bracket of a placeholder opened at `start` stands (brackets inside it may nest), or -1. */
function closingBracket(text: string, start: number): number {
  let depth = 1;
  for (let index = start + PLACEHOLDER_OPENING.length; index < text.length; index++) {
    if (text[index] === "(") depth++;
    else if (text[index] === ")" && --depth === 0) return index;
  }
  return -1;
}

/**
 * The text with each `placeholder(…)` replaced by what it holds. `found` hears of each (what it holds and
 * where it opened); `unclosed` of one whose closing bracket is missing, which is left as written.
 */
export function unwrapText(text: string, found: (value: string, offset: number) => void, unclosed: (offset: number) => void): string {
  let result = "";
  let from = 0;
  for (let start = text.indexOf(PLACEHOLDER_OPENING); start !== -1; start = text.indexOf(PLACEHOLDER_OPENING, from)) {
    const end = closingBracket(text, start);
    if (end === -1) {
      unclosed(start);
      break;
    }
    const value = text.slice(start + PLACEHOLDER_OPENING.length, end);
    found(value, start);
    result += text.slice(from, start) + value;
    from = end + 1;
  }
  return result + text.slice(from);
}

/**
 * Data read from YAML with each placeholder unwrapped. A field that is a placeholder and nothing else
 * takes the type of what it holds (`placeholder(2024)` is the number 2024), so a number can be invented too.
 */
export function unwrapData(
  data: unknown,
  found: (field: string, value: string) => void,
  unclosed: (field: string) => void,
  path: readonly (string | number)[] = [],
): unknown {
  const field = fieldName(path);
  if (typeof data === "string") {
    const whole = data.startsWith(PLACEHOLDER_OPENING) && closingBracket(data, 0) === data.length - 1;
    const text = unwrapText(
      data,
      (value) => found(field, value),
      () => unclosed(field),
    );
    return whole && /^-?\d+$/.test(text) ? Number(text) : text;
  }
  if (Array.isArray(data)) return data.map((item, index) => unwrapData(item, found, unclosed, [...path, index]));
  if (typeof data === "object" && data !== null) {
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, unwrapData(value, found, unclosed, [...path, key])]));
  }
  return data;
}
