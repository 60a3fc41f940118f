import { TURNSTILE_ACTION } from "../contact/turnstile.ts";
import type { Env } from "../env.ts";

const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/**
 * Cloudflare Turnstile on the contact form: on with both keys; off with neither, as in local development
 * and tests (`npm run launch-check`, and so `npm run deploy`, refuses while the site key is empty). One key
 * without the other is an operator's mistake, which must not leave the form unprotected: the API then
 * refuses every post (see contact-submission.ts).
 */
export type TurnstileSetting = "on" | "off" | "misconfigured";

export function turnstileSetting(env: Env): TurnstileSetting {
  const siteKey = Boolean(env.TURNSTILE_SITE_KEY);
  const secret = Boolean(env.TURNSTILE_SECRET_KEY);
  return siteKey && secret ? "on" : siteKey || secret ? "misconfigured" : "off";
}

/** The site key pages show the widget with, whenever one is set (a missing secret is the API's to report). */
export const turnstileSiteKey = (env: Env): string | undefined => env.TURNSTILE_SITE_KEY || undefined;

/** What a genuine token must have been issued for: this site's hostname, and the contact form's widget. */
export interface TurnstileExpectation {
  readonly hostname: string;
}

/**
 * Asks Cloudflare whether the visitor's Turnstile token is genuine and was issued on `expected.hostname` by
 * the contact form's widget (its `action`); any failure to ask counts as no.
 */
export async function verifyTurnstile(
  secret: string,
  token: unknown,
  remoteIp: string | undefined,
  expected: TurnstileExpectation,
): Promise<boolean> {
  if (typeof token !== "string" || token === "" || token.length > 2048) return false;
  try {
    const body = new URLSearchParams({ secret, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
    const response = await fetch(SITEVERIFY_URL, { method: "POST", body });
    const outcome = (await response.json()) as { success?: boolean; hostname?: string; action?: string };
    return outcome.success === true && outcome.hostname === expected.hostname && outcome.action === TURNSTILE_ACTION;
  } catch (error) {
    console.error(`Turnstile verification could not be reached: ${error instanceof Error ? error.name : "error"}`);
    return false;
  }
}
