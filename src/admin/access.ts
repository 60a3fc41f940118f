import { type JWTVerifyGetKey, createRemoteJWKSet, jwtVerify } from "jose";
import type { Env } from "../worker/env.ts";

/*
 * Cloudflare Access in front of /admin, verified again in the Worker: a request only reaches the inbox
 * with a token that Access signed for this application, still valid, naming an allowed e-mail address.
 */

/** What a token must satisfy: who signed it, for which application, and whose e-mail it may carry. */
export interface AccessPolicy {
  /** The token's `iss`: the team domain, e.g. https://example.cloudflareaccess.com. */
  readonly issuer: string;
  /** The token's `aud`: the Access application's AUD tag. */
  readonly audience: string;
  /** Lower-case addresses allowed in. */
  readonly allowedEmails: ReadonlySet<string>;
}

/** Where a team's signing keys come from: Cloudflare's JWKS in production; tests hand in their own. */
export type KeySource = (issuer: string) => JWTVerifyGetKey;

/** Lower-cased, trimmed addresses of a comma-separated list; empty entries dropped. */
export const emailList = (list: string | undefined): ReadonlySet<string> =>
  new Set((list ?? "").split(",").map((email) => email.trim().toLowerCase()).filter(Boolean));

/** The team domain as the issuer Access writes into tokens, or undefined unless it is an https origin. */
export function teamIssuer(teamDomain: string): string | undefined {
  try {
    const url = new URL(teamDomain.includes("://") ? teamDomain : `https://${teamDomain}`);
    return url.protocol === "https:" && url.pathname === "/" && !url.search ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The Access policy from configuration; undefined (the inbox is off) unless all three settings are usable. */
export function accessPolicy(env: Pick<Env, "ACCESS_TEAM_DOMAIN" | "ACCESS_AUD" | "ADMIN_EMAILS">): AccessPolicy | undefined {
  const issuer = teamIssuer(env.ACCESS_TEAM_DOMAIN?.trim() ?? "");
  const audience = env.ACCESS_AUD?.trim() ?? "";
  const allowedEmails = emailList(env.ADMIN_EMAILS);
  if (!issuer || !audience || allowedEmails.size === 0) return undefined;
  return { issuer, audience, allowedEmails };
}

/** One key set per team for the life of the isolate: jose caches the keys and refetches them when they rotate. */
const teamKeySets = new Map<string, JWTVerifyGetKey>();

/** The team's published signing keys, https://<team>.cloudflareaccess.com/cdn-cgi/access/certs. */
export const teamKeys: KeySource = (issuer) => {
  let keys = teamKeySets.get(issuer);
  if (!keys) {
    keys = createRemoteJWKSet(new URL("/cdn-cgi/access/certs", issuer));
    teamKeySets.set(issuer, keys);
  }
  return keys;
};

/** Why a token was refused; for the log only, never for the response. */
export class AccessRefused extends Error {
  override name = "AccessRefused";
}

/**
 * Verifies an Access token: RS256 signature by one of the keys, issuer, audience, expiry and not-before
 * (jose checks both when present; expiry must be), then the e-mail claim against the allow-list.
 * Returns the e-mail, lower-cased; throws on any failure.
 */
export async function verifiedEmail(token: string, keys: JWTVerifyGetKey, policy: AccessPolicy): Promise<string> {
  const { payload } = await jwtVerify(token, keys, {
    algorithms: ["RS256"],
    issuer: policy.issuer,
    audience: policy.audience,
    requiredClaims: ["exp"],
  });
  const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : "";
  if (!email) throw new AccessRefused("the token carries no e-mail claim");
  if (!policy.allowedEmails.has(email)) throw new AccessRefused("the e-mail claim is not in ADMIN_EMAILS");
  return email;
}
