import { describe, expect, it, vi } from "vitest";
import { fetchPath } from "./test/html.ts";
import { logText, withoutLinkSecrets } from "./log-text.ts";

describe("text from a request, in a log line", () => {
  it("escapes control characters and line separators, and keeps the rest as it is", () => {
    expect(logText("/a\nError: forged\r\u001b[31m\u0085\u2028é/b")).toBe("/a\\x0aError: forged\\x0d\\x1b[31m\\x85\\u2028é/b");
    expect(logText("/blog/how-to-license-artwork")).toBe("/blog/how-to-license-artwork");
  });

  it.each(["/a%0AError%200123abcd%20answering%20GET%20/", "/a%0D%0Aforged", "/a%1B%5B2J", "/a%E2%80%A8b", "/a%C2%85b"])(
    "keeps the 404 log of %s to one line",
    async (path) => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      expect((await fetchPath(path)).status).toBe(404);
      expect(logged).toHaveBeenCalledTimes(1);
      const line = String(logged.mock.calls[0]);
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      expect(line).toMatch(/^404 Not Found: \/a\\(x|u)/);
      logged.mockRestore();
    },
  );
});

describe("a private link's secret", () => {
  const secret = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE";

  it("is taken out of any text a log holds, wherever the link's path stands in it", () => {
    expect(withoutLinkSecrets(`GET /book/${secret}?from=x`)).toBe("GET /book/{secret}?from=x");
    expect(withoutLinkSecrets(`https://example.com/engage/${secret}/signed.pdf failed`)).toBe(
      "https://example.com/engage/{secret}/signed.pdf failed",
    );
    expect(withoutLinkSecrets(`/calendar/${secret}.ics and /BOOK/${secret}`)).toBe("/calendar/{secret} and /BOOK/{secret}");
    expect(withoutLinkSecrets(`/a%2fengage%2F${secret}`)).toBe("/a%2fengage%2F{secret}");
    expect(logText(`/book/${secret}\nforged`)).toBe("/book/{secret}\\x0aforged");
    expect(withoutLinkSecrets("/blog/booking-a-consultation")).toBe("/blog/booking-a-consultation");
    // In a log line, one standing alone too (an error quoting a letter's text, say); a SHA-256 or an id is kept.
    const hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    expect(logText(`could not send "see ${secret}." (${hash}, 0b7a2a4e-5b1c-4f8e-9a0d-1c2b3d4e5f60)`)).toBe(
      `could not send "see {secret}." (${hash}, 0b7a2a4e-5b1c-4f8e-9a0d-1c2b3d4e5f60)`,
    );
  });

  it.each([
    ["GET", `/book/${secret}%zz`],
    ["GET", `/book/${secret}?from=2026-99-99`],
    ["GET", `/engage/${secret}%E0%A4%A`],
    ["GET", `/engage/${secret}/signed.pdf`],
    ["GET", `/calendar/${secret}%zz.ics`],
    ["POST", `/book/${secret}`],
    ["DELETE", `/engage/${secret}`],
  ])("is in no console line of any kind after %s %s", async (method, path) => {
    const lines = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    );
    await fetchPath(path, {
      method,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: method === "POST" ? "action=book" : undefined,
    });
    for (const spy of lines) expect(String(spy.mock.calls)).not.toContain(secret);
    for (const spy of lines) spy.mockRestore();
  });

  it("is not in the 404 log of a request its link does not answer", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await fetchPath(`/calendar/${secret}.ics`, { method: "POST" })).status).toBe(404);
    expect(String(logged.mock.calls)).toContain("/calendar/{secret}");
    expect(String(logged.mock.calls)).not.toContain(secret);
    logged.mockRestore();
  });
});
