import AxeBuilder from "@axe-core/playwright";
import { type Page, expect } from "@playwright/test";

/** WCAG 2.2 AA, as axe-core tags it. */
const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe's WCAG 2.2 AA violations on the page as it is now, one readable line per failing element. */
export async function expectNoAxeViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const violations = results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")} — ${node.failureSummary?.replace(/\s+/g, " ")}`,
    ),
  );
  expect(violations, `axe violations: ${state}`).toEqual([]);
}
