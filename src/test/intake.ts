import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { runConflictCheck } from "../db/conflict-check.ts";
import { changeIntakeState } from "../db/intake.ts";
import { type IntakeState, contactSubmissions } from "../db/schema.ts";

/**
 * Moves an inquiry to `state` as the attorney would: for a check's outcome (cleared, possible conflict), a
 * check of all its names first. Throws when the move is refused.
 */
export async function recordIntake(
  db: Database,
  id: string,
  state: IntakeState,
  { now = new Date(), by = "attorney@example.com", note, sentOn }: { now?: Date; by?: string; note?: string; sentOn?: string } = {},
): Promise<void> {
  if (state === "cleared" || state === "conflict") {
    const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    await runConflictCheck(db, row!, { by, now });
  }
  const change = await changeIntakeState(db, id, { state, by, now, note, sentOn });
  if (!change.ok) throw new Error(`${state} refused: ${change.reason}`);
}
