/**
 * What the site's pages set in each web font face, as Chromium renders them: the characters (after
 * text-transform, in pseudo-elements and form fields too) and the OpenType features the stylesheet switches
 * on beyond the defaults (tabular-nums: tnum). `npm run fonts:usage` records it in font-usage.json from every
 * page at both widths, the contact form's messages included (e2e/font-usage.e2e.ts, which on every `npm test`
 * checks that each face's subset still holds what the pages set); build/fonts.ts cuts each subset from it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface FaceUsage {
  /** Every character set in the face, sorted, once each. */
  readonly characters: string;
  /** OpenType feature tags beyond those browsers apply by default, sorted. */
  readonly features: readonly string[];
}

/** By face: "Inter Variable normal", "Source Serif 4 Variable italic". */
export type FontUsage = Readonly<Record<string, FaceUsage>>;

export const FONT_USAGE_FILE = "build/font-usage.json";

export const faceKey = (face: { readonly family: string; readonly style: string }) => `${face.family} ${face.style}`;

export function readFontUsage(root: string): FontUsage {
  return JSON.parse(readFileSync(join(root, FONT_USAGE_FILE), "utf8")) as FontUsage;
}

/** Characters sorted by code point, once each. */
export const sortedCharacters = (characters: Iterable<string>) =>
  [...new Set(characters)].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!).join("");
