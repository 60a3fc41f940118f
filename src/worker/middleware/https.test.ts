import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { allSubmissions } from "../../test/submissions.ts";
import { validContact as valid } from "../../test/contact-post.ts";
import { clearSubmissions } from "../../test/submissions.ts";

beforeEach(async () => {
  await clearSubmissions();
  vi.restoreAllMocks();
});

describe("plain HTTP", () => {
  const production = new URL(env.SITE_ORIGIN);
  const overHttp = (origin: string, path: string, init?: RequestInit) =>
    exports.default.fetch(new Request(`${origin.replace(/^https:/, "http:")}${path}`, { redirect: "manual", ...init }));

  it("is sent to HTTPS on the production host, same path and query, and HSTS stays", async () => {
    const response = await overHttp(production.origin, "/services/workshops?ref=newsletter");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`https://${production.host}/services/workshops?ref=newsletter`);
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=63072000/);
    expect((await overHttp(production.origin, "/")).headers.get("location")).toBe(`https://${production.host}/`);
    expect((await overHttp(production.origin, "/no-such-page")).status).toBe(301);
  });

  it("keeps a form post a post (308), so nothing is stored over HTTP", async () => {
    const response = await overHttp(production.origin, "/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(valid),
    });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe(`https://${production.host}/api/contact`);
    expect(await allSubmissions()).toEqual([]);
  });

  it("is served as it is on HTTPS, localhost and previews", async () => {
    expect((await exports.default.fetch(new Request(`${production.origin}/services`))).status).toBe(200);
    expect((await overHttp("http://localhost:8787", "/services")).status).toBe(200);
    expect((await overHttp("http://creative-law-site.example.workers.dev", "/services")).status).toBe(200);
  });
});
