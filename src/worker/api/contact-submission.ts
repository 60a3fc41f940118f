import type { Context } from "hono";
import { TURNSTILE_FIELD, isHoneypotFilled, valuesOf } from "../../contact/fields.ts";
import { parseContact } from "../../contact/schema.ts";
import type { ContactFormState } from "../../contact/state.ts";
import { database } from "../../db/client.ts";
import { insertSubmission, markNotQueued } from "../../db/submissions.ts";
import type { NotificationMessage } from "../../queue/message.ts";
import type { AppEnv } from "../env.ts";
import { errorSummary } from "../errors.ts";
import { renderRoute } from "../render.tsx";
import { turnstileEnabled, verifyTurnstile } from "../turnstile.ts";

/** The enhanced form sends JSON; the plain HTML form (no JavaScript) sends a form body and expects a page. */
type Caller = "json" | "form";

/**
 * A contact post that passed the API's guards (contact.ts): validate with the shared schema, store the row,
 * answer the visitor, then queue the notification. Only a stored row is reported as success; a queue failure
 * is not the visitor's problem (the sweep queues the row again).
 */
export async function submitContact(c: Context<AppEnv>): Promise<Response> {
  const caller = callerOf(c.req.header("content-type"));
  if (!caller) return c.json({ error: "unsupported_media_type", message: "Send JSON or a form body, in UTF-8." }, 415);

  const input = await readBody(c, caller);
  if (input === undefined) return c.json({ error: "invalid_body", message: "The request body could not be read." }, 400);

  // A bot filled the hidden field: answer as if accepted, keep nothing, send nothing.
  if (isHoneypotFilled(input)) {
    console.log("Contact post dropped: the hidden honeypot field was filled");
    return caller === "json" ? c.json({ ok: true }, 201) : c.redirect("/contact?sent=1", 303);
  }

  if (turnstileEnabled(c.env)) {
    const token = (input as Record<string, unknown> | null)?.[TURNSTILE_FIELD];
    if (!(await verifyTurnstile(c.env.TURNSTILE_SECRET_KEY!, token, c.req.header("cf-connecting-ip")))) {
      if (caller === "json") return c.json({ error: "verification_failed", message: "The anti-spam check did not pass." }, 403);
      return renderContactPage(c, 403, { outcome: "error", values: valuesOf(input) });
    }
  }

  const parsed = parseContact(input);
  if (!parsed.ok) {
    if (caller === "json") {
      return c.json({ error: "invalid_submission", message: "Some fields need attention.", fields: parsed.fieldErrors }, 422);
    }
    return renderContactPage(c, 422, { outcome: "invalid", values: valuesOf(input), fieldErrors: parsed.fieldErrors });
  }

  const db = database(c.env.DB);
  let id: string;
  try {
    id = await insertSubmission(db, parsed.data, new Date());
  } catch (error) {
    console.error(`Contact submission could not be stored: ${errorSummary(error)}`);
    if (caller === "json") return c.json({ error: "storage_failed", message: "The message could not be saved." }, 500);
    return renderContactPage(c, 500, { outcome: "error", values: valuesOf(input) });
  }

  try {
    await c.env.CONTACT_QUEUE.send({ submissionId: id } satisfies NotificationMessage);
  } catch (error) {
    console.error(`Submission ${id} stored but not queued; the sweep will queue it: ${errorSummary(error)}`);
    await markNotQueued(db, id).catch(() => {
      // Left marked as queued: the sweep treats a long-pending row as lost and queues it again.
    });
  }

  if (caller === "json") return c.json({ ok: true }, 201);
  return c.redirect("/contact?sent=1", 303);
}

/**
 * Who sent the body, from its content type; undefined for a type the API does not read, or a declared charset
 * other than UTF-8 (read as UTF-8, its text would be stored damaged).
 */
function callerOf(contentType: string | undefined): Caller | undefined {
  const [type, ...parameters] = (contentType ?? "")
    .toLowerCase()
    .split(";")
    .map((part) => part.trim());
  const charset = parameters
    .find((parameter) => parameter.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/^"(.*)"$/, "$1");
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") return undefined;
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") return "form";
  return undefined;
}

/** The body as a plain object, or undefined when it does not parse (broken JSON, a multipart body without boundary…). */
async function readBody(c: Context<AppEnv>, caller: Caller): Promise<unknown> {
  try {
    if (caller === "json") return await c.req.json();
    const body = await c.req.parseBody();
    return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return undefined;
  }
}

/** The contact page again, with the outcome of a plain post and what the visitor typed. */
function renderContactPage(c: Context<AppEnv>, status: 403 | 422 | 500, state: ContactFormState) {
  c.set("contactForm", state);
  c.status(status);
  return renderRoute(c, "/contact");
}
