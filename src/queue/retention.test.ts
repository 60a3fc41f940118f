import { describe, expect, it } from "vitest";
import { retentionCutoff } from "./retention.ts";

describe("the retention cut-off", () => {
  it.each([
    ["2026-03-31T09:30:00Z", 1, "2026-02-28T09:30:00Z"],
    ["2024-03-31T09:30:00Z", 1, "2024-02-29T09:30:00Z"],
    ["2026-05-31T00:00:00Z", 1, "2026-04-30T00:00:00Z"],
    ["2026-01-31T23:59:59Z", 2, "2025-11-30T23:59:59Z"],
    ["2026-02-28T12:00:00Z", 24, "2024-02-28T12:00:00Z"],
    ["2028-02-29T12:00:00Z", 24, "2026-02-28T12:00:00Z"],
    ["2026-11-22T18:00:00Z", 24, "2024-11-22T18:00:00Z"],
  ])("from %s, %i month(s) back, is %s: the same day, or the shorter month's last", (now, months, expected) => {
    expect(retentionCutoff(new Date(now), months).toISOString()).toBe(new Date(expected).toISOString());
  });
});
