import { SignJWT } from "jose";
import type { GithubConnection } from "./connection.ts";

/*
 * The installation token the Worker calls GitHub with for the editor: minted from the practice's GitHub App
 * (a JWT signed with its private key through WebCrypto, exchanged at POST /app/installations/{id}/access_tokens), limited to
 * the one repository, kept in this isolate's memory and minted again five minutes before it expires (GitHub
 * gives an hour). It never leaves the Worker: no answer carries it and nothing logs it.
 * https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app/generating-an-installation-access-token-for-a-github-app
 */

/** GitHub asks every API request for a User-Agent, and this API version. */
export const GITHUB_HEADERS = {
  Accept: "application/vnd.github+json",
  "User-Agent": "creative-law-site-editor",
  "X-GitHub-Api-Version": "2022-11-28",
} as const;

/** Why GitHub could not be reached for the editor, in words for the operator (the editor shows it). */
export class GithubUnavailable extends Error {
  override name = "GithubUnavailable";
}

interface MintedToken {
  readonly token: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

const REFRESH_BEFORE_MS = 5 * 60_000;
/** The JWT's life: GitHub takes at most ten minutes; its clock may be behind ours by up to a minute. */
const JWT_BACKDATE_S = 60;
const JWT_LIFETIME_S = 9 * 60;

const tokens = new Map<string, Promise<MintedToken>>();
const keys = new Map<string, Promise<CryptoKey>>();

const cacheKey = (connection: GithubConnection) =>
  [connection.api, connection.clientId, connection.installationId, connection.owner, connection.name].join("\n");

/**
 * A token for the connection's installation, valid for at least five more minutes. `stale` is one GitHub has
 * just refused (revoked, or the App's permissions changed): it is dropped and a new one minted.
 */
export async function installationToken(connection: GithubConnection, stale?: string): Promise<string> {
  const key = cacheKey(connection);
  const cached = tokens.get(key);
  if (cached) {
    const minted = await cached.catch(() => undefined);
    if (minted && minted.token !== stale && minted.expiresAt - Date.now() > REFRESH_BEFORE_MS) return minted.token;
    if (tokens.get(key) === cached) tokens.delete(key);
  }
  let pending = tokens.get(key);
  if (!pending) {
    pending = mint(connection);
    tokens.set(key, pending);
    pending.catch(() => tokens.delete(key));
  }
  return (await pending).token;
}

function signingKey(pem: string): Promise<CryptoKey> {
  let key = keys.get(pem);
  if (!key) {
    if (pem.includes("BEGIN RSA PRIVATE KEY"))
      return Promise.reject(
        new GithubUnavailable(
          "CMS_GITHUB_APP_PRIVATE_KEY is the App's key as GitHub gives it (PKCS#1); convert it to PKCS#8 first (docs/deploying.md)",
        ),
      );
    key = importPrivateKey(pem).catch((error: unknown) => {
      keys.delete(pem);
      throw new GithubUnavailable(
        `CMS_GITHUB_APP_PRIVATE_KEY is not a PKCS#8 RSA private key (${error instanceof Error ? error.message : error})`,
      );
    });
    keys.set(pem, key);
  }
  return key;
}

/** A PKCS#8 PEM's key for RS256, through WebCrypto. */
async function importPrivateKey(pem: string): Promise<CryptoKey> {
  const body = /-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/.exec(pem)?.[1];
  if (!body) throw new Error("no BEGIN PRIVATE KEY block");
  const der = Uint8Array.from(atob(body.replace(/\s/g, "")), (char) => char.charCodeAt(0));
  return crypto.subtle.importKey("pkcs8", der, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
}

async function mint(connection: GithubConnection): Promise<MintedToken> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(connection.clientId)
    .setIssuedAt(now - JWT_BACKDATE_S)
    .setExpirationTime(now + JWT_LIFETIME_S)
    .sign(await signingKey(connection.privateKey));
  let response: Response;
  try {
    response = await fetch(`${connection.api}/app/installations/${connection.installationId}/access_tokens`, {
      method: "POST",
      headers: { ...GITHUB_HEADERS, Authorization: `Bearer ${jwt}`, "Content-Type": "application/json" },
      // Only the site's repository, whatever else the App may be installed on.
      body: JSON.stringify({ repositories: [connection.name] }),
    });
  } catch (error) {
    throw new GithubUnavailable(`GitHub could not be reached (${error instanceof Error ? error.message : error})`);
  }
  const answer = (await response.json().catch(() => ({}))) as { token?: unknown; expires_at?: unknown; message?: unknown };
  if (response.status !== 201 || typeof answer.token !== "string" || typeof answer.expires_at !== "string")
    throw new GithubUnavailable(
      `GitHub refused the App's installation token (${response.status}${typeof answer.message === "string" ? `: ${answer.message}` : ""})`,
    );
  return { token: answer.token, expiresAt: Date.parse(answer.expires_at) };
}
