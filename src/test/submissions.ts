import { env } from "cloudflare:workers";
import { fieldSpecs } from "../contact/fields.ts";
import type { ContactSubmissionInput } from "../contact/schema.ts";
import { database } from "../db/client.ts";
import { conflictKeys } from "../db/conflict-names.ts";
import { contactSubmissions } from "../db/schema.ts";

/** Every submission row, oldest first. */
export const allSubmissions = () => database(env.DB).select().from(contactSubmissions).orderBy(contactSubmissions.createdAt);

/**
 * No inquiry on record (their consultations with them), an empty conflict register and no busy time: a practice
 * as new, for a test of checks over both.
 */
export const clearSubmissions = () =>
  env.DB.exec(
    "DELETE FROM contact_submissions; DELETE FROM register_parties; DELETE FROM register_matters; DELETE FROM register_clients; DELETE FROM busy_times",
  );

/** Every optional contact field left empty, as the API stores it. */
const noOptionalFields = Object.fromEntries(fieldSpecs.filter((field) => !field.required).map((field) => [field.name, null]));

/** A valid submission row as the API would store it (queued at once), at `createdAt`. */
function submissionRow(createdAt: Date, overrides: Partial<ContactSubmissionInput>) {
  const input = {
    ...noOptionalFields,
    name: "Ada Lovelace",
    email: "ada@example.com",
    message: "Hello.",
    ...overrides,
  } as ContactSubmissionInput;
  return { id: crypto.randomUUID(), ...input, conflictKeys: conflictKeys(input), createdAt, queuedAt: createdAt };
}

/** Stores a valid submission as the API would (queued at once), at `createdAt`, whatever the site's cap; returns its id. */
export async function storeSubmission(createdAt = new Date(), overrides: Partial<ContactSubmissionInput> = {}) {
  const row = submissionRow(createdAt, overrides);
  await database(env.DB).insert(contactSubmissions).values(row);
  return row.id;
}

/**
 * Stores many submissions as storeSubmission does, in one round trip to D1 (one statement each, as D1 binds
 * at most 100 values per statement); returns their ids in the order given.
 */
export async function storeSubmissions(entries: readonly { createdAt: Date; overrides?: Partial<ContactSubmissionInput> }[]) {
  const db = database(env.DB);
  const rows = entries.map(({ createdAt, overrides = {} }) => submissionRow(createdAt, overrides));
  const [first, ...rest] = rows.map((row) => db.insert(contactSubmissions).values(row));
  if (first) await db.batch([first, ...rest]);
  return rows.map((row) => row.id);
}
