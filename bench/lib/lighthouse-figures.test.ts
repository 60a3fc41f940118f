import { describe, expect, it } from "vitest";
import { missingFigure } from "./lighthouse-figures.ts";

type Report = Parameters<typeof missingFigure>[0];

/** A report as Lighthouse returns it after a good audit, with `changes` applied. */
function report(
  changes: { runtimeError?: { code: string; message: string }; score?: number | null; audits?: Record<string, object> } = {},
): Report {
  const figure = (numericValue: number) => ({ numericValue });
  return {
    runtimeError: changes.runtimeError,
    categories: { performance: { score: changes.score === undefined ? 1 : changes.score } },
    audits: {
      "largest-contentful-paint": figure(1_061),
      "first-contentful-paint": figure(938),
      "cumulative-layout-shift": figure(0),
      "total-blocking-time": figure(0),
      ...changes.audits,
    },
  } as unknown as Report;
}

describe("a Lighthouse report's figures", () => {
  it("are all there after a good audit", () => {
    expect(missingFigure(report())).toBeUndefined();
  });

  it("are missing when Lighthouse could not record the trace, and the reason names its error", () => {
    const reason = missingFigure(
      report({ runtimeError: { code: "NO_NAVSTART", message: "Your page did not start a navigation." }, score: null }),
    );
    expect(reason).toBe("NO_NAVSTART: Your page did not start a navigation.");
  });

  it("are missing without a Performance score", () => {
    expect(missingFigure(report({ score: null }))).toBe("no Performance score");
  });

  it("are missing when one audit has no number, and the reason names the audit and its message", () => {
    const withoutLcp = report({ audits: { "largest-contentful-paint": { numericValue: undefined, errorMessage: "NO_LCP" } } });
    expect(missingFigure(withoutLcp)).toBe("no largest-contentful-paint (NO_LCP)");
    expect(missingFigure(report({ audits: { "total-blocking-time": {} } }))).toBe("no total-blocking-time");
  });
});
