import { env } from "cloudflare:workers";
import { database } from "../db/client.ts";
import { contactSubmissions } from "../db/schema.ts";
import { insertSubmission } from "../db/submissions.ts";

/** Every submission row, oldest first. */
export const allSubmissions = () => database(env.DB).select().from(contactSubmissions).orderBy(contactSubmissions.createdAt);

export const clearSubmissions = () => env.DB.exec("DELETE FROM contact_submissions");

/** Stores a valid submission as the API would, at `createdAt`. */
export function storeSubmission(createdAt = new Date(), overrides: Partial<Parameters<typeof insertSubmission>[1]> = {}) {
  return insertSubmission(
    database(env.DB),
    { name: "Ada Lovelace", email: "ada@example.com", organization: null, message: "Hello.", ...overrides },
    createdAt,
  );
}
