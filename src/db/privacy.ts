import { type SQL, and, getTableColumns, isNull, sql } from "drizzle-orm";
import { regexes } from "zod/mini";
import type { Database } from "./client.ts";
import { type ContactSubmission, contactSubmissions as submissions } from "./schema.ts";

/*
 * Privacy requests (access, export, deletion) concern every submission of one e-mail address. The inbox's
 * privacy page and `npm run submissions` both act through these functions.
 */

/** Whether the text is an e-mail address by the rule the contact form applies (the browser's own). */
export const isEmailAddress = (text: string): boolean => regexes.html5Email.test(text.trim());

/** Rows sent from this address; addresses match case-insensitively (indexed that way). */
export const fromAddress = (email: string): SQL => sql`${submissions.email} = ${email.trim()} collate nocase`;

/** Every submission of one address, oldest first. */
export function submissionsFrom(db: Database, email: string): Promise<ContactSubmission[]> {
  return db.select().from(submissions).where(fromAddress(email)).orderBy(submissions.createdAt, submissions.id);
}

/** What an export holds: each row with every column under its database name, times in ISO 8601. */
export interface SubmissionsExport {
  readonly email: string;
  readonly exportedAt: string;
  readonly submissions: Record<string, string | number | null>[];
}

const columns = Object.entries(getTableColumns(submissions));

/** Everything stored about one address, as a JSON-ready document for the person who asked. */
export async function exportSubmissionsFrom(db: Database, email: string, now: Date): Promise<SubmissionsExport> {
  const rows = await submissionsFrom(db, email);
  return {
    email: email.trim(),
    exportedAt: now.toISOString(),
    submissions: rows.map((row) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = row[key as keyof ContactSubmission];
          return [column.name, value instanceof Date ? value.toISOString() : value];
        }),
      ),
    ),
  };
}

/** Deletes every submission of one address; returns the ids deleted. */
export async function deleteSubmissionsFrom(db: Database, email: string): Promise<string[]> {
  const deleted = await db.delete(submissions).where(fromAddress(email)).returning({ id: submissions.id });
  return deleted.map((row) => row.id);
}

/**
 * Erases the messages of one address, keeping the conflict record (names, e-mail, organization, other
 * parties, dates, intake state) as retention does; returns the ids whose message was erased.
 */
export async function eraseMessagesFrom(db: Database, email: string, now: Date): Promise<string[]> {
  const erased = await db
    .update(submissions)
    .set({ message: "", messageErasedAt: now })
    .where(and(fromAddress(email), isNull(submissions.messageErasedAt)))
    .returning({ id: submissions.id });
  return erased.map((row) => row.id);
}
