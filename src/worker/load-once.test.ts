import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once.ts";

describe("loadOnce", () => {
  it("loads once for every caller, concurrent ones included", async () => {
    let loads = 0;
    const value = loadOnce(async () => ++loads);
    expect(await Promise.all([value(), value()])).toEqual([1, 1]);
    expect(await value()).toBe(1);
  });

  it("tries again after a failed load instead of keeping the failure", async () => {
    let attempts = 0;
    const value = loadOnce(async () => {
      if (++attempts === 1) throw new Error("chunk unavailable");
      return "loaded";
    });
    await expect(value()).rejects.toThrow("chunk unavailable");
    expect(await value()).toBe("loaded");
  });
});
