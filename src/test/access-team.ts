import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from "jose";
import { createAdminApp } from "../admin/app.tsx";
import type { Env } from "../env.ts";
import type { AppEnv } from "../worker/app-env.ts";
import { withSiteLocation } from "../worker/middleware/site-location.ts";
import { inboxOff } from "./admin.ts";

/**
 * A Cloudflare Access team for tests: its key pair, the settings that point the inbox at it, tokens it signs
 * for an address, and the inbox mounted as the Worker mounts it, verifying with the team's keys.
 */
export async function accessTeam(email: string) {
  const team = "https://meridian-test.cloudflareaccess.com";
  const audience = "editor-test-audience";
  const keyPair = await generateKeyPair("RS256", { extractable: true });
  const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(keyPair.publicKey)), kid: "team-key", alg: "RS256", use: "sig" }] });
  const settings: Partial<Env> = { ...inboxOff, ACCESS_TEAM_DOMAIN: team, ACCESS_AUD: audience, ADMIN_EMAILS: email };
  const token = () =>
    new SignJWT({ email })
      .setProtectedHeader({ alg: "RS256", kid: "team-key" })
      .setIssuer(team)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(keyPair.privateKey);
  /** A request to the inbox at the production origin, with the Access token as Access passes it on (if any). */
  async function fetchAdmin(path: string, overrides: Partial<Env>, accessToken?: string, init: RequestInit = {}) {
    const site = new Hono<AppEnv>().use(withSiteLocation).route(
      "/admin",
      createAdminApp(() => keys),
    );
    const ctx = createExecutionContext();
    const headers = new Headers(init.headers);
    if (accessToken) headers.set("cf-access-jwt-assertion", accessToken);
    const request = new Request(`${new URL(env.SITE_ORIGIN).origin}${path}`, { ...init, headers, redirect: "manual" });
    const response = await site.fetch(request, { ...env, ...settings, ...overrides }, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }
  return { settings, token, fetchAdmin };
}
