import type { Database } from "../db/client.ts";
import { ARRIVAL_CHECKER, latestCheck, runConflictCheck } from "../db/conflict-check.ts";
import { errorSummary } from "../db/error-summary.ts";
import type { ConflictCheckRow, ContactSubmission } from "../db/schema.ts";

/** Marks the one check made on arrival: a second delivery of the notification finds it, never makes another. */
const ARRIVAL_TOKEN = "arrival";

/**
 * A new inquiry's conflict check, made as its notification is delivered (the visitor has had their answer
 * by then): every name it gives searched across inquiries and the conflict register, recorded as made on
 * arrival. The inquiry's newest check when it has one already (a retried delivery). A check that fails is
 * logged and leaves the notification to go without it: undefined.
 */
export async function arrivalCheck(db: Database, submission: ContactSubmission, now: Date): Promise<ConflictCheckRow | undefined> {
  try {
    const run = await runConflictCheck(db, submission, { by: ARRIVAL_CHECKER, now, formToken: ARRIVAL_TOKEN });
    return run.kind === "checked" ? run.check : await latestCheck(db, submission.id);
  } catch (error) {
    console.error(`Conflict check on arrival of submission ${submission.id} failed: ${errorSummary(error)}`);
    return undefined;
  }
}
