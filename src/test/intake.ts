import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { runConflictCheck } from "../db/conflict-check.ts";
import { changeIntakeState } from "../db/intake.ts";
import { type IntakeState, contactSubmissions } from "../db/schema.ts";

interface IntakeInput {
  now?: Date;
  by?: string;
  note?: string;
  /** Why a check's matches are no conflict: kept only when the check found other inquiries. */
  reason?: string;
  letter?: string;
  sentOn?: string;
}

/**
 * Moves an inquiry to `state` as the attorney would: for a check's outcome (cleared, possible conflict), a
 * check of all its names first; a reason to clear, and a letter to decline. Throws when the move is refused;
 * returns the bookings it cancelled.
 */
export async function recordIntake(
  db: Database,
  id: string,
  state: IntakeState,
  {
    now = new Date(),
    by = "attorney@example.com",
    note,
    reason = "Reviewed: not the same person.",
    letter = "Dear visitor, we cannot take this on.",
    sentOn,
  }: IntakeInput = {},
): Promise<readonly { readonly id: string; readonly sequence: number }[]> {
  if (state === "cleared" || state === "conflict") {
    const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    await runConflictCheck(db, row!, { by, now });
  }
  const change = await changeIntakeState(db, id, { state, by, now, note, reason, letter, sentOn });
  if (!change.ok) throw new Error(`${state} refused: ${change.reason}`);
  return change.cancelled;
}
