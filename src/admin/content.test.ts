import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from "jose";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { cmsConfig } from "../../build/cms/config.ts";
import { fetchApp, inboxOff, makeLocalSigningKey } from "../test/admin.ts";
import type { AppEnv } from "../worker/app-env.ts";
import type { Env } from "../env.ts";
import { withSiteLocation } from "../worker/middleware/site-location.ts";
import { createAdminApp } from "./app.tsx";
import { editorPolicy } from "./routes/content.tsx";

/*
 * The browser editor's page and configuration at /admin/content/ (routes/content.tsx): behind the inbox's
 * gate like every /admin page, with a Content-Security-Policy of its own that no other page gets, and a
 * configuration that is the generated one (build/cms/config.ts) with the backend this request calls for.
 */

const LOCAL = "http://localhost:8787";
const PRODUCTION = new URL(env.SITE_ORIGIN).origin;
let signedIn: Partial<Env>;

beforeAll(async () => {
  signedIn = { ADMIN_LOCAL_SIGNING_KEY: await makeLocalSigningKey() };
});

beforeEach(() => {
  // The gate's refusals and the site's 404s are logged; here they are expected.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const get = async (url: string, overrides: Partial<Env> = {}) => {
  const response = await fetchApp(url, {}, { ...signedIn, ...overrides });
  // Decoded by hand: workerd warns when .text() reads a body whose type (application/yaml) is not text/*.
  return { status: response.status, headers: response.headers, body: new TextDecoder().decode(await response.arrayBuffer()) };
};

describe("on this machine (the local signer)", () => {
  it("serves the editor's page: its one script, its config, the site's stylesheet and facts, never kept or indexed", async () => {
    const { status, headers, body } = await get(`${LOCAL}/admin/content/`);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("x-robots-tag")).toBe("noindex");
    expect(body).toContain('<meta name="robots" content="noindex">');
    expect(body).toContain('<link rel="cms-config-url" type="application/yaml" href="/admin/content/config.yml">');
    expect(body.match(/<script type="module" src="[^"]+"><\/script>/g)).toEqual(['<script type="module" src="/src/cms/main.ts"></script>']);
    expect(body).toMatch(/<meta name="preview-style" content="[^"]+\.css">/);
    expect(JSON.parse(/<script type="application\/json" id="site-facts">(.*?)<\/script>/.exec(body)![1]!)).toHaveProperty("practiceName");
  });

  it("gives that page, and it alone, the editor's policy: scripts from this site only, no eval, GitHub for data", async () => {
    const { headers } = await get(`${LOCAL}/admin/content/`);
    const policy = headers.get("content-security-policy")!;
    expect(policy).toBe(editorPolicy({ dev: true }));
    expect(policy).toMatch(/(^|; )script-src 'self';/);
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(policy).toMatch(/(^|; )default-src 'none';/);
    expect(policy).toMatch(/connect-src 'self' data: blob: https:\/\/api\.github\.com https:\/\/www\.githubstatus\.com ws:/);
    for (const path of ["/admin", "/admin/privacy", "/admin/content/config.yml", "/admin/content/elsewhere", "/", "/resources"]) {
      const other = (await get(`${LOCAL}${path}`)).headers.get("content-security-policy");
      expect(other, path).not.toBe(policy);
      expect(other, path).toMatch(/(^|; )frame-src 'none'/);
      expect(other, path).not.toContain("github");
    }
  });

  it("sends /admin/content to /admin/content/, where the editor finds its config beside the page", async () => {
    const { status, headers } = await get(`${LOCAL}/admin/content`);
    expect(status).toBe(308);
    expect(headers.get("location")).toBe("/admin/content/");
  });

  it("serves the generated config with the GitHub backend (for the token sign-in) and no site address", async () => {
    const { status, headers, body } = await get(`${LOCAL}/admin/content/config.yml`, { CMS_GITHUB_REPO: "", CMS_GITHUB_BRANCH: "main" });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^application\/yaml/);
    const served = parse(body);
    expect(served.backend).toEqual({ name: "github", repo: "local/working-tree", branch: "main", auth_methods: ["token"] });
    expect(served.site_url).toBeUndefined();
    const { collections, ...rest } = cmsConfig();
    expect(served).toMatchObject(rest);
    expect(served.collections).toEqual(collections);
  });
});

describe("on the production host", () => {
  const ALLOWED = "attorney@example.com";
  const TEAM = "https://meridian-test.cloudflareaccess.com";
  const AUD = "editor-test-audience";
  const access: Partial<Env> = { ...inboxOff, ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD, ADMIN_EMAILS: ALLOWED };
  let team: CryptoKeyPair;
  let keys: ReturnType<typeof createLocalJWKSet>;

  beforeAll(async () => {
    team = await generateKeyPair("RS256", { extractable: true });
    keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(team.publicKey)), kid: "team-key", alg: "RS256", use: "sig" }] });
  });

  const token = () =>
    new SignJWT({ email: ALLOWED })
      .setProtectedHeader({ alg: "RS256", kid: "team-key" })
      .setIssuer(TEAM)
      .setAudience(AUD)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(team.privateKey);

  /** The inbox mounted as the Worker mounts it, with the test's Access keys. */
  async function throughAccess(path: string, overrides: Partial<Env>, accessToken?: string) {
    const site = new Hono<AppEnv>().use(withSiteLocation).route(
      "/admin",
      createAdminApp(() => keys),
    );
    const ctx = createExecutionContext();
    const headers = accessToken ? { "cf-access-jwt-assertion": accessToken } : undefined;
    const response = await site.fetch(new Request(`${PRODUCTION}${path}`, { headers, redirect: "manual" }), { ...env, ...overrides }, ctx);
    await waitOnExecutionContext(ctx);
    return { status: response.status, body: new TextDecoder().decode(await response.arrayBuffer()) };
  }

  it("does not exist without Access, as the inbox does not: the site's 404, no config, even with the local key set", async () => {
    for (const path of ["/admin/content/", "/admin/content/config.yml", "/admin/content"]) {
      const { status, body } = await get(`${PRODUCTION}${path}`, { ...inboxOff, ...signedIn, CMS_GITHUB_REPO: "owner/site" });
      expect(status, path).toBe(404);
      expect(body, path).not.toMatch(/collections:|cms-config-url|owner\/site/);
    }
  });

  it("refuses a request without a valid Access token as every /admin page does: 403, empty", async () => {
    for (const path of ["/admin/content/", "/admin/content/config.yml"]) {
      expect(await throughAccess(path, { ...access, CMS_GITHUB_REPO: "owner/site" }), path).toEqual({ status: 403, body: "" });
      expect(await throughAccess(path, { ...access, CMS_GITHUB_REPO: "owner/site" }, "not-a-token"), path).toEqual({
        status: 403,
        body: "",
      });
    }
  });

  it("is the inbox's 404 for a signed-in attorney while no repository is configured", async () => {
    const { status, body } = await throughAccess("/admin/content/config.yml", { ...access, CMS_GITHUB_REPO: "" }, await token());
    expect(status).toBe(404);
    expect(body).toContain("Not found");
    expect(body).not.toContain("collections:");
  });

  it("commits to the configured repository and branch, and links to the production site", async () => {
    const overrides = { ...access, CMS_GITHUB_REPO: "meridian/site", CMS_GITHUB_BRANCH: "live" };
    expect((await throughAccess("/admin/content/", overrides, await token())).status).toBe(200);
    const { status, body } = await throughAccess("/admin/content/config.yml", overrides, await token());
    expect(status).toBe(200);
    const served = parse(body);
    expect(served.backend).toEqual({ name: "github", repo: "meridian/site", branch: "live", auth_methods: ["token"] });
    expect(served.site_url).toBe(PRODUCTION);
  });
});
