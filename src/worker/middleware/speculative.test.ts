import { beforeEach, describe, expect, it } from "vitest";
import { fetchPath, visitorAddress } from "../../test/html.ts";
import { allSubmissions, clearSubmissions } from "../../test/submissions.ts";

const valid = { name: "Ada Lovelace", email: "ada@example.com", organization: "", message: "Hello there." };

const post = (address: string, headers: Record<string, string> = {}) =>
  fetchPath("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": address, ...headers },
    body: JSON.stringify(valid),
  });

beforeEach(() => clearSubmissions());

describe("speculative requests (Sec-Purpose: prefetch, prefetch;prerender)", () => {
  it.each(["prefetch", "prefetch;prerender", "Prefetch; anonymous-client-ip"])(
    "are declined by the API (%s) without storing or counting against the visitor's limit",
    async (purpose) => {
      const address = visitorAddress();
      for (let i = 0; i < 6; i++) {
        const response = await post(address, { "sec-purpose": purpose });
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ error: "speculative_request" });
      }
      expect(await allSubmissions()).toEqual([]);
      // The visitor's five posts a minute are all still theirs.
      for (let i = 0; i < 5; i++) expect((await post(address)).status).toBe(201);
      expect((await post(address)).status).toBe(429);
    },
  );

  it("get pages as any other request does", async () => {
    for (const path of ["/", "/contact", "/services"]) {
      const response = await fetchPath(path, { headers: { "sec-purpose": "prefetch;prerender" } });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain("<html");
    }
  });
});
