import { env } from "cloudflare:workers";
import type { ContactSubmissionInput } from "../contact/schema.ts";
import { database } from "../db/client.ts";
import { contactSubmissions } from "../db/schema.ts";

/** Every submission row, oldest first. */
export const allSubmissions = () => database(env.DB).select().from(contactSubmissions).orderBy(contactSubmissions.createdAt);

export const clearSubmissions = () => env.DB.exec("DELETE FROM contact_submissions");

/** Stores a valid submission as the API would (queued at once), at `createdAt`, whatever the site's cap; returns its id. */
export async function storeSubmission(createdAt = new Date(), overrides: Partial<ContactSubmissionInput> = {}) {
  const id = crypto.randomUUID();
  const input = { name: "Ada Lovelace", email: "ada@example.com", organization: null, message: "Hello.", ...overrides };
  await database(env.DB)
    .insert(contactSubmissions)
    .values({ id, ...input, createdAt, queuedAt: createdAt });
  return id;
}
