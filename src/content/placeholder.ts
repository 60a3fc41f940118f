/**
 * Invented facts. Until the practice supplies its own, the site needs a name, a founder, honours, links…
 * Each such value is written `placeholder(value, what)`: pages show the value as it is, and the value is
 * recorded, so `npm run launch-check` (which `npm run deploy` runs first) lists every one left and refuses
 * to go live. Replacing a placeholder means writing the real value without the wrapper.
 */
declare const invented: unique symbol;

/** A value that is not the practice's own yet; its type says so wherever it travels. */
export type Placeholder<T> = T & { readonly [invented]: true };

export interface PlaceholderRecord {
  /** What the practice should put there, e.g. "the founder's name". */
  readonly what: string;
  /** The placeholder as the site shows it now. */
  readonly value: string;
}

const recorded: PlaceholderRecord[] = [];

export function placeholder<const T extends string | number>(value: T, what: string): Placeholder<T> {
  recorded.push({ what, value: String(value) });
  return value as Placeholder<T>;
}

/** Every placeholder of the content modules loaded so far. */
export const placeholdersLeft = (): readonly PlaceholderRecord[] => recorded;
