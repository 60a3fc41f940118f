import { beforeEach, describe, expect, it, vi } from "vitest";
import { pageInlineScripts, policyOf } from "../../test/csp.ts";
import { fetchPath } from "../../test/html.ts";
import { postContact as post, validContact as valid } from "../../test/contact-post.ts";
import { clearSubmissions } from "../../test/submissions.ts";

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
