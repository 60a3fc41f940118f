import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { exportJWK, generateKeyPair } from "jose";
import { app } from "../worker/app.ts";
import type { Env } from "../env.ts";

/** A local signing key as scripts/local-secrets.ts writes it into .dev.vars (a private RSA JWK, as JSON). */
export async function makeLocalSigningKey(): Promise<string> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  return JSON.stringify(await exportJWK(privateKey));
}

/** The inbox switched off: no Access settings and no local key, whatever .dev.vars holds. */
export const inboxOff: Partial<Env> = { ACCESS_TEAM_DOMAIN: "", ACCESS_AUD: "", ADMIN_EMAILS: "", ADMIN_LOCAL_SIGNING_KEY: undefined };

/**
 * Sends a request through the Worker's app with `env` changed as given (the settings of the inbox, a
 * recording queue…), and waits for what it left running.
 */
export async function fetchApp(url: string, init: RequestInit = {}, overrides: Partial<Env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(url, { redirect: "manual", ...init }), { ...env, ...inboxOff, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A form post as the inbox's own pages send it (same origin). */
export function postForm(url: string, fields: Record<string, string>, overrides: Partial<Env> = {}, headers: Record<string, string> = {}) {
  return fetchApp(
    url,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(url).origin, ...headers },
      body: new URLSearchParams(fields).toString(),
    },
    overrides,
  );
}
