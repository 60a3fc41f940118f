import type { Env } from "./env.ts";

const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** Turnstile is on when the operator has set both its site key and its secret. */
export const turnstileEnabled = (env: Env) => Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY);

/** Asks Cloudflare whether the visitor's Turnstile token is genuine; any failure to ask counts as no. */
export async function verifyTurnstile(secret: string, token: unknown, remoteIp: string | undefined): Promise<boolean> {
  if (typeof token !== "string" || token === "" || token.length > 2048) return false;
  try {
    const body = new URLSearchParams({ secret, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
    const response = await fetch(SITEVERIFY_URL, { method: "POST", body });
    const outcome = (await response.json()) as { success?: boolean };
    return outcome.success === true;
  } catch (error) {
    console.error(`Turnstile verification could not be reached: ${error instanceof Error ? error.name : "error"}`);
    return false;
  }
}
