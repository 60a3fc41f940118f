import type { Page } from "@playwright/test";

// The home page's article carousel, as the browser tests see it (home.e2e.ts, hydration.e2e.ts).

export const titles = ["5 Clauses Every Artist Contract Should Include", "How to License Your Artwork", "Law as a Creative Tool"];

export const carousel = (page: Page) => page.getByRole("region", { name: "Articles" });
export const previous = (page: Page) => carousel(page).getByRole("button", { name: "Previous articles" });
export const next = (page: Page) => carousel(page).getByRole("button", { name: "Next articles" });

/**
 * Titles of the cards a reader can see whole: inside the scrolling row's box and the window's width.
 * Runs in the page, so it also works with JavaScript off (Playwright's evaluation is not page script).
 */
export function visibleCards(page: Page): Promise<string[]> {
  return carousel(page)
    .getByRole("article")
    .evaluateAll((cards) =>
      cards
        .filter((card) => {
          let row = card.parentElement;
          while (row && getComputedStyle(row).overflowX === "visible") row = row.parentElement;
          if (!row) return false;
          const box = card.getBoundingClientRect();
          const view = row.getBoundingClientRect();
          return box.width > 0 && box.left >= Math.max(view.left, 0) - 1 && box.right <= Math.min(view.right, window.innerWidth) + 1;
        })
        .map((card) => card.querySelector("h3")?.textContent?.trim() ?? ""),
    );
}
