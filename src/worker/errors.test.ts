import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchPath, headingsOf } from "../test/html.ts";
import { siteApp } from "./app.ts";

/*
 * Every error is the site's own: pages answer with the 404 or 500 page in the site's shell, the API with JSON.
 */

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const NOT_FOUND_HEADING = "Oops! Page not found";
const SERVER_ERROR_HEADING = "Something went wrong";

/** The checks every error page passes: the site's whole document, security headers, never cached. */
async function expectSitePage(response: Response, status: number, heading: string): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8/i);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
  const html = await response.text();
  expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
  expect(headingsOf(html, 1)).toEqual([heading]);
  for (const landmark of ["<header", '<nav aria-label="Main"', '<main id="main"', "<footer"]) expect(html).toContain(landmark);
  expect(html).toMatch(/<a href="\/"[^>]*>Return to Home<\/a>/);
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  expect(html).not.toContain('rel="canonical"');
  return html;
}

describe("unknown methods on page paths", () => {
  it.each([
    ["POST", "/services"],
    ["PUT", "/"],
    ["DELETE", "/contact"],
    ["PATCH", "/blog/how-to-license-artwork"],
    ["POST", "/no-such-page"],
  ])("%s %s answers the site's 404 page", async (method, path) => {
    const response = await fetchPath(path, { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "name=Ada" });
    const html = await expectSitePage(response, 404, NOT_FOUND_HEADING);
    expect(html).toContain("data-not-found");
    expect(String(logged.mock.calls)).toContain(path);
    expect(String(logged.mock.calls)).not.toContain("name=Ada");
  });
});

describe("unknown API paths", () => {
  it.each([
    ["GET", "/api/nothing"],
    ["POST", "/api/nothing"],
    ["GET", "/api/"],
    ["DELETE", "/api/contact/extra"],
  ])("%s %s answers JSON 404", async (method, path) => {
    const response = await fetchPath(path, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "not_found", message: expect.any(String) });
  });
});

describe("a failure while answering", () => {
  const failure = "database exploded";
  const body = JSON.stringify({ message: "a visitor's private words" });

  /** The site's app with test-only routes that throw, so the real middleware and error handling answer. */
  const failing = siteApp((app) => {
    app.get("/services", () => {
      throw new Error(failure);
    });
    app.post("/api/contact", async (c) => {
      await c.req.text();
      throw new Error(failure);
    });
    app.get("/book/*", (c) => {
      throw new Error(`${failure} at ${c.req.url}`);
    });
  });

  async function request(path: string, init?: RequestInit) {
    const ctx = createExecutionContext();
    const response = await failing.fetch(new Request(new URL(path, "http://localhost"), init), env, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  /** The reference the error was logged under; the log names the error but never the request's body. */
  function loggedReference(): string {
    expect(logged).toHaveBeenCalledTimes(1);
    const line = String(logged.mock.calls[0]);
    expect(line).toContain(failure);
    expect(line).not.toContain("private words");
    return /\b([0-9a-f]{8})\b/.exec(line)?.[1] ?? "no reference logged";
  }

  it("shows a page the 500 page in the site's shell, with the reference that was logged", async () => {
    const html = await expectSitePage(await request("/services?email=ada@example.com"), 500, SERVER_ERROR_HEADING);
    const reference = loggedReference();
    expect(html).toContain(reference);
    expect(html).not.toContain(failure);
    expect(html).not.toContain("data-not-found");
    expect(String(logged.mock.calls[0])).not.toContain("ada@example.com");
  });

  it("answers the API with JSON 500 and the same reference", async () => {
    const response = await request("/api/contact", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const answer = await response.json<{ error: string; reference: string }>();
    expect(answer).toEqual({ error: "internal_error", message: expect.any(String), reference: loggedReference() });
  });

  it("logs a private link's path and its error without the link's secret", async () => {
    const secret = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE";
    await expectSitePage(await request(`/book/${secret}`), 500, SERVER_ERROR_HEADING);
    loggedReference();
    expect(String(logged.mock.calls[0])).toContain("/book/{secret}");
    expect(String(logged.mock.calls[0])).not.toContain(secret);
  });

  it("gives each failure a reference of its own", async () => {
    await request("/services");
    await request("/services");
    const references = logged.mock.calls.map((call) => /\b([0-9a-f]{8})\b/.exec(String(call))?.[1]);
    expect(new Set(references).size).toBe(2);
  });
});

describe("odd paths", () => {
  const odd = [
    "//",
    "///",
    "//@",
    "//.",
    "//%2f",
    "//%2F%2F",
    "//example.com",
    "///example.com/",
    "//example.com/%2e%2e",
    "/\\",
    "/\\example.com",
    "/\\\\example.com",
    "/%5c%5cexample.com",
    "/%2f",
    "/%2f%2f",
    "/..",
    "/../..",
    "/%2e%2e",
    "/%2e%2e%2f",
    "/services/..",
    "/services//",
    "/services/%2e%2e/contact",
    "/a/../services",
    "/.",
    "/%00",
    "/%",
    "/%zz",
    "/%E0%A4%A",
    "/%C0%AF",
    "/%F0%9F%8E%A8",
    "/%E2%80%A8",
    "/a%E2%80%A9b",
    "/services/%0A",
    "/é",
    "/@",
    "/;",
    "/:",
    "/http://example.com",
    "/contact/",
    "/CONTACT",
    "/.well-known/security.txt",
    "/?q=%",
    "/services?%",
    `/${"a".repeat(8_000)}`,
    `/${"a/".repeat(2_000)}`,
    `/${"%2f".repeat(2_000)}`,
  ];

  it.each(odd.map((path) => [path.length > 60 ? `${path.slice(0, 40)}… (${path.length} characters)` : path, path]))(
    "GET %s answers 200, a redirect on this site, or the 404 page",
    async (_label, path) => {
      const response = await fetchPath(path, { redirect: "manual" });
      expect([200, 301, 302, 303, 307, 308, 404]).toContain(response.status);
      if (response.status >= 300 && response.status < 400) {
        const location = new URL(response.headers.get("location")!, "http://localhost/");
        expect(location.host).toBe("localhost");
        return;
      }
      expect(response.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8/i);
      const html = await response.text();
      if (response.status === 404) expect(headingsOf(html, 1)).toEqual([NOT_FOUND_HEADING]);
      else expect(headingsOf(html, 1)).toHaveLength(1);
    },
  );
});
