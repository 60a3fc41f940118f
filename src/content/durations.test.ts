import { describe, expect, it } from "vitest";
import { monthsInWords } from "./durations.ts";

describe("monthsInWords", () => {
  it("says whole years in years, and the rest in months", () => {
    expect([12, 24, 120, 1, 18, 36, 7].map(monthsInWords)).toEqual([
      "1 year",
      "2 years",
      "10 years",
      "1 month",
      "18 months",
      "3 years",
      "7 months",
    ]);
  });
});
