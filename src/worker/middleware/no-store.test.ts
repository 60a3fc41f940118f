import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { noStore } from "./no-store.ts";

describe("noStore", () => {
  const app = new Hono()
    .use(noStore)
    .get("/answer", (c) => c.json({ ok: true }, 201, { "Cache-Control": "public, max-age=60" }))
    .get("/fails", () => {
      throw new Error("boom");
    })
    .onError((_, c) => c.json({ error: "failed" }, 500));

  it("says no-store on an answer, over what the handler set", async () => {
    const response = await app.request("/answer");
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("says it on an error's answer and on a 404 too", async () => {
    expect((await app.request("/fails")).headers.get("cache-control")).toBe("no-store");
    expect((await app.request("/nothing")).headers.get("cache-control")).toBe("no-store");
  });
});
