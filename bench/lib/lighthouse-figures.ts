/** Whether a Lighthouse report holds every figure the bench's goals and tables read. */
import type { Result } from "lighthouse";

/** The audits whose figures the goals and tables read. */
const figureAudits = ["largest-contentful-paint", "first-contentful-paint", "cumulative-layout-shift", "total-blocking-time"] as const;

/** Why a report lacks a figure the goals read, or undefined when it has them all. */
export function missingFigure(lhr: Pick<Result, "runtimeError" | "categories" | "audits">): string | undefined {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  if (lhr.categories.performance?.score == null) return "no Performance score";
  for (const id of figureAudits) {
    const audit = lhr.audits[id];
    if (!Number.isFinite(audit?.numericValue)) return `no ${id}${audit?.errorMessage ? ` (${audit.errorMessage})` : ""}`;
  }
  return undefined;
}
