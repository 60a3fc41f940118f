import { and, eq, sql } from "drizzle-orm";
import { endConsultations } from "./bookings.ts";
import type { Database } from "./client.ts";
import { latestCheck, searchedNamesOf } from "./conflict-check.ts";
import { isDay, seattleDay } from "./days.ts";
import { withdrawOpenEngagements } from "./engagements.ts";
import { linksClosedStates, nextIntakeStates } from "./intake-states.ts";
import { type ConflictCheckRow, type IntakeState, contactSubmissions as submissions } from "./schema.ts";

/*
 * An inquiry's intake, one state machine that the server enforces: new until its conflict check, then
 * cleared or a possible conflict (each resting on a check of the inquiry's names, on record; clearing a check
 * that found other inquiries needs the attorney's reason), then engaged, declined or closed. Declining is two
 * steps: the decline is recorded with the letter as she wrote it ("declining"), then she says it was sent
 * ("declined", in writing, with the day); until then the decline can be cancelled. Recording a possible
 * conflict, declining or closing an inquiry cancels its consultations ahead and withdraws its open offers in the
 * same batch, then its open engagement letters, each logged. Every change records who made it and when (here,
 * and in the activity log).
 */

/** The outcomes of a conflict check: recorded only on a check of the inquiry's current names. */
export const checkOutcomes: ReadonlySet<IntakeState> = new Set(["cleared", "conflict"]);

/** The longest note a possible conflict, or the reason for clearing a check's matches, may carry. */
export const INTAKE_NOTE_MAX = 500;

/** The longest decline letter kept. */
export const DECLINE_LETTER_MAX = 20_000;

export type IntakeRefusal =
  | {
      readonly ok: false;
      readonly reason: "not-found" | "note-required" | "reason-required" | "check-needed" | "day-invalid" | "letter-invalid";
    }
  /** The move does not follow from where the inquiry stands (`now`), or the form was shown at another state. */
  | { readonly ok: false; readonly reason: "not-allowed" | "stale" | "already"; readonly now: IntakeState };

/**
 * A recorded change; for a check's outcome, the check it rests on and the reason kept for clearing its matches;
 * the bookings it cancelled, whose confirmations (the cancellation) the caller queues.
 */
export type IntakeChange =
  | {
      readonly ok: true;
      readonly from: IntakeState;
      readonly check?: ConflictCheckRow;
      readonly clearedReason?: string | null;
      readonly cancelled: readonly { readonly id: string; readonly sequence: number }[];
    }
  | IntakeRefusal;

/** Why an inquiry's links were ended, as the activity log says it after each booking, offer and letter. */
const linksEndedBy: Partial<Record<IntakeState, string>> = {
  conflict: "a possible conflict recorded",
  declining: "the inquiry declined",
  declined: "the inquiry declined",
  closed: "the inquiry closed",
};

export interface IntakeStep {
  readonly state: IntakeState;
  /** The state the form was shown at: when the inquiry has moved since, nothing changes. */
  readonly from?: IntakeState;
  /** What a possible conflict is (required for that state); never the visitor's words. */
  readonly note?: string;
  /** Why none of the other inquiries a check found is a conflict (required to clear such a check). */
  readonly reason?: string;
  /** The decline letter as the attorney wrote it, for "declining". */
  readonly letter?: string;
  /** The day the decline letter was sent (YYYY-MM-DD), for "declined". */
  readonly sentOn?: string;
  readonly by: string;
  readonly now: Date;
}

/**
 * Moves an inquiry to `step.state`, recording who and when. Refused, changing nothing, when the inquiry does
 * not exist, when the move is not one of nextIntakeStates, when the form was shown at another state than
 * the inquiry's (a stale or repeated post), when a check's outcome has no check of the current names on
 * record, when a possible conflict has no note, when clearing a check that found other inquiries has no
 * reason, or when a decline has no letter. The update names the state it moves from, so two changes
 * at once cannot both pass from the same state. A move to a state where its links are closed (a possible
 * conflict, a decline, closed: linksClosedStates) cancels its bookings ahead and withdraws its open offers in
 * the same batch, then withdraws its open engagement letters, each logged.
 */
export async function changeIntakeState(db: Database, id: string, step: IntakeStep): Promise<IntakeChange> {
  const note = step.note?.trim().slice(0, INTAKE_NOTE_MAX) || null;
  const reason = step.reason?.trim().slice(0, INTAKE_NOTE_MAX) || null;
  const letter = step.letter?.replace(/\r\n?/g, "\n").trim() || null;
  const [row] = await db
    .select({
      state: submissions.intakeState,
      name: submissions.name,
      email: submissions.email,
      organization: submissions.organization,
      parties: submissions.parties,
      declinedAt: submissions.declinedAt,
    })
    .from(submissions)
    .where(eq(submissions.id, id));
  if (!row) return { ok: false, reason: "not-found" };
  if (step.from !== undefined && step.from !== row.state)
    return { ok: false, reason: row.state === step.state ? "already" : "stale", now: row.state };
  if (row.state === step.state) return { ok: false, reason: "already", now: row.state };
  if (!nextIntakeStates[row.state].includes(step.state)) return { ok: false, reason: "not-allowed", now: row.state };
  if (step.state === "conflict" && !note) return { ok: false, reason: "note-required" };
  let check: ConflictCheckRow | undefined;
  if (checkOutcomes.has(step.state)) {
    check = await latestCheck(db, id);
    if (!check || !searchedNamesOf(check, row)) return { ok: false, reason: "check-needed" };
    if (step.state === "cleared" && check.matchCount > 0 && !reason) return { ok: false, reason: "reason-required" };
  }
  const clearedReason = step.state === "cleared" && check && check.matchCount > 0 ? reason : null;
  if (step.state === "declining" && (!letter || letter.length > DECLINE_LETTER_MAX)) return { ok: false, reason: "letter-invalid" };
  if (step.state === "declined" && !sentDayAllowed(step.sentOn, row.declinedAt, step.now)) return { ok: false, reason: "day-invalid" };
  const update = db
    .update(submissions)
    .set({
      intakeState: step.state,
      intakeChangedAt: step.now,
      intakeChangedBy: step.by,
      // An outcome's note and reason stay with it through the steps after, until another outcome is recorded.
      ...(check
        ? {
            intakeCheckId: check.id,
            intakeNote: step.state === "conflict" ? note : null,
            clearedReason,
          }
        : {}),
      ...(step.state === "engaged" ? { engagedAt: sql`coalesce(${submissions.engagedAt}, ${step.now.getTime()})` } : {}),
      ...(step.state === "declining"
        ? { declinedAt: step.now, declinedFrom: row.state, declineLetter: letter, declineLetterSentOn: null }
        : {}),
      ...(step.state === "declined" ? { declineLetterSentOn: step.sentOn } : {}),
    })
    .where(and(eq(submissions.id, id), eq(submissions.intakeState, row.state)))
    .returning({ id: submissions.id });
  const why = linksClosedStates.includes(step.state) ? linksEndedBy[step.state] : undefined;
  const actor = { by: step.by, now: step.now };
  const { changed, cancelled } = why
    ? await movedEndingConsultations(db, update, { submissionId: id, state: step.state, actor, why })
    : { changed: await update, cancelled: [] };
  if (changed.length === 1) {
    if (why) await withdrawOpenEngagements(db, id, actor, why);
    return { ok: true, from: row.state, check, clearedReason, cancelled };
  }
  // Another change got there first.
  const [moved] = await db.select({ state: submissions.intakeState }).from(submissions).where(eq(submissions.id, id));
  return moved ? { ok: false, reason: "stale", now: moved.state } : { ok: false, reason: "not-found" };
}

/**
 * The inquiry's move (`update`, returning its id when made) in one D1 batch with its consultations' end: the
 * rows the move returned, and the bookings it cancelled.
 */
async function movedEndingConsultations(
  db: Database,
  update: { toSQL(): { sql: string; params: unknown[] } },
  move: Parameters<typeof endConsultations>[1],
) {
  const d1 = db.$client;
  const { sql: moveSql, params } = update.toSQL();
  const ending = await endConsultations(db, move);
  const [moved, ...results] = await d1.batch([d1.prepare(moveSql).bind(...params), ...ending.statements]);
  return { changed: moved!.results, cancelled: ending.cancelled(results) };
}

/** A letter is sent on a real day, no earlier than it was written and no later than today (in Seattle). */
function sentDayAllowed(day: string | undefined, declinedAt: Date | null, now: Date): day is string {
  if (!isDay(day)) return false;
  return day <= seattleDay(now) && (declinedAt === null || day >= seattleDay(declinedAt));
}

export type DeclineCancel =
  | { readonly ok: true; readonly to: IntakeState }
  | { readonly ok: false; readonly reason: "not-found" }
  /** The letter is marked sent; or the decline was recorded before the state it came from was kept. */
  | { readonly ok: false; readonly reason: "letter-sent" | "from-unknown" | "stale"; readonly now: IntakeState };

/**
 * Cancels a decline whose letter is not marked sent: the intake returns to the state the decline was
 * recorded from, its letter dropped. Refused, changing nothing, once the letter is marked sent, and for a
 * form shown at another state than "declining".
 */
export async function cancelDecline(
  db: Database,
  id: string,
  step: { readonly from?: IntakeState; readonly by: string; readonly now: Date },
): Promise<DeclineCancel> {
  const [row] = await db
    .select({ state: submissions.intakeState, declinedFrom: submissions.declinedFrom })
    .from(submissions)
    .where(eq(submissions.id, id));
  if (!row) return { ok: false, reason: "not-found" };
  if (row.state === "declined") return { ok: false, reason: "letter-sent", now: row.state };
  if (step.from !== "declining" || row.state !== "declining") return { ok: false, reason: "stale", now: row.state };
  if (!row.declinedFrom) return { ok: false, reason: "from-unknown", now: row.state };
  const updated = await db
    .update(submissions)
    .set({
      intakeState: row.declinedFrom,
      intakeChangedAt: step.now,
      intakeChangedBy: step.by,
      declinedAt: null,
      declinedFrom: null,
      declineLetter: null,
    })
    .where(and(eq(submissions.id, id), eq(submissions.intakeState, "declining")))
    .returning({ id: submissions.id });
  if (updated.length === 1) return { ok: true, to: row.declinedFrom };
  const [moved] = await db.select({ state: submissions.intakeState }).from(submissions).where(eq(submissions.id, id));
  if (!moved) return { ok: false, reason: "not-found" };
  return { ok: false, reason: moved.state === "declined" ? "letter-sent" : "stale", now: moved.state };
}
