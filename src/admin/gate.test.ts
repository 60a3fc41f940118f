import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { type JWK, type JWTPayload, SignJWT, base64url, createLocalJWKSet, exportJWK, exportSPKI, generateKeyPair, importJWK } from "jose";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../db/client.ts";
import { contactSubmissions } from "../db/schema.ts";
import { inboxOff, makeLocalSigningKey } from "../test/admin.ts";
import { allSubmissions, clearSubmissions, storeSubmission } from "../test/submissions.ts";
import type { AppEnv } from "../worker/app-env.ts";
import type { Env } from "../env.ts";
import { withSiteLocation } from "../worker/middleware/site-location.ts";
import type { KeySource } from "./access.ts";
import { createAdminApp } from "./app.tsx";

/*
 * The gate in front of /admin, in workerd with real D1. Cloudflare's key set cannot be fetched here, so the
 * test makes its own RS256 team key with jose and hands the inbox that key set in its place.
 */

const TEAM = "https://meridian-test.cloudflareaccess.com";
const AUD = "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2";
const ALLOWED = "attorney@example.com";
const access: Partial<Env> = {
  ...inboxOff,
  ACCESS_TEAM_DOMAIN: TEAM,
  ACCESS_AUD: AUD,
  ADMIN_EMAILS: ` ${ALLOWED} , Partner@Example.com, kate@example.com `,
};
/** A value no refused answer may contain: it only exists in the seeded submission. */
const SECRET = "Zanzibar-7731";
const PRODUCTION = new URL("/admin", env.SITE_ORIGIN).href;

let team: CryptoKeyPair;
let teamJwk: JWK;
const keyRequests: string[] = [];
let keySource: KeySource;
let warn: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  team = await generateKeyPair("RS256", { extractable: true });
  teamJwk = { ...(await exportJWK(team.publicKey)), kid: "team-key", alg: "RS256", use: "sig" };
  const keys = createLocalJWKSet({ keys: [teamJwk] });
  keySource = (issuer) => {
    keyRequests.push(issuer);
    return keys;
  };
});

beforeEach(async () => {
  await clearSubmissions();
  await storeSubmission(new Date(), { name: `Ada ${SECRET}`, message: `About ${SECRET}.` });
  keyRequests.length = 0;
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  warn.mockClear();
});

/** The inbox mounted as the Worker mounts it, with the test's team keys. */
async function request(url: string, token?: string, overrides: Partial<Env> = access, init: RequestInit = {}) {
  const site = new Hono<AppEnv>().use(withSiteLocation).route("/admin", createAdminApp(keySource));
  const headers = new Headers(init.headers);
  if (token !== undefined) headers.set("cf-access-jwt-assertion", token);
  const ctx = createExecutionContext();
  const response = await site.fetch(new Request(url, { ...init, headers, redirect: "manual" }), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

interface TokenOptions {
  readonly claims?: JWTPayload;
  readonly key?: CryptoKey;
  readonly issuer?: string;
  readonly audience?: string;
  readonly expiresAt?: number | string;
  readonly notBefore?: number;
}

/** A token as Access signs it (RS256, the team key), with any part changed. */
function token({ claims = {}, key = team.privateKey, issuer = TEAM, audience = AUD, expiresAt = "5m", notBefore }: TokenOptions = {}) {
  const jwt = new SignJWT({ email: ALLOWED, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "team-key" })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
    .setExpirationTime(expiresAt);
  if (notBefore !== undefined) jwt.setNotBefore(notBefore);
  return jwt.sign(key);
}

const encode = (value: object) => base64url.encode(JSON.stringify(value));
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What every refusal looks like: 403, an empty body, nothing kept or indexed, no submission data. */
function expectRefused(answer: Awaited<ReturnType<typeof request>>) {
  expect(answer.status).toBe(403);
  expect(answer.body).toBe("");
  expect(answer.body).not.toContain(SECRET);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.headers.get("x-robots-tag")).toBe("noindex");
}

describe("the Access gate", () => {
  it("lets in a valid Access token for an allowed address, asking the team's key set", async () => {
    const answer = await request(PRODUCTION, await token());
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(SECRET);
    expect(keyRequests).toEqual([TEAM]);
  });

  it("compares the e-mail claim with the allow-list in any case", async () => {
    expect((await request(PRODUCTION, await token({ claims: { email: "PARTNER@example.COM" } }))).status).toBe(200);
  });

  /** Each way a token can be wrong, and the reason the gate must log for it (so none passes by accident). */
  const refusals: [string, () => Promise<string | undefined>, RegExp][] = [
    ["no token", async () => undefined, /no Access token/],
    ["an empty token", async () => "", /no Access token/],
    ["a malformed token", async () => "not-a-jwt", /JWSInvalid/],
    ["three parts of nonsense", async () => "a.b.c", /JWSInvalid/],
    [
      "alg: none (an unsigned token)",
      async () => `${encode({ alg: "none", typ: "JWT" })}.${encode({ email: ALLOWED, iss: TEAM, aud: AUD, exp: nowSeconds() + 300 })}.`,
      /JOSEAlgNotAllowed/,
    ],
    [
      "HS256 signed with the team's public key as the secret",
      async () => {
        const secret = new TextEncoder().encode(await exportSPKI(team.publicKey));
        return new SignJWT({ email: ALLOWED })
          .setProtectedHeader({ alg: "HS256", kid: "team-key" })
          .setIssuer(TEAM)
          .setAudience(AUD)
          .setExpirationTime("5m")
          .sign(secret);
      },
      /JOSEAlgNotAllowed/,
    ],
    [
      "a signature by another key under the team key's id",
      async () => token({ key: (await generateKeyPair("RS256")).privateKey }),
      /JWSSignatureVerificationFailed/,
    ],
    [
      "a valid token whose claims were changed afterwards",
      async () => {
        const [header, , signature] = (await token({ claims: { email: "someone@example.com" } })).split(".");
        return `${header}.${encode({ email: ALLOWED, iss: TEAM, aud: AUD, exp: nowSeconds() + 300 })}.${signature}`;
      },
      /JWSSignatureVerificationFailed/,
    ],
    ["another team's issuer", async () => token({ issuer: "https://other-team.cloudflareaccess.com" }), /"iss" claim/],
    ["another application's audience", async () => token({ audience: "another-application-aud" }), /"aud" claim/],
    ["an expired token", async () => token({ expiresAt: nowSeconds() - 60 }), /JWTExpired/],
    ["a token not valid yet", async () => token({ notBefore: nowSeconds() + 600 }), /"nbf" claim/],
    [
      "a token without expiry",
      async () =>
        new SignJWT({ email: ALLOWED })
          .setProtectedHeader({ alg: "RS256", kid: "team-key" })
          .setIssuer(TEAM)
          .setAudience(AUD)
          .sign(team.privateKey),
      /missing required "exp" claim/,
    ],
    ["an e-mail not in the allow-list", async () => token({ claims: { email: "visitor@example.com" } }), /not in ADMIN_EMAILS/],
    ["no e-mail claim (a service token)", async () => token({ claims: { email: undefined } }), /no ASCII e-mail claim/],
    // Unicode lower-cases the Kelvin sign to "k": compared that way, this would pass as kate@example.com.
    [
      "a look-alike of an allowed address (a Kelvin sign for its K)",
      async () => token({ claims: { email: "\u212Aate@example.com" } }),
      /no ASCII e-mail claim/,
    ],
    [
      "a look-alike in another script (a Cyrillic a)",
      async () => token({ claims: { email: "\u0430ttorney@example.com" } }),
      /no ASCII e-mail claim/,
    ],
  ];

  it.each(refusals)("refuses %s with a bare 403", async (_, make, reason) => {
    const answer = await request(PRODUCTION, await make());
    expectRefused(answer);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toMatch(/^Inbox: access refused to GET \/admin: /);
    expect(warn.mock.calls[0]![0]).toMatch(reason);
  });

  it("refuses every inbox path and action the same way, changing nothing", async () => {
    const [row] = await allSubmissions();
    const forged = await token({ claims: { email: "visitor@example.com" } });
    for (const path of [`/admin/submissions/${row!.id}`, "/admin/privacy?email=ada@example.com", "/admin/no-such-page"]) {
      expectRefused(await request(new URL(path, PRODUCTION).href, forged));
    }
    const post = (path: string, body: string) =>
      request(new URL(path, PRODUCTION).href, forged, access, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(PRODUCTION).origin },
        body,
      });
    expectRefused(await post(`/admin/submissions/${row!.id}/handled`, "handled=yes"));
    expectRefused(await post("/admin/privacy/export", "email=ada%40example.com"));
    expectRefused(await post("/admin/privacy/delete", "email=ada%40example.com&confirm=1"));
    expect(await allSubmissions()).toEqual([row]);
  });

  it.each(["/admin/a%0AInbox:%20attacker%40example.com%20deleted", "/admin/a%0D%0Aforged", "/admin/a%1B%5B2J", "/admin/a%E2%80%A8b"])(
    "logs a refused %s on one line, however its path is written",
    async (path) => {
      expectRefused(await request(new URL(path, PRODUCTION).href));
      expect(warn).toHaveBeenCalledTimes(1);
      const line = String(warn.mock.calls[0]);
      expect(line).toMatch(/^Inbox: access refused to GET \/admin\/a\\(x|u)/);
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    },
  );

  it("refuses when the team's key set cannot be fetched", async () => {
    const unreachable: KeySource = () => async () => {
      throw new TypeError("fetch failed");
    };
    const site = new Hono<AppEnv>().use(withSiteLocation).route("/admin", createAdminApp(unreachable));
    const response = await site.fetch(
      new Request(PRODUCTION, { headers: { "cf-access-jwt-assertion": await token() } }),
      { ...env, ...access },
      createExecutionContext(),
    );
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("");
  });

  it("refuses a token the local development key signed, on the production host, claims and all", async () => {
    const localKey = await makeLocalSigningKey();
    const forged = await token({ key: (await importJWK(JSON.parse(localKey) as JWK, "RS256")) as CryptoKey });
    expectRefused(await request(PRODUCTION, forged, { ...access, ADMIN_LOCAL_SIGNING_KEY: localKey }));
  });
});

describe("with Access not configured", () => {
  it.each([
    ["no settings at all", inboxOff],
    ["no team domain", { ...access, ACCESS_TEAM_DOMAIN: "" }],
    ["no audience", { ...access, ACCESS_AUD: " " }],
    ["no allowed addresses", { ...access, ADMIN_EMAILS: " , " }],
    ["a team domain that is not https", { ...access, ACCESS_TEAM_DOMAIN: "http://meridian-test.cloudflareaccess.com" }],
  ])("the inbox does not exist (404): %s", async (_, settings) => {
    const answer = await request(PRODUCTION, await token(), settings);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain(SECRET);
    expect(keyRequests).toEqual([]);
  });
});

describe("the seeded row", () => {
  it("is really there, so the refusals above prove something", async () => {
    const rows = await database(env.DB).select({ name: contactSubmissions.name }).from(contactSubmissions);
    expect(rows).toEqual([{ name: `Ada ${SECRET}` }]);
  });
});
