import type { Env } from "../env.ts";

/*
 * Whether the inbox exists, and whom it lets in: the settings alone, without the token code (jose), so the
 * Worker can answer /admin with its 404 page without loading the inbox (src/worker/app.ts).
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

/**
 * An address as the allow-list compares it: trimmed, ASCII letters lower-cased and nothing else. Unicode's
 * own lower-casing would fold look-alikes into ASCII (the Kelvin sign "\u212A" lower-cases to "k"), letting
 * "\u212Aate@x.com" pass as "kate@x.com"; an address that is not ASCII is refused (undefined).
 */
export function asciiAddress(email: string): string | undefined {
  const trimmed = email.trim();
  return /^[\x21-\x7e]+$/.test(trimmed) ? trimmed.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) : undefined;
}

/** The addresses of a comma-separated list as asciiAddress compares them; empty and non-ASCII entries dropped. */
export const emailList = (list: string | undefined): ReadonlySet<string> =>
  new Set(
    (list ?? "")
      .split(",")
      .map((email) => asciiAddress(email))
      .filter((email): email is string => Boolean(email)),
  );

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

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True when the request was made to this machine (http://localhost:8787 and the like). */
export const isLoopbackRequest = (url: string): boolean => LOOPBACK_HOSTS.has(new URL(url).hostname);

/** How someone signs in to the inbox: the local signer with its key (see local-signer.ts), or Access. */
export type InboxSignIn =
  | { readonly by: "local-signer"; readonly privateJwk: string }
  | { readonly by: "access"; readonly policy: AccessPolicy };

/**
 * How the inbox lets someone in for this request: by the local signer where its key is set and the request
 * came to this machine, else by Access where it is configured. Undefined otherwise: /admin does not exist (404).
 */
export function inboxSignIn(env: Env, url: string): InboxSignIn | undefined {
  if (env.ADMIN_LOCAL_SIGNING_KEY && isLoopbackRequest(url)) return { by: "local-signer", privateJwk: env.ADMIN_LOCAL_SIGNING_KEY };
  const policy = accessPolicy(env);
  return policy && { by: "access", policy };
}
