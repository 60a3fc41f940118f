import { and, eq, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { latestCheck, searchedNamesOf } from "./conflict-check.ts";
import { isDay, seattleDay } from "./days.ts";
import { type IntakeState, contactSubmissions as submissions } from "./schema.ts";

/*
 * An inquiry's intake, one state machine that the server enforces: new until its conflict check, then
 * cleared or a possible conflict (each resting on a check of the inquiry's names, on record), then engaged,
 * declined or closed. Declining is two steps: the letter is written ("declining"), then the attorney says
 * it was sent ("declined", in writing, with the day). Every change records who made it and when (here, and
 * in the activity log).
 */

/** The states an inquiry may move to from each. Never back to new, and nothing after a decline but its letter. */
export const nextIntakeStates: Readonly<Record<IntakeState, readonly IntakeState[]>> = {
  new: ["cleared", "conflict", "declining", "closed"],
  cleared: ["engaged", "declining", "closed", "conflict"],
  conflict: ["cleared", "declining", "closed"],
  engaged: ["closed"],
  declining: ["declined"],
  declined: [],
  closed: ["cleared", "conflict"],
};

/** The outcomes of a conflict check: recorded only on a check of the inquiry's current names. */
export const checkOutcomes: ReadonlySet<IntakeState> = new Set(["cleared", "conflict"]);

/** The longest note a possible conflict may carry. */
export const INTAKE_NOTE_MAX = 500;

export type IntakeRefusal =
  | { readonly ok: false; readonly reason: "not-found" | "note-required" | "check-needed" | "day-invalid" }
  /** The move does not follow from where the inquiry stands (`now`), or the form was shown at another state. */
  | { readonly ok: false; readonly reason: "not-allowed" | "stale" | "already"; readonly now: IntakeState };

export type IntakeChange = { readonly ok: true; readonly from: IntakeState; readonly checkId?: number } | IntakeRefusal;

export interface IntakeStep {
  readonly state: IntakeState;
  /** The state the form was shown at: when the inquiry has moved since, nothing changes. */
  readonly from?: IntakeState;
  /** What a possible conflict is (required for that state); never the visitor's words. */
  readonly note?: string;
  /** The day the decline letter was sent (YYYY-MM-DD), for "declined". */
  readonly sentOn?: string;
  readonly by: string;
  readonly now: Date;
}

/**
 * Moves an inquiry to `step.state`, recording who and when. Refused, changing nothing, when the inquiry does
 * not exist, when the move is not one of nextIntakeStates, when the form was shown at another state than
 * the inquiry's (a stale or repeated post), when a check's outcome has no check of the current names on
 * record, or when a possible conflict has no note. The update names the state it moves from, so two changes
 * at once cannot both pass from the same state.
 */
export async function changeIntakeState(db: Database, id: string, step: IntakeStep): Promise<IntakeChange> {
  const note = step.note?.trim().slice(0, INTAKE_NOTE_MAX) || null;
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
  let checkId: number | undefined;
  if (checkOutcomes.has(step.state)) {
    const check = await latestCheck(db, id);
    if (!check || !searchedNamesOf(check, row)) return { ok: false, reason: "check-needed" };
    checkId = check.id;
  }
  if (step.state === "declined" && !sentDayAllowed(step.sentOn, row.declinedAt, step.now)) return { ok: false, reason: "day-invalid" };
  const updated = await db
    .update(submissions)
    .set({
      intakeState: step.state,
      intakeNote: step.state === "conflict" ? note : null,
      intakeChangedAt: step.now,
      intakeChangedBy: step.by,
      ...(checkId !== undefined ? { intakeCheckId: checkId } : {}),
      ...(step.state === "engaged" ? { engagedAt: sql`coalesce(${submissions.engagedAt}, ${step.now.getTime()})` } : {}),
      ...(step.state === "declining" ? { declinedAt: step.now, declineLetterSentOn: null } : {}),
      ...(step.state === "declined" ? { declineLetterSentOn: step.sentOn } : {}),
    })
    .where(and(eq(submissions.id, id), eq(submissions.intakeState, row.state)))
    .returning({ id: submissions.id });
  if (updated.length === 1) return { ok: true, from: row.state, checkId };
  // Another change got there first.
  const [moved] = await db.select({ state: submissions.intakeState }).from(submissions).where(eq(submissions.id, id));
  return moved ? { ok: false, reason: "stale", now: moved.state } : { ok: false, reason: "not-found" };
}

/** A letter is sent on a real day, no earlier than it was written and no later than today (in Seattle). */
function sentDayAllowed(day: string | undefined, declinedAt: Date | null, now: Date): day is string {
  if (!isDay(day)) return false;
  return day <= seattleDay(now) && (declinedAt === null || day >= seattleDay(declinedAt));
}
