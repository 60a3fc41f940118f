import { describe, expect, it } from "vitest";
import { oneLine } from "./one-line.ts";

describe("a header's one line", () => {
  it("turns line breaks, control characters and Unicode's line separators into one space", () => {
    expect(oneLine("A consultation\r\nBcc: someone@example.com")).toBe("A consultation Bcc: someone@example.com");
    expect(oneLine("Mina\u2028Park\u2029\u0085Studio\u0007")).toBe("Mina Park Studio");
  });

  it("is cut at its length", () => {
    expect(oneLine("x".repeat(250))).toHaveLength(200);
    expect(oneLine("x".repeat(250), 300)).toHaveLength(250);
  });
});
