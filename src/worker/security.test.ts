import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "../content/index.ts";
import { deleteExpiredSubmissions, retentionCutoff } from "../queue/retention.ts";
import { fetchPath, visitorAddress } from "../test/html.ts";
import { visibleText } from "../test/visible-text.ts";
import { allSubmissions, clearSubmissions, storeSubmission } from "../test/submissions.ts";
import { app } from "./app.ts";
import type { Env } from "./env.ts";

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

beforeEach(async () => {
  await clearSubmissions();
  vi.restoreAllMocks();
});

describe("security headers", () => {
  it.each(["/", "/contact", "/blog/how-to-license-artwork", "/no-such-page", "/sitemap.xml", "/api/contact"])("are on %s", async (path) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await fetchPath(path);
    const policy = policyOf(response);
    expect(policy.get("script-src")).toEqual(["'self'"]);
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

  async function postWith(body: unknown, verdict: boolean | "unreachable") {
    const siteverify = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      if (verdict === "unreachable") throw new TypeError("fetch failed");
      return Response.json({ success: verdict });
    });
    const ctx = createExecutionContext();
    const request = new Request("http://localhost/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": visitorAddress() },
      body: JSON.stringify(body),
    });
    const response = await app.fetch(request, { ...env, ...turnstileEnv }, ctx);
    await waitOnExecutionContext(ctx);
    return { response, siteverify };
  }

  it("accepts a post whose token Cloudflare confirms, sending the secret and token to siteverify", async () => {
    const { response, siteverify } = await postWith({ ...valid, "cf-turnstile-response": "token-123" }, true);
    expect(response.status).toBe(201);
    const [url, init] = siteverify.mock.calls[0]!;
    expect(String(url)).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify");
    const sent = new URLSearchParams(String(init!.body));
    expect([sent.get("secret"), sent.get("response")]).toEqual(["secret-key", "token-123"]);
  });

  it.each([
    ["a rejected token", { "cf-turnstile-response": "bad" }, false],
    ["no token", {}, true],
    ["an unreachable siteverify", { "cf-turnstile-response": "token" }, "unreachable"],
  ] as const)("refuses %s with 403 and stores nothing", async (_case, extra, verdict) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { response } = await postWith({ ...valid, ...extra }, verdict);
    expect(response.status).toBe(403);
    expect(await allSubmissions()).toEqual([]);
  });

  it("puts the widget on the contact page and allows Cloudflare's script in the policy", async () => {
    const response = await app.fetch(new Request("http://localhost/contact"), { ...env, ...turnstileEnv }, createExecutionContext());
    expect(await response.text()).toContain('data-sitekey="site-key"');
    expect(policyOf(response).get("script-src")).toEqual(["'self'", "https://challenges.cloudflare.com"]);
  });
});

describe("retention", () => {
  it("deletes the submissions received more months ago than the privacy policy states, and keeps the rest", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const now = new Date("2026-11-22T18:00:00Z");
    const cutoff = retentionCutoff(now);
    expect(cutoff).toEqual(new Date(Date.UTC(2026, 10 - site.retention.messageMonths, 22, 18)));
    const old = await storeSubmission(new Date(cutoff.getTime() - 60_000));
    const recent = await storeSubmission(new Date(cutoff.getTime() + 60_000));
    expect(await deleteExpiredSubmissions(env, now)).toBe(1);
    expect((await allSubmissions()).map((row) => row.id)).toEqual([recent]);
    expect(old).not.toBe(recent);
  });

  it("is what the privacy policy tells visitors, the copy in the practice's inbox included", async () => {
    const text = visibleText(await (await fetchPath("/privacy-policy")).text());
    expect(text).toContain(
      `We keep each message sent through the contact form for ${site.retention.messageMonths} months after we receive it; the website's database then deletes it automatically.`,
    );
    expect(text).toMatch(/also reaches our e-mail inbox[^.]*\. We keep that e-mail/);
  });
});
