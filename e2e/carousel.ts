import type { Page } from "@playwright/test";
import { routeTable } from "../scripts/lib/site-routes.ts";
import { test } from "./fixtures.ts";

// The home page's article carousel, as the browser tests see it (home.e2e.ts, hydration.e2e.ts, accessibility.e2e.ts).

/** The articles it shows, newest first: the newest published, as many as CAROUSEL_SIZE (src/content/worker-content.ts). */
export const carouselArticles = routeTable.byKind.home[0]!.params.carousel;
export const titles = carouselArticles.map((article) => article.title);

/**
 * Inside a test: skips it unless the carousel has at least `count` cards, as many as it needs to show what
 * it checks. A writer may publish fewer; that is no failure of the carousel.
 */
export function skipUnlessCards(count: number, why: string) {
  test.skip(titles.length < count, `needs ${count} published articles (${why}); content/ has ${titles.length}`);
}

/** How many pages the carousel has at `perPage` cards a page. */
export const pageCount = (perPage: number) => Math.ceil(titles.length / perPage);

/**
 * The titles in view on a page at `perPage` cards a page: pages count from 0 and loop (-1 is the last), and
 * the last page ends with the last card (three cards two a page: the first two, then the last two).
 */
export function pageTitles(page: number, perPage: number): string[] {
  const pages = pageCount(perPage);
  const index = ((page % pages) + pages) % pages;
  const first = Math.max(0, Math.min(index * perPage, titles.length - perPage));
  return titles.slice(first, first + perPage);
}

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
