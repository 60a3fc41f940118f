/**
 * The engagement record's chain of hashes: each event of a letter (sent, opened, consented, signed…) is
 * hashed in a canonical form that includes the hash of the event before it, and the first event's "before" is
 * the letter itself (its anchor, which covers the SHA-256 of its exact text and of the disclosure). Change,
 * remove or reorder one stored event, or the letter's text, and the chain no longer verifies from there.
 * Plain data in and out: src/db/engagements.ts stores and reads the events.
 *
 * The canonical form is the JSON text (JSON.stringify, UTF-8) of an array in a fixed order: a format tag, then
 * each value, a time as its milliseconds since the epoch (UTC), an absent value as null. An array has no keys
 * to order, and JSON's quoting keeps each value's bounds unambiguous, so one event has exactly one form; the
 * hash is the SHA-256 of its UTF-8 bytes, in lowercase hex.
 */

/** The SHA-256 of a text's UTF-8 bytes, or of bytes, in lowercase hex. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  // A copy of given bytes: digest takes only a view of a plain ArrayBuffer.
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What of a letter its anchor covers: who it is for, which version, and the fingerprints of its words. */
export interface AnchoredLetter {
  readonly id: string;
  readonly version: number;
  readonly kind: string;
  readonly clientName: string;
  readonly clientEmail: string;
  readonly letterSha256: string;
  readonly disclosureSha256: string;
  readonly createdAt: Date;
}

/** The tags of the canonical forms: a later form would be a new tag, the old one still verifiable. */
const LETTER_FORM = "engagement-letter/1";
const EVENT_FORM = "engagement-event/1";

/** The letter's canonical form. */
export const canonicalLetter = (letter: AnchoredLetter): string =>
  JSON.stringify([
    LETTER_FORM,
    letter.id,
    letter.version,
    letter.kind,
    letter.clientName,
    letter.clientEmail,
    letter.letterSha256,
    letter.disclosureSha256,
    letter.createdAt.getTime(),
  ]);

/** The hash the first event of a letter chains from. */
export const letterAnchor = (letter: AnchoredLetter): Promise<string> => sha256Hex(canonicalLetter(letter));

/**
 * An event of a letter's record as its hash covers it: the one spelling of its fields that the database's
 * appends (src/db/engagements.ts), this chain and the certificate (pdf.ts) share.
 */
export interface ChainedEvent {
  readonly letterId: string;
  readonly seq: number;
  readonly kind: string;
  readonly at: Date;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly email: string;
  readonly detail: string | null;
  readonly prevHash: string;
}

/**
 * The kinds of event the practice makes (a version sent, a version voided or withdrawn): their detail names who
 * acted, and they keep no internet address or browser, which only the client's own steps record.
 */
export const practiceEventKinds: ReadonlySet<string> = new Set(["sent", "voided"]);

/** An event with its hash, as the record keeps it. */
export interface HashedEvent extends ChainedEvent {
  readonly hash: string;
}

/** The fields of an event in the order of its canonical form, after the form's tag; an append writes them in it too. */
export const eventFields = [
  "prevHash",
  "letterId",
  "seq",
  "kind",
  "at",
  "ip",
  "userAgent",
  "email",
  "detail",
] as const satisfies readonly (keyof ChainedEvent)[];

/** A field's value as the canonical form and the database hold it: a time as its milliseconds since the epoch. */
export const eventValue = (event: ChainedEvent, field: (typeof eventFields)[number]): string | number | null => {
  const value = event[field];
  return value instanceof Date ? value.getTime() : value;
};

/** An event's canonical form: its form's tag, then each of eventFields. */
export const canonicalEvent = (event: ChainedEvent): string =>
  JSON.stringify([EVENT_FORM, ...eventFields.map((field) => eventValue(event, field))]);

/** An event's hash. */
export const eventHash = (event: ChainedEvent): Promise<string> => sha256Hex(canonicalEvent(event));

/** Why a record does not verify, at its first broken place. */
export type ChainBreak =
  /** The letter's stored text, or disclosure, is not the text its SHA-256 was taken of. */
  | { readonly at: "letter"; readonly reason: "letter-text" | "disclosure-text" }
  /** An event: out of sequence (one missing before it), not chained to the one before, or changed since hashed. */
  | { readonly at: "event"; readonly seq: number; readonly id: number; readonly reason: "sequence" | "previous-hash" | "hash" }
  /**
   * The letter's status is not what its events say, or its signature (the name and time on the row) is not its
   * last event's, a `signed` one: events missing from the end. `status` says what the row holds.
   */
  | { readonly at: "status"; readonly reason: "status" | "signature"; readonly status: string; readonly lastEvent: string | null };

export type ChainCheck =
  | { readonly ok: true; readonly events: number; readonly lastHash: string }
  | { readonly ok: false; readonly broken: ChainBreak };

/**
 * The statuses a letter's events leave it in, replayed in order: each event moves it to the status of its name,
 * but an opening, which moves only a letter just sent, and `voided`, which leaves it voided (replaced by a newer
 * version) or withdrawn (by the practice).
 */
function statusesAfter(kinds: readonly string[]): readonly string[] {
  let status = "";
  for (const kind of kinds) status = kind === "opened" ? (status === "sent" ? "opened" : status) : kind;
  return status === "voided" ? ["voided", "withdrawn"] : [status];
}

/** What the row of a letter says of its status and signature, for a break's words. */
const rowSignature = (letter: { readonly status: string; readonly signedName: string | null; readonly signedAt: Date | null }) =>
  letter.signedName === null && letter.signedAt === null
    ? `${letter.status}, no signature on the letter`
    : `${letter.status}, signed as “${letter.signedName ?? ""}” at ${letter.signedAt?.toISOString() ?? "no time"}`;

/**
 * Verifies a letter's record end to end: its text and disclosure against their SHA-256, every event in
 * sequence from 1, each chained to the one before (the first to the letter's anchor) and hashed as stored,
 * the letter's status that of its last event, and the letter's signature (name and time) that of its last
 * event exactly when that is a signature, so that a signed event removed from the end shows though the status
 * was set back. The first broken place, or the last hash.
 */
export async function verifyChain(
  letter: AnchoredLetter & {
    readonly letterText: string;
    readonly disclosureText: string;
    readonly status: string;
    readonly signedName: string | null;
    readonly signedAt: Date | null;
  },
  events: readonly (ChainedEvent & { readonly id: number; readonly hash: string })[],
): Promise<ChainCheck> {
  if ((await sha256Hex(letter.letterText)) !== letter.letterSha256) return { ok: false, broken: { at: "letter", reason: "letter-text" } };
  if ((await sha256Hex(letter.disclosureText)) !== letter.disclosureSha256)
    return { ok: false, broken: { at: "letter", reason: "disclosure-text" } };
  let previous = await letterAnchor(letter);
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  for (const [index, event] of ordered.entries()) {
    const at = { at: "event" as const, seq: event.seq, id: event.id };
    if (event.seq !== index + 1 || event.letterId !== letter.id) return { ok: false, broken: { ...at, reason: "sequence" } };
    if (event.prevHash !== previous) return { ok: false, broken: { ...at, reason: "previous-hash" } };
    if ((await eventHash(event)) !== event.hash) return { ok: false, broken: { ...at, reason: "hash" } };
    previous = event.hash;
  }
  const last = ordered.at(-1);
  const lastEvent = last?.kind ?? null;
  if (!statusesAfter(ordered.map((event) => event.kind)).includes(letter.status))
    return { ok: false, broken: { at: "status", reason: "status", status: letter.status, lastEvent } };
  const signedLast = last?.kind === "signed";
  const signedRow = letter.signedName !== null || letter.signedAt !== null;
  if ((signedLast || signedRow) && !(signedLast && last.detail === letter.signedName && last.at.getTime() === letter.signedAt?.getTime()))
    return { ok: false, broken: { at: "status", reason: "signature", status: rowSignature(letter), lastEvent } };
  return { ok: true, events: ordered.length, lastHash: previous };
}
