import { env } from "cloudflare:workers";
import { fieldSpecs } from "../contact/fields.ts";
import type { ContactSubmissionInput } from "../contact/schema.ts";
import { database } from "../db/client.ts";
import { conflictKeys } from "../db/conflict-names.ts";
import { contactSubmissions } from "../db/schema.ts";

/** Every submission row, oldest first. */
export const allSubmissions = () => database(env.DB).select().from(contactSubmissions).orderBy(contactSubmissions.createdAt);

export const clearSubmissions = () => env.DB.exec("DELETE FROM contact_submissions");

/** Every optional contact field left empty, as the API stores it. */
const noOptionalFields = Object.fromEntries(fieldSpecs.filter((field) => !field.required).map((field) => [field.name, null]));

/** Stores a valid submission as the API would (queued at once), at `createdAt`, whatever the site's cap; returns its id. */
export async function storeSubmission(createdAt = new Date(), overrides: Partial<ContactSubmissionInput> = {}) {
  const id = crypto.randomUUID();
  const input = {
    ...noOptionalFields,
    name: "Ada Lovelace",
    email: "ada@example.com",
    message: "Hello.",
    ...overrides,
  } as ContactSubmissionInput;
  await database(env.DB)
    .insert(contactSubmissions)
    .values({ id, ...input, conflictKeys: conflictKeys(input), createdAt, queuedAt: createdAt });
  return id;
}
