import { describe, expect, it, vi } from "vitest";
import { fetchPath } from "./test/html.ts";
import { logText } from "./log-text.ts";

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
