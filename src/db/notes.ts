import { asc, eq } from "drizzle-orm";
import type { Database } from "./client.ts";
import { isDay } from "./days.ts";
import { type InquiryNote, contactSubmissions as submissions, inquiryNotes as notes } from "./schema.ts";

/*
 * What the practice keeps for itself about an inquiry: private notes, appended and never changed (who wrote
 * each, and when), and one follow-up day. Notes never reach an e-mail or a log line; they are exported and
 * deleted with the inquiry, and erased with its message (privacy.ts, submissions.ts).
 */

/** The longest note. */
export const NOTE_MAX = 2000;

/** The most notes an inquiry's page lists, oldest first (far more than an inquiry gathers). */
const NOTES_LISTED = 200;

export type NoteAdded = "added" | "already" | "empty" | "not-found";

/** Appends a note. The same form posted twice (the same `formToken`) adds it once. */
export async function addNote(
  db: Database,
  submissionId: string,
  note: { readonly text: string; readonly by: string; readonly now: Date; readonly formToken?: string },
): Promise<NoteAdded> {
  const text = note.text.trim().slice(0, NOTE_MAX);
  if (!text) return "empty";
  const [exists] = await db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, submissionId));
  if (!exists) return "not-found";
  const added = await db
    .insert(notes)
    .values({ submissionId, at: note.now, author: note.by, text, formToken: note.formToken ?? null })
    .onConflictDoNothing()
    .returning({ id: notes.id });
  return added.length === 1 ? "added" : "already";
}

/** An inquiry's notes, oldest first. */
export function notesOf(db: Database, submissionId: string): Promise<InquiryNote[]> {
  return db.select().from(notes).where(eq(notes.submissionId, submissionId)).orderBy(asc(notes.id)).limit(NOTES_LISTED);
}

export type FollowUpSet = "set" | "cleared" | "unchanged" | "day-invalid" | "not-found";

/** Sets the day to come back to the inquiry (YYYY-MM-DD), or clears it (undefined). */
export async function setFollowUp(db: Database, submissionId: string, day: string | undefined): Promise<FollowUpSet> {
  if (day !== undefined && !isDay(day)) return "day-invalid";
  const [row] = await db.select({ followUpOn: submissions.followUpOn }).from(submissions).where(eq(submissions.id, submissionId));
  if (!row) return "not-found";
  if ((row.followUpOn ?? undefined) === day) return "unchanged";
  await db
    .update(submissions)
    .set({ followUpOn: day ?? null })
    .where(eq(submissions.id, submissionId));
  return day === undefined ? "cleared" : "set";
}
