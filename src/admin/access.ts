import { type JWTVerifyGetKey, createRemoteJWKSet, jwtVerify } from "jose";
import { type AccessPolicy, asciiAddress } from "./policy.ts";

/*
 * Cloudflare Access in front of /admin, verified again in the Worker: a request only reaches the inbox
 * with a token that Access signed for this application, still valid, naming an allowed e-mail address.
 */

/** Where a team's signing keys come from: Cloudflare's JWKS in production; tests hand in their own. */
export type KeySource = (issuer: string) => JWTVerifyGetKey;

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
class AccessRefused extends Error {
  override name = "AccessRefused";
}

/**
 * Verifies an Access token: RS256 signature by one of the keys, issuer, audience, expiry and not-before
 * (jose checks both when present; expiry must be), then the e-mail claim against the allow-list.
 * Returns the e-mail, its ASCII letters lower-cased; throws on any failure (an address that is not ASCII too).
 */
export async function verifiedEmail(token: string, keys: JWTVerifyGetKey, policy: AccessPolicy): Promise<string> {
  const { payload } = await jwtVerify(token, keys, {
    algorithms: ["RS256"],
    issuer: policy.issuer,
    audience: policy.audience,
    requiredClaims: ["exp"],
  });
  const email = typeof payload.email === "string" ? asciiAddress(payload.email) : undefined;
  if (!email) throw new AccessRefused("the token carries no ASCII e-mail claim");
  if (!policy.allowedEmails.has(email)) throw new AccessRefused("the e-mail claim is not in ADMIN_EMAILS");
  return email;
}
