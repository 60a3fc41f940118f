import { describe, expect, it } from "vitest";
import { median } from "./median.ts";

describe("median of a run's figures", () => {
  it("is the middle figure of an odd count, whatever their order", () => {
    expect(median([1_206, 1_061, 1_091])).toBe(1_091);
  });

  it("is the lower middle figure of an even count, so it is one that was measured", () => {
    expect(median([1_224, 1_058, 1_062, 1_070])).toBe(1_062);
  });

  it("refuses a figure that was not measured rather than letting it pass as the median", () => {
    expect(() => median([1_061, Number.NaN, 1_206])).toThrow(/not all measured/);
    expect(() => median([Number.POSITIVE_INFINITY, 1_061, 1_062])).toThrow(/not all measured/);
  });
});
