import type { Context } from "hono";
import { attributionOf } from "../../contact/attribution.ts";
import { TURNSTILE_FIELD, isHoneypotFilled, valuesOf } from "../../contact/fields.ts";
import { parseContact } from "../../contact/schema.ts";
import { database } from "../../db/client.ts";
import { CAP_WINDOW_MS, insertSubmission } from "../../db/submissions.ts";
import { queueNotification } from "../../queue/enqueue.ts";
import type { AppEnv } from "../app-env.ts";
import { errorSummary } from "../../db/error-summary.ts";
import { turnstileSetting, verifyTurnstile } from "../turnstile.ts";
import { callerOf, readBody, refusals, refusePost, renderContactPage } from "./contact-post.ts";

/**
 * A contact post that passed the API's guards (contact.ts): validate with the shared schema, store the row
 * with where the inquiry came from (src/contact/attribution.ts: what the post says of it, if it is what it
 * claims to be, else the Referer's page) unless the site's per-minute cap is reached, answer the visitor,
 * then queue the notification. Only a stored row is reported as success; a queue failure is not the
 * visitor's problem (the sweep queues the row again).
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

  const turnstile = turnstileSetting(c.env);
  if (turnstile === "misconfigured") {
    // Loud rather than unprotected: one key without the other refuses every post until both are set.
    console.error(
      "Configuration error: Turnstile needs both TURNSTILE_SITE_KEY (wrangler.toml) and the TURNSTILE_SECRET_KEY secret; every contact post is refused until both are set (docs/security.md)",
    );
    return refusePost(c, 503, refusals.unavailable, input);
  }
  if (turnstile === "on") {
    const token = (input as Record<string, unknown> | null)?.[TURNSTILE_FIELD];
    if (!(await verifyTurnstile(c.env.TURNSTILE_SECRET_KEY!, token, c.req.header("cf-connecting-ip"), { hostname: siteHostname(c) }))) {
      return refusePost(c, 403, refusals.verificationFailed, input);
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
  let id: string | undefined;
  try {
    const attribution = attributionOf(input, c.req.header("referer"), c.req);
    id = await insertSubmission(db, parsed.data, new Date(), submissionsPerMinute(c), attribution);
  } catch (error) {
    console.error(`Contact submission could not be stored: ${errorSummary(error)}`);
    return refusePost(c, 500, refusals.storageFailed, input);
  }
  if (id === undefined) {
    console.warn("Contact post refused: the site's cap of submissions per minute is reached");
    c.header("Retry-After", String(CAP_WINDOW_MS / 1000));
    return refusePost(c, 429, refusals.busy, input);
  }

  // Answered now, queued after: the visitor waits for the stored row only (a failed send is the sweep's).
  c.executionCtx.waitUntil(queueNotification(c.env, db, id));

  if (caller === "json") return c.json({ ok: true }, 201);
  return c.redirect("/contact?sent=1", 303);
}

/** The cap on stored submissions per minute, from all visitors together (wrangler.toml's CONTACT_SUBMISSIONS_PER_MINUTE). */
function submissionsPerMinute(c: Context<AppEnv>): number {
  const cap = Number(c.env.CONTACT_SUBMISSIONS_PER_MINUTE);
  if (!Number.isInteger(cap) || cap < 1) throw new Error("CONTACT_SUBMISSIONS_PER_MINUTE must be a whole number of at least 1");
  return cap;
}

/**
 * The hostname a Turnstile token must have been solved on: the site's own (SITE_ORIGIN) on the production
 * host, or a preview's own host, whose Worker has a widget of its own (docs/security.md).
 */
const siteHostname = (c: Context<AppEnv>) => new URL(c.var.site.indexable ? c.var.site.origin : c.req.url).hostname;
