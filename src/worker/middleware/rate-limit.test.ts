import { beforeEach, describe, expect, it, vi } from "vitest";
import { pages } from "../../content/index.ts";
import { fetchPath, visitorAddress } from "../../test/html.ts";
import { visibleText } from "../../test/visible-text.ts";
import { allSubmissions } from "../../test/submissions.ts";
import { postContact as post, validContact as valid } from "../../test/contact-post.ts";
import { clearSubmissions } from "../../test/submissions.ts";

/**
 * The rate limiter's windows are aligned to the wall clock (a minute, wrangler.toml), and a window that turns
 * during a test resets its count: each test starts with at least this long left in its window, so its posts
 * fall in one window however busy the machine.
 */
const WINDOW_MS = 60_000;
const LEFT_IN_WINDOW_MS = 8_000;

beforeEach(async () => {
  await clearSubmissions();
  vi.restoreAllMocks();
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < LEFT_IN_WINDOW_MS) await new Promise((resume) => setTimeout(resume, left + 50));
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
