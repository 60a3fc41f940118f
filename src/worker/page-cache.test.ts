import { exports } from "cloudflare:workers";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { routeTable } from "../test/routes.ts";
import { fetchPath } from "../test/html.ts";
import { visibleText } from "../test/visible-text.ts";
import { PAGE_CACHE_BYTES, cachePage, cachedPage, clearPageCache, pageCacheBytes, pageCacheSize } from "./page-cache.ts";

const production = new URL(env.SITE_ORIGIN);
const fetchFrom = (origin: string, path: string) => exports.default.fetch(new Request(new URL(path, origin)));
const robotsMeta = /<meta name="robots" content="noindex"\/>/;

beforeEach(() => clearPageCache());

describe("pages that are the same for everyone", () => {
  it("are rendered once per host kind and path, and served the same each time", async () => {
    const first = await fetchPath("/services");
    const second = await fetchPath("/services");
    expect(second.status).toBe(200);
    expect(second.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8/i);
    expect(await second.text()).toBe(await first.text());
    expect(pageCacheSize()).toBe(1);
  });

  it("may be kept by browsers and Cloudflare for five minutes", async () => {
    for (const route of routeTable.routes) {
      expect((await fetchPath(route.path)).headers.get("cache-control"), route.path).toBe("public, max-age=300");
    }
    expect(pageCacheSize()).toBe(routeTable.routes.length);
  });

  it("are kept apart for the production host and previews (noindex)", async () => {
    const preview = await (await fetchFrom("https://preview.example.workers.dev", "/about")).text();
    const live = await (await fetchFrom(production.origin, "/about")).text();
    const previewAgain = await (await fetchFrom("http://localhost:8787", "/about")).text();
    expect(preview).toMatch(robotsMeta);
    expect(live).not.toMatch(robotsMeta);
    expect(previewAgain).toBe(preview);
    expect(live).toContain(`<link rel="canonical" href="${production.origin}/about"/>`);
    expect(pageCacheSize()).toBe(2);
  });

  it("ignore the query string, except on the contact page", async () => {
    const plain = await (await fetchPath("/resources")).text();
    expect(await (await fetchPath("/resources?utm_source=newsletter")).text()).toBe(plain);
    expect(pageCacheSize()).toBe(1);
  });

  it("are rendered each time for other spellings of a path, which the router also matches", async () => {
    const response = await fetchPath("/SERVICES");
    expect(response.status).toBe(200);
    expect(pageCacheSize()).toBe(0);
  });
});

describe("the memory pages are kept in", () => {
  const page = (bytes: number) => ({ html: "x".repeat(bytes) });
  const third = Math.floor(PAGE_CACHE_BYTES / 3);

  it("is bounded: the least recently served page goes first once the kept pages pass the bound", () => {
    cachePage("a", page(third));
    cachePage("b", page(third));
    cachePage("c", page(third));
    expect(cachedPage("a")).toBeDefined();
    cachePage("d", page(third));
    expect(cachedPage("b")).toBeUndefined();
    expect(["a", "c", "d"].map((key) => cachedPage(key) !== undefined)).toEqual([true, true, true]);
    expect(pageCacheBytes()).toBeLessThanOrEqual(PAGE_CACHE_BYTES);
  });

  it("counts a page kept again under its key once", () => {
    cachePage("a", page(third));
    cachePage("a", page(third));
    expect([pageCacheSize(), pageCacheBytes()]).toEqual([1, third]);
  });

  it("keeps even a page larger than the bound, alone", () => {
    cachePage("a", page(third));
    cachePage("huge", page(PAGE_CACHE_BYTES + 1));
    expect([pageCacheSize(), cachedPage("huge") !== undefined]).toEqual([1, true]);
  });
});

describe("pages that answer one request", () => {
  it("the contact page after a successful post shows its message, is not kept, and does not leak into /contact", async () => {
    // What a reader sees: the form's own words for every outcome travel in the page for the browser to use.
    const shown = async (response: Response) => visibleText(await response.text());
    const sent = await fetchPath("/contact?sent=1");
    expect(sent.headers.get("cache-control")).toBe("no-store");
    expect(await shown(sent)).toContain("Message Sent!");
    const plain = await fetchPath("/contact");
    expect(plain.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await shown(plain)).not.toContain("Message Sent!");
    const sentAgain = await fetchPath("/contact?sent=1");
    expect(await shown(sentAgain)).toContain("Message Sent!");
    expect(pageCacheSize()).toBe(1);
  });

  it("the 404 page is neither kept nor cacheable", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await fetchPath("/no-such-page");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(pageCacheSize()).toBe(0);
    logged.mockRestore();
  });
});
