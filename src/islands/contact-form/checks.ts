import type { ContactValues } from "../../contact/fields.ts";
import type { ContactParseResult } from "../../contact/schema.ts";

let schema: Promise<typeof import("../../contact/schema.ts")> | undefined;

/**
 * The shared zod schema (a chunk of its own), fetched when the visitor first types into the form, so it is
 * there by the time they press Send; a visitor who only reads the page never downloads it. A failed fetch
 * is forgotten, to be tried again next time.
 */
export function loadSchema() {
  if (!schema) {
    schema = import("../../contact/schema.ts");
    schema.catch(() => (schema = undefined));
  }
  return schema;
}

/**
 * The schema's verdict on what was typed, or undefined when it could not be fetched (offline for a moment,
 * or a new version of the site has replaced its file): the server applies the same schema to the post, and
 * the form shows its answer the same way.
 */
export async function checkWithSchema(values: ContactValues): Promise<ContactParseResult | undefined> {
  try {
    return (await loadSchema()).parseContact(values);
  } catch (error) {
    console.warn("The contact form's checks did not load; the server checks the message instead.", error);
    return undefined;
  }
}
