import { describe, expect, it } from "vitest";
import { longDate, monthAndYear } from "./dates.ts";

/** Every day of 1999–2031, as content writes it. */
const days = Array.from({ length: 12_053 }, (_, index) => new Date(Date.UTC(1999, 0, 1 + index)).toISOString().slice(0, 10));

describe("dates as the site writes them", () => {
  it("writes a calendar day as it is written in content", () => {
    expect(longDate("2025-11-04")).toBe("November 4, 2025");
    expect(longDate("2024-02-29")).toBe("February 29, 2024");
    expect(longDate("2026-01-01")).toBe("January 1, 2026");
    expect(monthAndYear("2025-12-31")).toBe("December 2025");
  });

  it("writes every day as the en-US long date and month-year formats would", () => {
    const long = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
    const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    expect(days.at(-1)).toBe("2031-12-31");
    for (const iso of days) {
      const date = new Date(`${iso}T00:00:00Z`);
      expect([iso, longDate(iso), monthAndYear(iso)]).toEqual([iso, long.format(date), month.format(date)]);
    }
  });
});
