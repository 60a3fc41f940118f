import type { Locator, Page } from "@playwright/test";
import { routeTable } from "../scripts/lib/site-routes.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

const articles = routeTable.byKind.resources[0]!.params.articles;

const articleCards = (page: Page) =>
  page
    .getByRole("region", { name: "Blog & Articles" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("article") });

/** How many distinct columns and rows the cards sit in, from their positions on screen. */
async function gridOf(cards: Locator) {
  const boxes = await Promise.all((await cards.all()).map(async (card) => (await card.boundingBox())!));
  return {
    columns: new Set(boxes.map((box) => Math.round(box.x))).size,
    rows: new Set(boxes.map((box) => Math.round(box.y))).size,
    boxes,
  };
}

test.describe("/resources", () => {
  for (const [width, columns, rows] of [
    [375, 1, 3],
    [800, 2, 2],
    [1280, 3, 1],
  ] as const) {
    test(`shows the article cards in ${columns} column(s) at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, "/resources");
      const cards = articleCards(page);
      await expect(cards).toHaveCount(3);
      const grid = await gridOf(cards);
      expect(grid.columns).toBe(columns);
      expect(grid.rows).toBe(rows);
      // No card spills past the viewport.
      for (const box of grid.boxes) expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test("changes column count exactly at 768px and 1024px", async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 900 });
    await gotoHydrated(page, "/resources");
    const cards = articleCards(page);
    for (const [width, columns] of [
      [767, 1],
      [768, 2],
      [1023, 2],
      [1024, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(async () => (await gridOf(cards)).columns, { message: `columns at ${width}px` }).toBe(columns);
    }
  });

  test("fits a 320px screen without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await gotoHydrated(page, "/resources");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  for (const article of articles) {
    test(`the "${article.title}" card is clickable anywhere and opens the article`, async ({ page }) => {
      await gotoHydrated(page, "/resources");
      const card = articleCards(page).filter({ hasText: article.title });
      // Click the middle of the excerpt, not the title, as a visitor would: the whole card is the target.
      const text = card.getByText(article.excerpt);
      await text.scrollIntoViewIfNeeded();
      const excerpt = (await text.boundingBox())!;
      await page.mouse.click(excerpt.x + excerpt.width / 2, excerpt.y + excerpt.height / 2);
      await expect(page).toHaveURL(article.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    });
  }

  test("keyboard focus reaches each article card, in order, with a visible focus ring", async ({ page }) => {
    await gotoHydrated(page, "/resources");
    const reached: string[] = [];
    for (let presses = 0; presses < 40 && reached.length < articles.length; presses++) {
      await page.keyboard.press("Tab");
      const href = await page.evaluate(() => document.activeElement?.getAttribute("href") ?? "");
      if (!href.startsWith("/blog/")) continue;
      reached.push(href);
      const link = page.getByRole("link", { name: articles[reached.length - 1]!.title });
      await expect(link).toBeFocused();
      // The card, not just the title, shows that it is focused.
      const card = articleCards(page).filter({ has: link }).getByRole("article");
      await expect.poll(() => card.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
    }
    expect(reached).toEqual(articles.map((article) => article.path));

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(articles.at(-1)!.path);
  });

  test("the Resources Coming Soon card is not a link", async ({ page }) => {
    await gotoHydrated(page, "/resources");
    const news = page.getByRole("region", { name: "News & Updates" });
    await expect(news.getByRole("heading", { name: "Resources Coming Soon" })).toBeVisible();
    await expect(news.getByRole("link")).toHaveCount(0);
  });

  test("Stay Updated leads to the contact page", async ({ page }) => {
    await gotoHydrated(page, "/resources");
    await expect(page.getByRole("heading", { name: "Stay Updated" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Get in Touch" }).click();
    await expect(page).toHaveURL("/contact");
  });
});
