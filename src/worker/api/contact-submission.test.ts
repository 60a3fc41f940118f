import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TURNSTILE_ACTION } from "../../contact/turnstile.ts";
import { pages } from "../../content/index.ts";
import { fetchPath, visitorAddress } from "../../test/html.ts";
import { visibleText } from "../../test/visible-text.ts";
import { allSubmissions, storeSubmission } from "../../test/submissions.ts";
import type { Env } from "../../env.ts";
import { postContact as post, validContact as valid } from "../../test/contact-post.ts";
import { clearSubmissions } from "../../test/submissions.ts";
import { app } from "../app.ts";
import { pageInlineScripts, policyOf } from "../../test/csp.ts";

beforeEach(async () => {
  await clearSubmissions();
  vi.restoreAllMocks();
});

describe("the cap on stored submissions per minute, from all visitors together", () => {
  const capped: Partial<Env> = { CONTACT_SUBMISSIONS_PER_MINUTE: "3" };

  /** A post from a visitor of its own, through the app with the cap lowered. */
  async function postCapped(type: "json" | "form", fields: Record<string, string> = valid) {
    const ctx = createExecutionContext();
    const request = new Request("http://localhost/api/contact", {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": type === "json" ? "application/json" : "application/x-www-form-urlencoded",
        "cf-connecting-ip": visitorAddress(),
      },
      body: type === "json" ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    });
    const response = await app.fetch(request, { ...env, ...capped }, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("answers 429 in the site's words once the cap is stored, whoever posts", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (let i = 0; i < 3; i++) expect((await postCapped("json")).status).toBe(201);
    const refused = await postCapped("json");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: "busy",
      message: "We are receiving too many messages right now. Please try again in a minute.",
    });

    const form = await postCapped("form", { ...valid, name: "Grace Hopper" });
    expect(form.status).toBe(429);
    const html = await form.text();
    expect(visibleText(html)).toContain(pages.contact.outcomes.error.description);
    expect(html).toContain('value="Grace Hopper"');
    expect(await allSubmissions()).toHaveLength(3);
  });

  it("holds exactly when posts arrive together", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const statuses = await Promise.all(Array.from({ length: 8 }, () => postCapped("json").then((response) => response.status)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(await allSubmissions()).toHaveLength(3);
  });

  it("counts only the last minute", async () => {
    for (let i = 0; i < 3; i++) await storeSubmission(new Date(Date.now() - 61_000));
    expect((await postCapped("json")).status).toBe(201);
  });

  it("is a setting that must be a whole number: anything else is a server error, and nothing is stored", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const ctx = createExecutionContext();
    const request = new Request("http://localhost/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": visitorAddress() },
      body: JSON.stringify(valid),
    });
    const response = await app.fetch(request, { ...env, CONTACT_SUBMISSIONS_PER_MINUTE: "lots" }, ctx);
    expect(response.status).toBe(500);
    expect(await allSubmissions()).toEqual([]);
  });
});

describe("the honeypot", () => {
  it("answers a filled-in honeypot as if accepted, but stores and sends nothing", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const response = await post({ ...valid, website: "https://spam.example" });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
    expect(await allSubmissions()).toEqual([]);
    expect(String(log.mock.calls)).not.toContain(valid.message);

    const form = await fetchPath("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...valid, website: "spam" }).toString(),
      redirect: "manual",
    });
    expect(form.status).toBe(303);
    expect(await allSubmissions()).toEqual([]);
  });

  it("lets an empty honeypot through", async () => {
    expect((await post({ ...valid, website: "" })).status).toBe(201);
    expect(await allSubmissions()).toHaveLength(1);
  });

  it("is in the form, hidden from people and assistive technology", async () => {
    const html = await (await fetchPath("/contact")).text();
    const honeypot = /<div class="hidden">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
    expect(honeypot).toMatch(/<input[^>]*name="website"/);
    expect(honeypot).toMatch(/tabindex="-1"/i);
  });
});

describe("Turnstile, when switched on", () => {
  const turnstileEnv: Partial<Env> = { TURNSTILE_SITE_KEY: "site-key", TURNSTILE_SECRET_KEY: "secret-key" };
  /** What siteverify answers for a token solved on the contact form on this test's host (a preview: localhost). */
  const genuine = { success: true, hostname: "localhost", action: TURNSTILE_ACTION };

  /** Posts through the app, with Cloudflare's siteverify (the outside network) answered by the test. */
  async function postWith(body: unknown, verdict: object | "unreachable", url = "http://localhost/api/contact", keys = turnstileEnv) {
    const siteverify = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      if (verdict === "unreachable") throw new TypeError("fetch failed");
      return Response.json(verdict);
    });
    const ctx = createExecutionContext();
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": visitorAddress() },
      body: JSON.stringify(body),
    });
    const response = await app.fetch(request, { ...env, ...keys }, ctx);
    await waitOnExecutionContext(ctx);
    return { response, siteverify };
  }

  it("accepts a post whose token Cloudflare confirms, sending the secret and token to siteverify", async () => {
    const { response, siteverify } = await postWith({ ...valid, "cf-turnstile-response": "token-123" }, genuine);
    expect(response.status).toBe(201);
    const [url, init] = siteverify.mock.calls[0]!;
    expect(String(url)).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify");
    const sent = new URLSearchParams(String(init!.body));
    expect([sent.get("secret"), sent.get("response")]).toEqual(["secret-key", "token-123"]);
  });

  it.each([
    ["a rejected token", { "cf-turnstile-response": "bad" }, { ...genuine, success: false }],
    ["no token", {}, genuine],
    ["an unreachable siteverify", { "cf-turnstile-response": "token" }, "unreachable"],
    ["a token solved on another hostname", { "cf-turnstile-response": "token" }, { ...genuine, hostname: "elsewhere.example" }],
    [
      "a token solved on the production site, posted to a preview",
      { "cf-turnstile-response": "token" },
      { ...genuine, hostname: new URL(env.SITE_ORIGIN).hostname },
    ],
    ["a token of another widget's action", { "cf-turnstile-response": "token" }, { ...genuine, action: "login" }],
    ["a token without hostname or action", { "cf-turnstile-response": "token" }, { success: true }],
  ] as const)("refuses %s with 403 and stores nothing", async (_case, extra, verdict) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { response } = await postWith({ ...valid, ...extra }, verdict);
    expect(response.status).toBe(403);
    expect(await allSubmissions()).toEqual([]);
  });

  it("on the production host, wants tokens solved on SITE_ORIGIN's hostname", async () => {
    const production = new URL(env.SITE_ORIGIN);
    const url = `${production.origin}/api/contact`;
    const token = { ...valid, "cf-turnstile-response": "token" };
    expect((await postWith(token, { ...genuine, hostname: production.hostname }, url)).response.status).toBe(201);
    expect((await postWith(token, { ...genuine, hostname: `preview.${production.hostname}` }, url)).response.status).toBe(403);
    expect(await allSubmissions()).toHaveLength(1);
  });

  it("puts the widget on the contact page with the form's action, and allows Cloudflare's script in the policy", async () => {
    const response = await app.fetch(new Request("http://localhost/contact"), { ...env, ...turnstileEnv }, createExecutionContext());
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<div class="cf-turnstile[^"]*" data-sitekey="site-key" data-action="${TURNSTILE_ACTION}"`));
    expect(policyOf(response).get("script-src")).toEqual(["'self'", "https://challenges.cloudflare.com", ...(await pageInlineScripts())]);
  });
});

describe("Turnstile with one key only", () => {
  it.each([
    ["a site key without its secret", { TURNSTILE_SITE_KEY: "site-key", TURNSTILE_SECRET_KEY: undefined }],
    ["a secret without its site key", { TURNSTILE_SITE_KEY: "", TURNSTILE_SECRET_KEY: "secret-key" }],
  ] as const)("refuses every post loudly with %s: 503, a configuration error logged, nothing stored", async (_case, keys) => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const json = await app.fetch(
      new Request("http://localhost/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(valid),
      }),
      { ...env, ...keys },
      createExecutionContext(),
    );
    expect(json.status).toBe(503);
    expect(await json.json()).toEqual({ error: "unavailable", message: expect.any(String) });
    expect(String(logged.mock.calls)).toMatch(/Configuration error: Turnstile needs both TURNSTILE_SITE_KEY .* TURNSTILE_SECRET_KEY/);

    const form = await app.fetch(
      new Request("http://localhost/api/contact", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(valid).toString(),
      }),
      { ...env, ...keys },
      createExecutionContext(),
    );
    expect(form.status).toBe(503);
    const page = visibleText(await form.text());
    expect(page).toContain(pages.contact.outcomes.error.description);
    expect(await allSubmissions()).toEqual([]);
  });
});
