/**
 * How names are compared in a conflict check. Before a lawyer learns more of a matter, every new inquiry's
 * people and organizations are searched against every inquiry ever received (RPC 1.18), so a name must be
 * found however it was typed: case, accents (Zoë = Zoe, Ångström = Angstrom), punctuation (O'Brien =
 * OBrien, L.L.C. = LLC) and company suffixes (Acme, Inc. = Acme) do not matter; whole words do ("Ann" does
 * not find "Joanna").
 */

/** Words that only say what kind of company a name is. */
const COMPANY_SUFFIXES = new Set([
  "llc",
  "inc",
  "incorporated",
  "ltd",
  "limited",
  "co",
  "corp",
  "corporation",
  "company",
  "llp",
  "pllc",
  "plc",
]);

/** Letters that do not decompose into a base letter and an accent. */
const FOLDED: Readonly<Record<string, string>> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i", ħ: "h" };

/** A name's words, lowercased, its punctuation dropped; accents and company suffixes kept unless asked. */
function wordsOf(text: string, fold: { readonly accents: boolean; readonly suffixes: boolean }): string[] {
  const unaccented = fold.accents
    ? text
        .normalize("NFKD")
        .replace(/\p{M}/gu, "")
        .toLowerCase()
        .replace(/[ßæœøłđðþıħ]/g, (letter) => FOLDED[letter]!)
    : text.toLowerCase();
  return (
    unaccented
      // Inside a word these join what belongs together: O'Brien, L.L.C.
      .replace(/[.'’]/g, "")
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word !== "" && !(fold.suffixes && COMPANY_SUFFIXES.has(word)))
  );
}

/** The words of a name as a conflict check compares them. */
export const nameWords = (text: string): string[] => wordsOf(text, { accents: true, suffixes: true });

/** Why a name matched what it was compared with, in the attorney's words. */
export type MatchReason = "same name" | "unaccented" | "suffix dropped" | "e-mail" | "organization";

/**
 * Why `searched` matched `found` (which a check or search found it in, at `part`): the same name as written
 * (case and punctuation aside), or only once accents or company suffixes were set aside; an address; an
 * organization's name.
 */
export function matchReasons(searched: string, found: string, part: ConflictPart): MatchReason[] {
  if (part === "email") return ["e-mail"];
  const reasons: MatchReason[] = part === "organization" ? ["organization"] : [];
  const within = (fold: { accents: boolean; suffixes: boolean }) => {
    const words = wordsOf(found, fold);
    return wordsOf(searched, fold).every((word) => words.includes(word));
  };
  if (within({ accents: false, suffixes: false })) return [...reasons, "same name"];
  if (within({ accents: true, suffixes: false })) return [...reasons, "unaccented"];
  if (within({ accents: false, suffixes: true })) return [...reasons, "suffix dropped"];
  return [...reasons, "unaccented", "suffix dropped"];
}

/** An address's words worth comparing: its local part's and its domain's, without the top-level domain. */
function addressWords(email: string): string[] {
  const at = email.lastIndexOf("@");
  const domain = email
    .slice(at + 1)
    .split(".")
    .slice(0, -1);
  return nameWords(`${email.slice(0, at)} ${domain.join(" ")}`);
}

/** What an inquiry holds for a conflict check: its sender's name, e-mail, organization and each other party. */
export interface ConflictRecord {
  readonly name: string;
  readonly email: string;
  readonly organization: string | null;
  readonly parties: string | null;
}

/** Where a search matched. */
export type ConflictPart = "name" | "email" | "organization" | "party";

/** The parties an inquiry's "other parties" text names: one a line, or separated by semicolons. */
export const partyNames = (parties: string | null): string[] =>
  (parties ?? "")
    .split(/[\n;]/)
    .map((party) => party.trim())
    .filter(Boolean);

/** Each entry of a record (a name, an address, the organization, one party per line) with its words. */
function entriesOf(record: ConflictRecord): { part: ConflictPart; words: string[] }[] {
  return [
    { part: "name" as const, words: nameWords(record.name) },
    { part: "email" as const, words: addressWords(record.email) },
    { part: "organization" as const, words: nameWords(record.organization ?? "") },
    ...partyNames(record.parties).map((party) => ({ part: "party" as const, words: nameWords(party) })),
  ].filter((entry) => entry.words.length > 0);
}

/**
 * The record's entries as one stored text, each between bars and each word between spaces
 * ("| ada lovelace | ada example | analytical engines |"), so SQL can find candidates by word with LIKE.
 */
export const conflictKeys = (record: ConflictRecord): string =>
  `|${entriesOf(record)
    .map((entry) => ` ${entry.words.join(" ")} `)
    .join("|")}|`;

/** A search, as the check runs it: an address (compared whole), or the words of a name. */
export type ConflictQuery = { readonly address: string } | { readonly words: readonly string[] };

/** What was searched for, or undefined when it holds nothing to compare (only punctuation, only "Inc."). */
export function conflictQuery(text: string): ConflictQuery | undefined {
  const trimmed = text.trim();
  if (/^[^\s@]+@[^\s@]+$/.test(trimmed)) return { address: trimmed.toLowerCase() };
  const words = [...new Set(nameWords(trimmed))];
  return words.length > 0 ? { words } : undefined;
}

/** The parts of a record the query matches: every word of it within one entry, or the whole address. */
export function matchedParts(query: ConflictQuery, record: ConflictRecord): ConflictPart[] {
  if ("address" in query) return record.email.toLowerCase() === query.address ? ["email"] : [];
  const parts = entriesOf(record)
    .filter((entry) => query.words.every((word) => entry.words.includes(word)))
    .map((entry) => entry.part);
  return [...new Set(parts)];
}
