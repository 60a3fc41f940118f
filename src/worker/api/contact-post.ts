import type { Context } from "hono";
import { valuesOf } from "../../contact/fields.ts";
import type { ContactFormState } from "../../contact/state.ts";
import type { AppEnv } from "../app-env.ts";
import { renderRoute } from "../render.tsx";

/*
 * How a contact post is read and answered, for the guards (contact.ts, the rate limit) and the submission
 * (contact-submission.ts) alike: the enhanced form sends JSON and reads JSON; the plain HTML form (no
 * JavaScript) sends a form body and expects the contact page.
 */

export type Caller = "json" | "form";

/**
 * Who sent the body, from its content type; undefined for a type the API does not read, or a declared charset
 * other than UTF-8 (read as UTF-8, its text would be stored damaged).
 */
export function callerOf(contentType: string | undefined): Caller | undefined {
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
export async function readBody(c: Context<AppEnv>, caller: Caller): Promise<unknown> {
  try {
    if (caller === "json") return await c.req.json();
    const body = await c.req.parseBody();
    return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return undefined;
  }
}

export type ContactPageStatus = 403 | 422 | 429 | 500 | 503;

/** The contact page answering a plain form post, with the form's state (outcome, values kept, field errors). */
export function renderContactPage(c: Context<AppEnv>, status: ContactPageStatus, state: ContactFormState) {
  c.set("contactForm", state);
  c.status(status);
  return renderRoute(c, "/contact");
}

/** Why a post was not stored, in the site's words, for JSON callers. */
export const refusals = {
  rateLimited: { error: "rate_limited", message: "Too many messages from this address. Please try again in a minute." },
  busy: { error: "busy", message: "We are receiving too many messages right now. Please try again in a minute." },
  unavailable: { error: "unavailable", message: "Messages cannot be sent right now. Please email us directly." },
  verificationFailed: { error: "verification_failed", message: "The anti-spam check did not pass." },
  storageFailed: { error: "storage_failed", message: "The message could not be saved." },
} as const satisfies Record<string, { error: string; message: string }>;

/**
 * A post refused before anything was stored: JSON in the site's words, or for a plain form post the contact
 * page with the spec's error message and what the visitor typed kept.
 */
export async function refusePost(
  c: Context<AppEnv>,
  status: Exclude<ContactPageStatus, 422>,
  refusal: (typeof refusals)[keyof typeof refusals],
  input?: unknown,
): Promise<Response> {
  const caller = callerOf(c.req.header("content-type"));
  if (caller !== "form") return c.json(refusal, status);
  return renderContactPage(c, status, { outcome: "error", values: valuesOf(input ?? (await readBody(c, caller))) });
}
