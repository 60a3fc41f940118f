import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { privateLink } from "./private-link.ts";

describe("privateLink", () => {
  const app = new Hono()
    .use(privateLink)
    .get("/book/secret", (c) => c.html("<p>Hello</p>", 200, { "Cache-Control": "public, max-age=60", "Referrer-Policy": "origin" }))
    .onError((_, c) => c.text("failed", 500));

  it("says no-store, noindex and no-referrer, over what the handler set", async () => {
    const response = await app.request("/book/secret");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("says it on a 404 too", async () => {
    const response = await app.request("/book/other");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });
});
