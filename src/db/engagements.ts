import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { EngagementKind } from "../content/engagement.ts";
import {
  type ChainCheck,
  type ChainedEvent,
  type HashedEvent,
  eventFields,
  eventHash,
  eventValue,
  letterAnchor,
  practiceEventKinds,
  sha256Hex,
  verifyChain,
} from "../engagement/chain.ts";
import { engagementPdf } from "../engagement/pdf.ts";
import { type StoredCheck, storeEngagementPdf, verifyStoredPdf } from "../engagement/records.ts";
import { type Actor, linkHash, newLinkToken } from "./bookings.ts";
import type { Database } from "./client.ts";
import { linksClosedSql, linksClosedStates, nextIntakeStates } from "./intake-states.ts";
import type { PartyFields } from "./register.ts";
import {
  type ActivityAction,
  type EngagementEvent,
  type EngagementEventKind,
  type EngagementLetter,
  type EngagementStatus,
  type IntakeState,
  engagementEvents as events,
  engagementLetters as letters,
} from "./schema.ts";

/*
 * Engagement letters in D1: a version made from an inquiry (its link kept only as a SHA-256; the versions
 * before it voided in the same batch), the link opened (reading only), the client's steps (opened, consented,
 * signed, declined, paper asked for) and the practice's (withdrawn), each appended to the letter's chain of
 * hashes (src/engagement/chain.ts), and the signed PDF stored in R2 and checked against its recorded SHA-256.
 *
 * An append reads the chain's head, hashes the next event over it (D1's SQL has no SHA-256) and writes it in
 * one batch with the letter's change of status, which decides in SQL (the status it moves from, the link's
 * last day). If another append took that place first, the unique (letter_id, seq) key fails the whole batch:
 * nothing of it is written, and the append is tried again from a fresh read, or refused if the letter has moved
 * on. So two appends at once never fork the chain, and two signatures at once make one.
 */

/** Where the request that made an event came from: what the record keeps of it. */
export interface RequestSource {
  readonly ip: string | null;
  readonly userAgent: string | null;
}

/**
 * The most of a request's own words an event keeps, in characters: a browser's User-Agent is a few hundred at
 * most, and the certificate prints it, so a longer one (sent to make the PDF's making slow) is cut.
 */
const SOURCE_MAX = { ip: 64, userAgent: 512 } as const;

/** A request's word kept to `max` characters, never ending in half a character. */
function capped(value: string | null, max: number): string | null {
  if (value === null) return null;
  const kept = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}

/** Statuses in which the letter's link still opens it to be signed, until its last day. */
const OPEN: readonly EngagementStatus[] = ["sent", "opened", "consented"];

/** How many times an append is tried again after another took its place in the chain. */
const ATTEMPTS = 6;

/** Where a letter stands for the client at `now`: its status, or expired when it is open past its last day. */
export function engagementState(letter: Pick<EngagementLetter, "status" | "expiresAt">, now: Date): EngagementStatus {
  return OPEN.includes(letter.status) && letter.expiresAt.getTime() <= now.getTime() ? "expired" : letter.status;
}

/** The last event of a letter's chain: its number and hash (none before the first). */
interface Head {
  readonly seq: number;
  readonly hash: string;
}

/** A letter with the head of its chain and its inquiry's state (none once the inquiry is deleted), read together. */
interface Headed {
  readonly letter: EngagementLetter;
  readonly head: Head;
  readonly inquiryState: IntakeState | null;
}

/**
 * Where a letter stands for the client at its link: as engagementState says, but withdrawn while open when its
 * inquiry is declined, closed or a possible conflict (its letters are withdrawn then, and a step by its link
 * checks the same in SQL).
 */
function stateAtLink(letter: EngagementLetter, inquiryState: IntakeState | null, now: Date): EngagementStatus {
  const state = engagementState(letter, now);
  return OPEN.includes(state) && inquiryState !== null && linksClosedStates.includes(inquiryState) ? "withdrawn" : state;
}

/** SQL true while a letter's inquiry leaves its link open (or is deleted). */
const inquiryOpenSql = `NOT ${linksClosedSql("engagement_letters.submission_id")}`;

// Written out in full: drizzle leaves a one-table query's columns unqualified, which a subquery would read as its own.
const headSeq = sql<number | null>`(SELECT max(e.seq) FROM engagement_events e WHERE e.letter_id = engagement_letters.id)`;
const headHash = sql<
  string | null
>`(SELECT e.hash FROM engagement_events e WHERE e.letter_id = engagement_letters.id ORDER BY e.seq DESC LIMIT 1)`;

const inquiryStateOf = sql<IntakeState | null>`(SELECT s.intake_state FROM contact_submissions s WHERE s.id = engagement_letters.submission_id)`;

async function headed(db: Database, where: ReturnType<typeof eq>): Promise<Headed | undefined> {
  const [row] = await db.select({ letter: letters, seq: headSeq, hash: headHash, inquiryState: inquiryStateOf }).from(letters).where(where);
  if (!row) return undefined;
  return {
    letter: row.letter,
    head: { seq: row.seq ?? 0, hash: row.hash ?? (await letterAnchor(row.letter)) },
    inquiryState: row.inquiryState,
  };
}

/** A link's secret as the database finds it: only a well-formed one is looked up. */
const tokenWhere = async (token: string) => (/^[A-Za-z0-9_-]{43}$/.test(token) ? eq(letters.tokenHash, await linkHash(token)) : undefined);

/** What the practice's own events keep of where they came from: nothing (their detail names who acted). */
const PRACTICE: RequestSource = { ip: null, userAgent: null };

/** The next event after `head`, hashed; one of the practice's kinds keeps no address or browser, whatever `source` says. */
async function nextEvent(
  letter: Pick<EngagementLetter, "id" | "clientEmail">,
  head: Head,
  kind: EngagementEventKind,
  at: Date,
  given: RequestSource,
  detail: string | null,
): Promise<HashedEvent> {
  const source = practiceEventKinds.has(kind) ? PRACTICE : given;
  const event: ChainedEvent = {
    letterId: letter.id,
    seq: head.seq + 1,
    kind,
    at,
    ip: capped(source.ip, SOURCE_MAX.ip),
    userAgent: capped(source.userAgent, SOURCE_MAX.userAgent),
    email: letter.clientEmail,
    detail,
    prevHash: head.hash,
  };
  return { ...event, hash: await eventHash(event) };
}

/** The columns an append writes, in eventFields' order, then the hash. */
const eventColumns = [...eventFields, "hash" as const];
const insertEventSql = `INSERT INTO engagement_events (${eventColumns.map((field) => events[field].name).join(", ")})
   SELECT ${eventColumns.map((_, index) => `?${index + 1}`).join(", ")}`;

/** The statement that appends an event, if `when` (SQL over constants, such as `changes() = 1`) holds. */
const insertEvent = (d1: D1Database, event: HashedEvent, when: string) =>
  d1.prepare(`${insertEventSql} WHERE ${when}`).bind(...eventFields.map((field) => eventValue(event, field)), event.hash);

/** Who the activity log and the inquiry's intake name for what a client does by a letter's link: words, not an address. */
const LINK_ACTOR = "the engagement link";
export const SIGNING_ACTOR = "the client, by signing the engagement letter";

/** The statement that logs a client's step by a letter's link in the activity log, under its inquiry, if `when` (SQL) holds. */
const activityIf = (
  d1: D1Database,
  letter: Pick<EngagementLetter, "submissionId">,
  entry: { readonly action: ActivityAction; readonly detail: string },
  at: Date,
  when: string,
) =>
  d1
    .prepare(`INSERT INTO admin_activity (at, actor, action, submission_id, detail) SELECT ?1, ?2, ?3, ?4, ?5 WHERE ${when}`)
    .bind(at.getTime(), LINK_ACTOR, entry.action, letter.submissionId, entry.detail);

/** Whether a batch failed because another append (or version) took its place first. */
const tookPlace = (error: unknown) => /UNIQUE constraint failed/.test(String(error));

/** Runs `attempt` again while another write takes its place first. */
async function retried<T>(attempt: () => Promise<T | "again">): Promise<T> {
  for (let tries = 0; tries < ATTEMPTS; tries++) {
    try {
      const result = await attempt();
      if (result !== "again") return result;
    } catch (error) {
      if (!tookPlace(error)) throw error;
    }
  }
  throw new Error("the engagement record kept changing under this write; nothing was written");
}

export interface NewEngagementLetter {
  readonly submissionId: string;
  readonly kind: EngagementKind;
  /** The template's title ("Engagement letter: hourly fees"). */
  readonly title: string;
  readonly clientName: string;
  /** Where the link goes. */
  readonly clientEmail: string;
  /** The fields as filled in (src/engagement/letter.ts, fillEngagementLetter). */
  readonly fieldValues: Readonly<Record<string, string>>;
  /** The letter exactly as the client will read and sign it. */
  readonly letterText: string;
  /** The consumer disclosure exactly as the client will read it (src/engagement/letter.ts, disclosureText). */
  readonly disclosureText: string;
  readonly expiresAt: Date;
  /** What the conflict register gets when the letter is signed; never changed after sending. */
  readonly matter?: EngagementMatter;
}

/** The matter a letter engages the client in: what its signature adds to the conflict register. */
export interface EngagementMatter {
  readonly title: string;
  readonly parties: readonly PartyFields[];
}

/** A letter's matter as stored (JSON), or undefined when it named none. */
export function letterMatter(letter: Pick<EngagementLetter, "matter">): EngagementMatter | undefined {
  return letter.matter === null ? undefined : (JSON.parse(letter.matter) as EngagementMatter);
}

export type CreatedLetter =
  | { readonly outcome: "created"; readonly letter: EngagementLetter; readonly token: string; readonly voided: readonly string[] }
  /** The inquiry already has a signed letter: a new version would void nothing the client has not already agreed to. */
  | { readonly outcome: "signed" };

/**
 * Makes a version of an inquiry's engagement letter (1, then 2, …) and its link: its `sent` event first in its
 * chain; the earlier versions whose links are still open voided in the same batch (each with a `voided` event
 * naming this version), so only the newest link opens a letter to sign. Returns the letter, its link's secret
 * (kept nowhere) and the ids of the versions voided; refused when a version is already signed.
 */
export async function createEngagementLetter(db: Database, input: NewEngagementLetter, actor: Actor): Promise<CreatedLetter> {
  const d1 = db.$client;
  const [letterSha256, disclosureSha256] = await Promise.all([sha256Hex(input.letterText), sha256Hex(input.disclosureText)]);
  return retried(async () => {
    const earlier = await db
      .select({ letter: letters, seq: headSeq, hash: headHash })
      .from(letters)
      .where(eq(letters.submissionId, input.submissionId));
    if (earlier.some((row) => row.letter.status === "signed")) return { outcome: "signed" } as const;
    const version = Math.max(0, ...earlier.map((row) => row.letter.version)) + 1;
    const token = newLinkToken();
    const row = {
      id: crypto.randomUUID(),
      submissionId: input.submissionId,
      version,
      kind: input.kind,
      title: input.title,
      clientName: input.clientName,
      clientEmail: input.clientEmail,
      fieldValues: JSON.stringify(input.fieldValues),
      letterText: input.letterText,
      letterSha256,
      disclosureText: input.disclosureText,
      disclosureSha256,
      tokenHash: await linkHash(token),
      expiresAt: input.expiresAt,
      matter: input.matter ? JSON.stringify({ title: input.matter.title, parties: input.matter.parties }) : null,
      createdAt: actor.now,
      createdBy: actor.by,
    };
    const sent = await nextEvent(row, { seq: 0, hash: await letterAnchor(row) }, "sent", actor.now, PRACTICE, `by ${actor.by}`);
    const voiding = await Promise.all(
      earlier
        .filter(({ letter }) => OPEN.includes(letter.status))
        .map(async ({ letter, seq, hash }) => ({
          letter,
          event: await nextEvent(
            letter,
            { seq: seq ?? 0, hash: hash ?? (await letterAnchor(letter)) },
            "voided",
            actor.now,
            PRACTICE,
            `replaced by version ${version}, sent by ${actor.by}`,
          ),
        })),
    );
    const made = `EXISTS (SELECT 1 FROM engagement_letters WHERE id = '${row.id}')`;
    await d1.batch([
      // Only while no version is signed and none has taken this number (the unique key backs it).
      d1
        .prepare(
          `INSERT INTO engagement_letters (id, submission_id, version, kind, title, client_name, client_email, field_values, letter_text,
             letter_sha256, disclosure_text, disclosure_sha256, token_hash, expires_at, status, created_at, created_by, changed_at, matter)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, 'sent', ?15, ?16, ?15, ?17
           WHERE NOT EXISTS (SELECT 1 FROM engagement_letters WHERE submission_id = ?2 AND (status = 'signed' OR version >= ?3))`,
        )
        .bind(
          row.id,
          row.submissionId,
          row.version,
          row.kind,
          row.title,
          row.clientName,
          row.clientEmail,
          row.fieldValues,
          row.letterText,
          row.letterSha256,
          row.disclosureText,
          row.disclosureSha256,
          row.tokenHash,
          row.expiresAt.getTime(),
          row.createdAt.getTime(),
          row.createdBy,
          row.matter,
        ),
      insertEvent(d1, sent, made),
      ...voiding.flatMap(({ letter, event }) => [
        d1
          .prepare(
            `UPDATE engagement_letters SET status = 'voided', changed_at = ?2
             WHERE id = ?1 AND status IN ('sent', 'opened', 'consented') AND ${made}`,
          )
          .bind(letter.id, actor.now.getTime()),
        insertEvent(d1, event, "changes() = 1"),
      ]),
    ]);
    const [created] = await db.select().from(letters).where(eq(letters.id, row.id));
    if (!created) return "again";
    const [stillOpen] = await db
      .select({ n: sql<number>`count(*)` })
      .from(letters)
      .where(and(eq(letters.submissionId, input.submissionId), inArray(letters.status, OPEN), sql`${letters.id} <> ${row.id}`));
    // A version that moved between the read and the batch (opened, say) failed the batch on its chain's key, so
    // every earlier open version is voided here.
    if (stillOpen!.n > 0) throw new Error("an earlier engagement letter was left open");
    return { outcome: "created", letter: created, token, voided: voiding.map(({ letter }) => letter.id) } as const;
  });
}

/** A letter as its link opens it, and where it stands for the client. Reads only: a GET of a link changes nothing. */
export async function engagementAtLink(
  db: Database,
  token: string,
  now: Date,
): Promise<{ readonly letter: EngagementLetter; readonly state: EngagementStatus } | undefined> {
  const where = await tokenWhere(token);
  if (!where) return undefined;
  const [row] = await db.select({ letter: letters, inquiryState: inquiryStateOf }).from(letters).where(where);
  return row && { letter: row.letter, state: stateAtLink(row.letter, row.inquiryState, now) };
}

/** Why a link's step was not recorded: no such link, or a letter no longer open to it. */
export type LinkRefusal = "unknown" | "expired" | "voided" | "withdrawn" | "signed" | "declined" | "paper-requested";

export type ClientStep =
  | { readonly outcome: "recorded"; readonly letter: EngagementLetter; readonly event: EngagementEvent }
  /** Already done (consented twice, say): nothing more recorded. */
  | { readonly outcome: "unchanged"; readonly letter: EngagementLetter }
  | { readonly outcome: "refused"; readonly reason: LinkRefusal };

/** The refusal a letter's state gives a step by its link, if it is closed. */
const closedReason = (state: EngagementStatus): LinkRefusal | undefined =>
  OPEN.includes(state) ? undefined : (state as Exclude<EngagementStatus, "sent" | "opened" | "consented">);

/** A step a client takes by a letter's link: the statuses it is taken from, the status it leaves, what its event says. */
interface Step {
  readonly kind: EngagementEventKind;
  readonly from: readonly EngagementStatus[];
  readonly to: (status: EngagementStatus) => EngagementStatus;
  readonly detail?: (letter: EngagementLetter) => string;
  /** The activity log's entry for it, when the practice should see it there. */
  readonly action?: ActivityAction;
}

type Refused<R> = { readonly outcome: "refused"; readonly reason: R };

/**
 * The prelude every step by a letter's link shares, tried again while another append takes its place: the
 * letter its secret opens, read with its chain's head; refused when there is none, when `first` refuses it (a
 * signature names another version: stale, whatever else holds), or when the letter no longer opens to the
 * client; else what `act` makes of it.
 */
async function atLink<T, R extends string = never>(
  db: Database,
  token: string,
  at: Date,
  act: (found: Headed) => Promise<T | "again">,
  first?: (letter: EngagementLetter) => R | undefined,
): Promise<T | Refused<LinkRefusal | R>> {
  const where = await tokenWhere(token);
  if (!where) return { outcome: "refused", reason: "unknown" };
  return retried(async () => {
    const found = await headed(db, where);
    if (!found) return { outcome: "refused", reason: "unknown" } as const;
    const early = first?.(found.letter);
    if (early !== undefined) return { outcome: "refused", reason: early } as const;
    const closed = closedReason(stateAtLink(found.letter, found.inquiryState, at));
    if (closed) return { outcome: "refused", reason: closed } as const;
    return act(found);
  });
}

/**
 * A client's step by the letter's link: its event appended and the status moved from the one read in one
 * batch, only while the letter is open and its link before its last day.
 */
function clientStep(db: Database, token: string, step: Step, at: Date, source: RequestSource): Promise<ClientStep> {
  const d1 = db.$client;
  return atLink(db, token, at, async ({ letter, head }) => {
    if (!step.from.includes(letter.status)) return { outcome: "unchanged", letter } as const;
    const event = await nextEvent(letter, head, step.kind, at, source, step.detail?.(letter) ?? null);
    await d1.batch([
      d1
        .prepare(
          `UPDATE engagement_letters SET status = ?2, changed_at = ?3 WHERE id = ?1 AND status = ?4 AND expires_at > ?3 AND ${inquiryOpenSql}`,
        )
        .bind(letter.id, step.to(letter.status), at.getTime(), letter.status),
      insertEvent(d1, event, "changes() = 1"),
      ...(step.action ? [activityIf(d1, letter, { action: step.action, detail: `version ${letter.version}` }, at, "changes() = 1")] : []),
    ]);
    const [stored] = await db
      .select()
      .from(events)
      .where(and(eq(events.letterId, letter.id), eq(events.seq, event.seq), eq(events.hash, event.hash)));
    if (!stored) return "again";
    const [after] = await db.select().from(letters).where(eq(letters.id, letter.id));
    return { outcome: "recorded", letter: after!, event: stored } as const;
  });
}

/**
 * Records that the client opened the letter at its link, each time it is opened while open (evidence they
 * could reach it); the first moves it from sent to opened, a later one keeps the status it finds. The page
 * calls it from a POST or a step of its own: a GET of the link records nothing.
 */
export function recordEngagementOpened(db: Database, token: string, at: Date, source: RequestSource): Promise<ClientStep> {
  return clientStep(db, token, { kind: "opened", from: OPEN, to: (status) => (status === "sent" ? "opened" : status) }, at, source);
}

/** Records the client's consent to electronic records, naming the disclosure's SHA-256 in its detail. */
export function consentToEngagement(db: Database, token: string, at: Date, source: RequestSource): Promise<ClientStep> {
  const step: Step = {
    kind: "consented",
    from: ["sent", "opened"],
    to: () => "consented",
    detail: (letter) => `disclosure ${letter.disclosureSha256}`,
  };
  return clientStep(db, token, step, at, source);
}

/** Records that the client declined the letter; its link then opens nothing to sign. */
export function declineEngagement(db: Database, token: string, at: Date, source: RequestSource): Promise<ClientStep> {
  return clientStep(db, token, { kind: "declined", from: OPEN, to: () => "declined", action: "engagement-declined" }, at, source);
}

/** Records that the client asked for the letter on paper instead; its link then opens nothing to sign. */
export function requestPaperEngagement(db: Database, token: string, at: Date, source: RequestSource): Promise<ClientStep> {
  const step: Step = { kind: "paper-requested", from: OPEN, to: () => "paper-requested", action: "engagement-paper-requested" };
  return clientStep(db, token, step, at, source);
}

/** What the client sends to sign: the name typed, the boxes ticked, and which letter the page showed. */
export interface Signature {
  readonly name: string;
  /** The consent to electronic records, when the page asked for it with the signature (not recorded before). */
  readonly consent: boolean;
  /** "I have read this letter and agree to its terms". */
  readonly agreed: boolean;
  /** The version the page showed, and its text's SHA-256 when the page gave it. */
  readonly version: number;
  readonly letterSha256?: string;
}

/** Why a signature was refused. */
export type SignRefusal = LinkRefusal | "stale" | "name-empty" | "name-invalid" | "consent-missing" | "agreement-missing";

/** The longest name taken, in characters. */
const NAME_MAX = 200;

/** Characters a typed name cannot hold: controls, line and paragraph separators, bidirectional overrides. */
const NOT_IN_A_NAME = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** A typed name as the record keeps it (NFC, spaces collapsed), or why it is refused. */
export function signatureName(
  typed: string,
): { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: "name-empty" | "name-invalid" } {
  if (NOT_IN_A_NAME.test(typed)) return { ok: false, reason: "name-invalid" };
  const name = typed.normalize("NFC").replace(/\s+/g, " ").trim();
  if (name === "") return { ok: false, reason: "name-empty" };
  if ([...name].length > NAME_MAX || !/\p{L}/u.test(name)) return { ok: false, reason: "name-invalid" };
  return { ok: true, name };
}

/**
 * The statement that engages a letter's inquiry when the statement before it wrote its row: from a state the
 * intake may move to engaged from (src/db/intake-states.ts, nextIntakeStates: a cleared inquiry), never from one it
 * may not (an inquiry engaged by hand stays as it is; one with a possible conflict or declined is not moved).
 */
function engageBySigning(d1: D1Database, letter: Pick<EngagementLetter, "submissionId">, at: Date) {
  const from = Object.entries(nextIntakeStates)
    .filter(([, to]) => to.includes("engaged"))
    .map(([state]) => `'${state}'`);
  return d1
    .prepare(
      `UPDATE contact_submissions SET intake_state = 'engaged', engaged_at = coalesce(engaged_at, ?2), intake_changed_at = ?2,
         intake_changed_by = ?3
       WHERE id = ?1 AND intake_state IN (${from.join(", ")}) AND changes() = 1`,
    )
    .bind(letter.submissionId, at.getTime(), SIGNING_ACTOR);
}

export type Signing =
  | { readonly outcome: "signed"; readonly letter: EngagementLetter }
  | { readonly outcome: "refused"; readonly reason: SignRefusal };

/**
 * Signs a letter by its link: its status moved to signed with the name and time, its `signed` event (the
 * name in its detail) appended, and its `consented` event before it when the consent comes with the signature,
 * all in one batch, only from the status read (opened or consented; sent with the consent given now) and before
 * the link's last day. Two signatures at once make one: the second finds the letter signed. The same batch
 * engages the inquiry (engageBySigning) and logs the signature, each only when this batch stored it. The caller
 * queues what follows (src/queue/enqueue.ts, queueEngagementSigned).
 */
export function signEngagementLetter(db: Database, token: string, signature: Signature, at: Date, source: RequestSource): Promise<Signing> {
  const d1 = db.$client;
  const stale = (letter: EngagementLetter) =>
    signature.version !== letter.version || (signature.letterSha256 !== undefined && signature.letterSha256 !== letter.letterSha256)
      ? ("stale" as const)
      : undefined;
  return atLink(
    db,
    token,
    at,
    async ({ letter, head }) => {
      const name = signatureName(signature.name);
      if (!name.ok) return { outcome: "refused", reason: name.reason } as const;
      const consentNow = letter.status !== "consented";
      if (consentNow && !signature.consent) return { outcome: "refused", reason: "consent-missing" } as const;
      if (!signature.agreed) return { outcome: "refused", reason: "agreement-missing" } as const;

      const consented = consentNow
        ? await nextEvent(letter, head, "consented", at, source, `disclosure ${letter.disclosureSha256}`)
        : undefined;
      const signed = await nextEvent(letter, consented ?? head, "signed", at, source, name.name);
      await d1.batch([
        d1
          .prepare(
            `UPDATE engagement_letters SET status = 'signed', signed_at = ?2, signed_name = ?3, changed_at = ?2
             WHERE id = ?1 AND status = ?4 AND expires_at > ?2 AND ${inquiryOpenSql}`,
          )
          .bind(letter.id, at.getTime(), name.name, letter.status),
        ...(consented ? [insertEvent(d1, consented, "changes() = 1")] : []),
        insertEvent(d1, signed, "changes() = 1"),
        // Each only when the statement before it wrote its row: the signature stored by this batch, not by one at once.
        activityIf(
          d1,
          letter,
          { action: "engagement-signed", detail: `version ${letter.version}, signed as ${name.name}` },
          at,
          "changes() = 1",
        ),
        engageBySigning(d1, letter, at),
      ]);
      const [after] = await db.select().from(letters).where(eq(letters.id, letter.id));
      const [stored] = await db
        .select()
        .from(events)
        .where(and(eq(events.letterId, letter.id), eq(events.hash, signed.hash)));
      return stored ? ({ outcome: "signed", letter: after! } as const) : "again";
    },
    stale,
  );
}

/**
 * Withdraws a letter the client has not answered (or asked for on paper): its link opens nothing to sign after,
 * and its record ends with a `voided` event naming who withdrew it; with `why`, its entry in the activity log
 * in the same batch. False when it was signed, declined or voided already.
 */
export async function withdrawEngagementLetter(db: Database, letterId: string, actor: Actor, why?: string): Promise<boolean> {
  const d1 = db.$client;
  return retried(async () => {
    const found = await headed(db, eq(letters.id, letterId));
    if (!found || ![...OPEN, "paper-requested"].includes(found.letter.status)) return false;
    const { letter, head } = found;
    const event = await nextEvent(letter, head, "voided", actor.now, PRACTICE, `withdrawn by ${actor.by}`);
    const [update] = await d1.batch([
      d1
        .prepare("UPDATE engagement_letters SET status = 'withdrawn', changed_at = ?2 WHERE id = ?1 AND status = ?3")
        .bind(letter.id, actor.now.getTime(), letter.status),
      insertEvent(d1, event, "changes() = 1"),
      ...(why
        ? [
            d1
              .prepare(
                "INSERT INTO admin_activity (at, actor, action, submission_id, detail) SELECT ?1, ?2, 'engagement-withdrawn', ?3, ?4 WHERE changes() = 1",
              )
              .bind(actor.now.getTime(), actor.by, letter.submissionId, `version ${letter.version}; ${why}`),
          ]
        : []),
    ]);
    return update!.meta.changes === 1 ? true : "again";
  });
}

/**
 * Withdraws an inquiry's letters still open to the client (or asked for on paper), as declining, closing or
 * recording a possible conflict does: each with its `voided` event and its entry in the activity log ending
 * with `why`. Returns how many.
 */
export async function withdrawOpenEngagements(db: Database, submissionId: string, actor: Actor, why: string): Promise<number> {
  const open = await db
    .select({ id: letters.id })
    .from(letters)
    .where(and(eq(letters.submissionId, submissionId), inArray(letters.status, [...OPEN, "paper-requested"])));
  let withdrawn = 0;
  for (const { id } of open) if (await withdrawEngagementLetter(db, id, actor, why)) withdrawn++;
  return withdrawn;
}

/** A letter and its record, events in order. */
export async function engagementRecord(
  db: Database,
  letterId: string,
): Promise<{ readonly letter: EngagementLetter; readonly events: EngagementEvent[] } | undefined> {
  const [letter] = await db.select().from(letters).where(eq(letters.id, letterId));
  if (!letter) return undefined;
  return { letter, events: await db.select().from(events).where(eq(events.letterId, letterId)).orderBy(events.seq) };
}

/** Verifies a letter's record end to end (src/engagement/chain.ts): its last hash, or the first place it is broken. */
export async function verifyEngagementChain(db: Database, letterId: string): Promise<ChainCheck | undefined> {
  const record = await engagementRecord(db, letterId);
  return record && verifyChain(record.letter, record.events);
}

/** An inquiry's engagement letters, newest version first. */
export function engagementLettersOfInquiry(db: Database, submissionId: string): Promise<EngagementLetter[]> {
  return db.select().from(letters).where(eq(letters.submissionId, submissionId)).orderBy(desc(letters.version));
}

/** What sealing a signed letter came to. */
export type Sealed =
  | { readonly outcome: "stored"; readonly key: string; readonly sha256: string }
  | { readonly outcome: "not-signed" }
  /** The record does not verify: no PDF is made of it. */
  | { readonly outcome: "broken"; readonly check: Extract<ChainCheck, { ok: false }> };

/**
 * Makes the signed letter's PDF (src/engagement/pdf.ts) from its verified record, stores it in the RECORDS
 * bucket and records its key and SHA-256, once: a letter already sealed gives the PDF recorded.
 */
export async function sealSignedEngagement(
  db: Database,
  bucket: R2Bucket,
  letterId: string,
  words: { readonly practiceName: string; readonly timeZone: string; readonly agreement: string },
  at: Date,
): Promise<Sealed> {
  const record = await engagementRecord(db, letterId);
  const letter = record?.letter;
  const { signedAt, signedName } = letter ?? {};
  if (!record || !letter || letter.status !== "signed" || !signedAt || !signedName) return { outcome: "not-signed" };
  if (letter.pdfKey && letter.pdfSha256) return { outcome: "stored", key: letter.pdfKey, sha256: letter.pdfSha256 };
  const check = await verifyChain(letter, record.events);
  if (!check.ok) return { outcome: "broken", check };
  const pdf = await engagementPdf({
    letter: { ...letter, signedAt, signedName },
    events: record.events,
    lastHash: check.lastHash,
    ...words,
  });
  // The same record makes the same bytes: a second sealing at once stores what the first did.
  const stored = await storeEngagementPdf(bucket, letter.id, pdf);
  await db
    .update(letters)
    .set({ pdfKey: stored.key, pdfSha256: stored.sha256, pdfStoredAt: at })
    .where(and(eq(letters.id, letter.id), sql`${letters.pdfSha256} IS NULL`));
  const [after] = await db.select().from(letters).where(eq(letters.id, letter.id));
  return { outcome: "stored", key: after!.pdfKey!, sha256: after!.pdfSha256! };
}

/** Reads a letter's stored PDF back and says whether it is the one recorded; `none` when no PDF was recorded. */
export async function verifyEngagementPdf(
  db: Database,
  bucket: R2Bucket,
  letterId: string,
): Promise<StoredCheck | { readonly status: "none" }> {
  const [letter] = await db.select({ key: letters.pdfKey, sha256: letters.pdfSha256 }).from(letters).where(eq(letters.id, letterId));
  if (!letter?.key || !letter.sha256) return { status: "none" };
  return verifyStoredPdf(bucket, letter.key, letter.sha256);
}

/** Letters deleted per statement by retention: D1 binds at most 100 values. */
const LETTERS_PER_DELETION = 90;

/**
 * Deletes the letters whose last event is before `cutoff` (content/site.yaml, retention.engagementRecordMonths
 * back), their records with them, a bounded batch at a time; each batch's stored PDFs are handed to
 * `removePdfs` first (the RECORDS bucket's delete), so a PDF is never left behind by a letter deleted: when
 * removing them fails, that batch's letters stay for the next run. Returns how many letters were deleted. An
 * inquiry's own deletion never reaches them.
 */
export async function deleteEngagementRecordsBefore(
  db: Database,
  cutoff: Date,
  removePdfs: (keys: string[]) => Promise<void>,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await db
      .select({ id: letters.id, pdfKey: letters.pdfKey })
      .from(letters)
      .where(lt(letters.changedAt, cutoff))
      .limit(LETTERS_PER_DELETION);
    const pdfKeys = rows.flatMap((row) => (row.pdfKey ? [row.pdfKey] : []));
    if (pdfKeys.length > 0) await removePdfs(pdfKeys);
    if (rows.length > 0) {
      const ids = rows.map((row) => row.id);
      deleted += (await db.delete(letters).where(inArray(letters.id, ids)).returning({ id: letters.id })).length;
    }
    if (rows.length < LETTERS_PER_DELETION) return deleted;
  }
}
