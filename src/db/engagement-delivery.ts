import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Database } from "./client.ts";
import { seattleDay } from "./days.ts";
import { SIGNING_ACTOR, letterMatter } from "./engagements.ts";
import { addEngagedInquiry, clientOfInquiry } from "./register.ts";
import { type EngagementLetter, engagementLetters as letters, contactSubmissions as submissions } from "./schema.ts";

/*
 * What follows a signature, as D1 keeps it: each mail of the signed copy (to the client, and the notice to
 * the attorney) claimed before it is sent and marked sent after, so deliveries at once, or one after a crash,
 * send each once; a failed send gives its claim back. A claim older than its lease was a delivery that died:
 * it may be taken again. The sweep finds the signed letters whose PDF or mail is not done. And the matter a
 * signed letter names, added to the conflict register as an inquiry engaged by hand adds its own.
 */

/** How long a delivery's claim of a mail keeps others off it. */
const SIGNED_MAIL_LEASE_MS = 10 * 60_000;

/** The two mails of a signed copy: to the client, and the notice to the attorney. */
export type SignedMail = "client" | "notice";

const columns = {
  client: {
    claimed: letters.signedMailClaimedAt,
    done: letters.signedMailedAt,
    claimKey: "signedMailClaimedAt",
    doneKey: "signedMailedAt",
  },
  notice: {
    claimed: letters.signedNoticeClaimedAt,
    done: letters.signedNoticedAt,
    claimKey: "signedNoticeClaimedAt",
    doneKey: "signedNoticedAt",
  },
} as const;

/**
 * Claims a signed letter's mail at `now`: only while the letter is signed, that mail not sent, and no other
 * delivery holds a claim younger than the lease. The letter, or nothing.
 */
export async function claimSignedMail(db: Database, letterId: string, mail: SignedMail, now: Date): Promise<EngagementLetter | undefined> {
  const { claimed, done, claimKey } = columns[mail];
  const [letter] = await db
    .update(letters)
    .set({ [claimKey]: now })
    .where(
      and(
        eq(letters.id, letterId),
        eq(letters.status, "signed"),
        isNull(done),
        or(isNull(claimed), lt(claimed, new Date(now.getTime() - SIGNED_MAIL_LEASE_MS))),
      ),
    )
    .returning();
  return letter;
}

/** Gives a mail's claim back after a failed send, when it is still this delivery's. */
export async function releaseSignedMail(db: Database, letterId: string, mail: SignedMail, claimedAt: Date): Promise<void> {
  const { claimed, claimKey } = columns[mail];
  await db
    .update(letters)
    .set({ [claimKey]: null })
    .where(and(eq(letters.id, letterId), eq(claimed, claimedAt)));
}

/** Records a claimed mail as done at `at`: sent, or found not to be sendable (the caller says which, in its log). */
export async function markSignedMail(db: Database, letterId: string, mail: SignedMail, at: Date): Promise<void> {
  const { done, doneKey } = columns[mail];
  await db
    .update(letters)
    .set({ [doneKey]: at })
    .where(and(eq(letters.id, letterId), isNull(done)));
}

/**
 * Signed letters whose PDF, attorney's notice or client's mail is not done, signed between `since` and
 * `before`: what the sweep queues again. At most `limit`.
 */
export async function unfinishedSignedLetters(db: Database, since: Date, before: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: letters.id })
    .from(letters)
    .where(
      and(
        eq(letters.status, "signed"),
        gt(letters.signedAt, since),
        lt(letters.signedAt, before),
        or(isNull(letters.pdfSha256), isNull(letters.signedNoticedAt), isNull(letters.signedMailedAt)),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What the conflict register got from a signed letter. */
export type Registered =
  /** Its client (found by name and address, or new), the matter and its parties, added now. */
  | "added"
  /** The inquiry had its client on the register already (engaged by hand, or added by an earlier delivery). */
  | "known"
  /** The letter named no matter. */
  | "no-matter"
  /** The inquiry is not engaged (a possible conflict recorded since the letter went, say): nothing added. */
  | "not-engaged"
  /** The inquiry was deleted: nothing to add it from. */
  | "no-inquiry";

/**
 * Adds a signed letter's client and matter to the conflict register (src/db/register.ts, addEngagedInquiry:
 * the inquiry's sender, its organization on the client's side, the letter's parties), opened the day it was
 * signed, when its inquiry is engaged and has no register client yet. The caller holds the attorney notice's
 * claim, so two deliveries never add it twice.
 */
export async function registerSignedMatter(db: Database, letter: EngagementLetter, now: Date): Promise<Registered> {
  if (!letter.submissionId) return "no-inquiry";
  if (await clientOfInquiry(db, letter.submissionId)) return "known";
  const matter = letterMatter(letter);
  if (!matter) return "no-matter";
  const [inquiry] = await db
    .select({
      id: submissions.id,
      name: submissions.name,
      email: submissions.email,
      organization: submissions.organization,
      state: submissions.intakeState,
    })
    .from(submissions)
    .where(eq(submissions.id, letter.submissionId));
  if (!inquiry) return "no-inquiry";
  if (inquiry.state !== "engaged") return "not-engaged";
  await addEngagedInquiry(db, inquiry, { ...matter, openedOn: seattleDay(letter.signedAt ?? now) }, { by: SIGNING_ACTOR, now });
  return "added";
}
