import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TURNSTILE_ACTION } from "../contact/turnstile.ts";
import { pages, site } from "../content/index.ts";
import { cspHash } from "../csp-hash.ts";
import { activityPage, recordActivity } from "../db/activity.ts";
import { database } from "../db/client.ts";
import { conflictQuery } from "../db/conflict-names.ts";
import { searchConflicts } from "../db/conflicts.ts";
import { applyRetention, retentionCutoff } from "../queue/retention.ts";
import { SPECULATION_RULES_JSON } from "../seo/speculation-rules.ts";
import { fetchPath, visitorAddress } from "../test/html.ts";
import { visibleText } from "../test/visible-text.ts";
import { allSubmissions, clearSubmissions, storeSubmission } from "../test/submissions.ts";
import { app } from "./app.ts";
import type { Env } from "../env.ts";

const valid = { name: "Ada Lovelace", email: "ada@example.com", organization: "", message: "Hello there." };

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetchPath("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    redirect: "manual",
  });

/** Directive → sources of a Content-Security-Policy header. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get("content-security-policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** What a page's script-src allows inline: its speculation rules (JSON), by their hash, and nothing else. */
const pageInlineScripts = async () => [`'${await cspHash(SPECULATION_RULES_JSON)}'`];

beforeEach(async () => {
  await clearSubmissions();
  vi.restoreAllMocks();
});

describe("security headers", () => {
  it.each([
    ["/", "page"],
    ["/contact", "page"],
    ["/blog/how-to-license-artwork", "page"],
    ["/no-such-page", "page"],
    ["/sitemap.xml", "file"],
    ["/api/contact", "file"],
  ])("are on %s", async (path, kind) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await fetchPath(path);
    const policy = policyOf(response);
    expect(policy.get("script-src")).toEqual(["'self'", ...(kind === "page" ? await pageInlineScripts() : [])]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    const hsts = /max-age=(\d+)/.exec(response.headers.get("strict-transport-security") ?? "");
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  });

  it("never allow inline or evaluated scripts", async () => {
    const header = (await fetchPath("/contact")).headers.get("content-security-policy")!;
    expect(header).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  });

  it("let the search's index compile its WebAssembly on the pages with the search only, kept or not", async () => {
    for (const path of ["/resources", "/resources", "/resources/search", "/resources/search?q=license"]) {
      expect(policyOf(await fetchPath(path)).get("script-src"), path).toEqual([
        "'self'",
        ...(await pageInlineScripts()),
        "'wasm-unsafe-eval'",
      ]);
    }
    for (const path of ["/", "/blog/how-to-license-artwork", "/resources/category/contracts"]) {
      expect(policyOf(await fetchPath(path)).get("script-src"), path).not.toContain("'wasm-unsafe-eval'");
    }
  });

  it("mark API answers as never cached", async () => {
    expect((await post(valid)).headers.get("cache-control")).toBe("no-store");
  });
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

describe("cross-site posts", () => {
  it("are refused with 403 when another origin sends them, and nothing is stored", async () => {
    const response = await post(valid, { origin: "https://attacker.example" });
    expect(response.status).toBe(403);
    const form = await fetchPath("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams(valid).toString(),
    });
    expect(form.status).toBe(403);
    expect(await allSubmissions()).toEqual([]);
  });

  it("are accepted from clients that name no origin (scripts, not browsers, which cannot post for a visitor)", async () => {
    expect((await post(valid)).status).toBe(201);
    const form = await fetchPath("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(valid).toString(),
      redirect: "manual",
    });
    expect(form.status).toBe(303);
  });

  it("are accepted from the site itself and from the configured production origin", async () => {
    expect((await post(valid, { origin: "http://localhost", "sec-fetch-site": "same-origin" })).status).toBe(201);
    expect((await post(valid, { origin: new URL(env.SITE_ORIGIN).origin })).status).toBe(201);
  });
});

describe("rate limiting", () => {
  it("answers 429 with Retry-After once one address exceeds the limit, while others still get through", async () => {
    const address = visitorAddress();
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 7; i++) {
      const response = await post(valid, { "cf-connecting-ip": address });
      statuses.push(response.status);
      if (response.status === 429) limited ??= response;
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await allSubmissions()).toHaveLength(5);
    expect((await post(valid, { "cf-connecting-ip": visitorAddress() })).status).toBe(201);
  });
});

describe("rate limiting an IPv6 client", () => {
  it("counts every address of one /64 against one limit, and the next /64 apart", async () => {
    const prefix = visitorAddress().replace(/::1$/, "");
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await post(valid, { "cf-connecting-ip": `${prefix}:${i.toString(16)}:0:0:${i}` })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await allSubmissions()).toHaveLength(5);
    const [a, b] = prefix.split(":").slice(2);
    const nextPrefix = `2001:db8:${a}:${((Number.parseInt(b!, 16) + 1) % 0x10000).toString(16)}`;
    expect((await post(valid, { "cf-connecting-ip": `${nextPrefix}::7` })).status).toBe(201);
  });
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

describe("a visitor over the per-client limit, posting the plain form", () => {
  it("gets the contact page with the spec's error and what they typed, not JSON", async () => {
    const address = visitorAddress();
    const form = () =>
      fetchPath("/api/contact", {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": address },
        body: new URLSearchParams({ ...valid, name: "Grace Hopper" }).toString(),
      });
    for (let i = 0; i < 5; i++) expect((await form()).status).toBe(303);
    const limited = await form();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("content-type")).toMatch(/^text\/html/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await limited.text();
    expect(visibleText(html)).toContain(pages.contact.outcomes.error.description);
    expect(html).toContain('value="Grace Hopper"');
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

describe("retention", () => {
  const now = new Date("2026-11-22T18:00:00Z");
  const { messageMonths, conflictRecordMonths, activityLogMonths } = site.retention;
  const olderThan = (months: number) => new Date(retentionCutoff(now, months).getTime() - 60_000);
  const newerThan = (months: number) => new Date(retentionCutoff(now, months).getTime() + 60_000);

  it("erases a message after its period and keeps the inquiry's conflict record, which conflict checks still find", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const old = await storeSubmission(olderThan(messageMonths), {
      name: "Zoë Ōtani",
      organization: "Studio North",
      parties: "Acme Gallery",
    });
    const recent = await storeSubmission(newerThan(messageMonths));
    expect(await applyRetention(env, now)).toEqual({ erased: 1, deleted: 0, activity: 0 });
    const rows = await allSubmissions();
    expect(rows.find((row) => row.id === old)).toMatchObject({
      message: "",
      messageErasedAt: now,
      name: "Zoë Ōtani",
      email: "ada@example.com",
      organization: "Studio North",
      parties: "Acme Gallery",
      intakeState: "new",
    });
    expect(rows.find((row) => row.id === recent)).toMatchObject({ message: "Hello.", messageErasedAt: null });
    const found = await searchConflicts(database(env.DB), conflictQuery("zoe otani")!);
    expect(found).toEqual([expect.objectContaining({ id: old, messageErased: true, parts: ["name"] })]);
    // A second run erases nothing more.
    expect(await applyRetention(env, now)).toEqual({ erased: 0, deleted: 0, activity: 0 });
  });

  it("deletes an inquiry whole after the conflict record's period, and activity entries after theirs", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await env.DB.exec("DELETE FROM admin_activity");
    const gone = await storeSubmission(olderThan(conflictRecordMonths));
    const kept = await storeSubmission(newerThan(conflictRecordMonths));
    const db = database(env.DB);
    await recordActivity(db, { actor: "attorney@example.com", action: "viewed", submissionId: gone }, olderThan(activityLogMonths));
    await recordActivity(db, { actor: "attorney@example.com", action: "viewed", submissionId: kept }, newerThan(activityLogMonths));
    // Both messages are older than theirs: erased first, then the older inquiry deleted whole.
    expect(await applyRetention(env, now)).toEqual({ erased: 2, deleted: 1, activity: 1 });
    expect((await allSubmissions()).map((row) => row.id)).toEqual([kept]);
    expect((await activityPage(db)).entries.map((entry) => entry.submissionId)).toEqual([kept]);
  });

  it("is what the privacy policy tells visitors: every period, as content/site.yaml gives it", async () => {
    const text = visibleText(await (await fetchPath("/privacy-policy")).text());
    expect(text).toContain(`We keep each message sent through the contact form for ${messageMonths} months after we receive it`);
    expect(text).toContain(`we keep a short record of each inquiry for ${conflictRecordMonths} months after we receive it`);
    expect(text).toContain(`is kept for ${activityLogMonths} months`);
    expect(text).toMatch(/also reaches our e-mail inbox[^.]*\. We keep that e-mail/);
  });
});
