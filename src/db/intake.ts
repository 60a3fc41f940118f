import { and, eq, ne } from "drizzle-orm";
import type { Database } from "./client.ts";
import { type IntakeState, contactSubmissions as submissions } from "./schema.ts";

/*
 * An inquiry's intake: new until its conflict check, then cleared or a possible conflict, then engaged,
 * declined or closed. Every change records who made it and when (here, and in the activity log).
 */

/** The states an inquiry may move to from each: never back to new, which only an inquiry never checked is. */
export const nextIntakeStates: Readonly<Record<IntakeState, readonly IntakeState[]>> = {
  new: ["cleared", "conflict", "declined", "closed"],
  cleared: ["engaged", "declined", "closed", "conflict"],
  conflict: ["cleared", "declined", "closed"],
  engaged: ["closed"],
  declined: ["cleared", "closed"],
  closed: ["cleared", "conflict"],
};

/** The longest note a possible conflict may carry. */
export const INTAKE_NOTE_MAX = 500;

export type IntakeChange =
  | { readonly ok: true; readonly from: IntakeState }
  | { readonly ok: false; readonly reason: "not-found" | "not-allowed" | "note-required" };

/**
 * Moves an inquiry to `state`, recording `by` and `now`; a possible conflict needs a note saying what it is.
 * Refused when the inquiry does not exist or the move is not one of nextIntakeStates. The update names the
 * state it moves from, so two changes at once cannot both pass from the same state.
 */
export async function changeIntakeState(
  db: Database,
  id: string,
  change: { readonly state: IntakeState; readonly note?: string; readonly by: string; readonly now: Date },
): Promise<IntakeChange> {
  const note = change.note?.trim().slice(0, INTAKE_NOTE_MAX) || null;
  if (change.state === "conflict" && !note) return { ok: false, reason: "note-required" };
  const [row] = await db.select({ state: submissions.intakeState }).from(submissions).where(eq(submissions.id, id));
  if (!row) return { ok: false, reason: "not-found" };
  if (!nextIntakeStates[row.state].includes(change.state)) return { ok: false, reason: "not-allowed" };
  const updated = await db
    .update(submissions)
    .set({
      intakeState: change.state,
      intakeNote: change.state === "conflict" ? note : null,
      intakeChangedAt: change.now,
      intakeChangedBy: change.by,
    })
    .where(and(eq(submissions.id, id), eq(submissions.intakeState, row.state), ne(submissions.intakeState, change.state)))
    .returning({ id: submissions.id });
  return updated.length === 1 ? { ok: true, from: row.state } : { ok: false, reason: "not-allowed" };
}
