import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchApp, makeLocalSigningKey } from "../test/admin.ts";
import { clearSubmissions, storeSubmission } from "../test/submissions.ts";
import type { Env } from "../env.ts";
import { LOCAL_DEVELOPER_EMAIL } from "./local-signer.ts";
import { isLoopbackRequest } from "./policy.ts";

/*
 * The local sign-in, through the Worker's own app: the development key opens /admin on this machine's
 * addresses and nowhere else, with or without Access configured.
 */

const SECRET = "Kalamazoo-5521";
let localKey: string;
let development: Partial<Env>;

beforeAll(async () => {
  localKey = await makeLocalSigningKey();
  development = { ADMIN_LOCAL_SIGNING_KEY: localKey };
});

beforeEach(async () => {
  await clearSubmissions();
  await storeSubmission(new Date(), { name: `Ada ${SECRET}` });
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const accessConfigured: Partial<Env> = {
  ACCESS_TEAM_DOMAIN: "https://meridian-test.cloudflareaccess.com",
  ACCESS_AUD: "aud-tag",
  ADMIN_EMAILS: "attorney@example.com",
};

describe("the local sign-in", () => {
  it.each(["http://localhost:8787/admin", "http://127.0.0.1:8787/admin", "http://[::1]:8787/admin", "http://localhost/admin"])(
    "opens the inbox on %s as the local developer",
    async (url) => {
      const response = await fetchApp(url, {}, development);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(SECRET);
      expect(html).toContain(`Signed in as ${LOCAL_DEVELOPER_EMAIL}`);
    },
  );

  it("works with Access configured too (the local path never asks Cloudflare)", async () => {
    expect((await fetchApp("http://localhost:8787/admin", {}, { ...development, ...accessConfigured })).status).toBe(200);
  });

  const elsewhere = [
    new URL("/admin", env.SITE_ORIGIN).href,
    "https://creative-law-site.example.workers.dev/admin",
    "http://localhost.attacker.example/admin",
    "http://127.0.0.1.nip.io/admin",
    "http://10.0.0.5/admin",
    "http://[::2]/admin",
  ];

  it.each(elsewhere)("cannot open the inbox on %s, even with the development key present", async (url) => {
    const off = await fetchApp(url, {}, development);
    expect(off.status).toBe(404);
    expect(await off.text()).not.toContain(SECRET);
    const guarded = await fetchApp(url, {}, { ...development, ...accessConfigured });
    expect(guarded.status).toBe(403);
    expect(await guarded.text()).toBe("");
  });

  it("goes by the request's address, not by a Host or forwarding header", async () => {
    const production = new URL("/admin", env.SITE_ORIGIN).href;
    const headers = { host: "localhost:8787", "x-forwarded-host": "localhost", forwarded: "host=localhost" };
    const response = await fetchApp(production, { headers }, { ...development, ...accessConfigured });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("");
  });

  it("is off without the development key: locally, /admin then does not exist", async () => {
    expect((await fetchApp("http://localhost:8787/admin")).status).toBe(404);
  });

  it("refuses a damaged key rather than letting anyone in", async () => {
    for (const damaged of [
      "not json",
      JSON.stringify({ kty: "oct", k: "c2VjcmV0" }),
      JSON.stringify({ ...JSON.parse(localKey), d: undefined }),
    ]) {
      const response = await fetchApp("http://localhost:8787/admin", {}, { ADMIN_LOCAL_SIGNING_KEY: damaged });
      expect(response.status).toBe(403);
      expect(await response.text()).toBe("");
    }
  });
});

describe("isLoopbackRequest", () => {
  it("knows this machine's addresses and nothing else", () => {
    expect(["http://localhost:1/", "http://127.0.0.1/", "http://[::1]:8787/x"].map(isLoopbackRequest)).toEqual([true, true, true]);
    expect(["https://localhost.example/", "http://127.0.0.2/", "http://0.0.0.0/", "https://example.com/"].map(isLoopbackRequest)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
