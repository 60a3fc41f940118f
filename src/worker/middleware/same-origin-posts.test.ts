import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fetchPath } from "../../test/html.ts";
import { allSubmissions } from "../../test/submissions.ts";
import { postContact as post, validContact as valid } from "../../test/contact-post.ts";
import { clearSubmissions } from "../../test/submissions.ts";

beforeEach(async () => {
  await clearSubmissions();
  vi.restoreAllMocks();
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

  it("read Origin: null (a page that sends no referrer) by Sec-Fetch-Site: only the site's own accepted", async () => {
    expect((await post(valid, { origin: "null", "sec-fetch-site": "same-origin" })).status).toBe(201);
    expect((await post(valid, { origin: "null", "sec-fetch-site": "cross-site" })).status).toBe(403);
    // A sandboxed frame, a data: page or a redirect through another site says null too: without the browser's
    // word that the post is the site's own, it is refused.
    expect((await post(valid, { origin: "null" })).status).toBe(403);
    expect((await post(valid, { origin: "null", "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await post(valid, { origin: "null", "sec-fetch-site": "none" })).status).toBe(403);
    expect(await allSubmissions()).toHaveLength(1);
  });
});
