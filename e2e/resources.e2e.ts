import type { Locator, Page } from "@playwright/test";
import { pages, routeTable } from "../scripts/lib/site-routes.ts";
import { emptyFrames } from "./empty-frames.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

const { resources } = pages;
/** Every card: the published articles and the upcoming ones, which are not links yet. */
const { articles, news } = routeTable.byKind.resources[0]!.params;
const published = articles.filter((article) => article.status === "published");

const articleCards = (page: Page) =>
  page
    .getByRole("region", { name: resources.blogHeading, exact: true })
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
  for (const [width, columns] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`shows the article cards in ${columns} column(s) at ${width}px, each finished with or without a cover`, async ({ page }) => {
      test.skip(articles.length < columns, `needs ${columns} articles to fill a row; content/ has ${articles.length}`);
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, "/resources");
      const cards = articleCards(page);
      await expect(cards).toHaveCount(articles.length);
      const grid = await gridOf(cards);
      expect(grid.columns).toBe(columns);
      expect(grid.rows).toBe(Math.ceil(articles.length / columns));
      // No card spills past the viewport, and none has an empty frame, whichever articles have a cover.
      for (const box of grid.boxes) expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await emptyFrames(cards)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test("changes column count exactly at 768px and 1024px", async ({ page }) => {
    test.skip(articles.length < 3, `needs 3 articles to fill a row of three; content/ has ${articles.length}`);
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

  for (const article of published) {
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

  test("keyboard focus reaches each published article's card, in order, with a visible focus ring", async ({ page }) => {
    test.skip(published.length === 0, "needs a published article in content/articles");
    await gotoHydrated(page, "/resources");
    const reached: string[] = [];
    // The skip link, the header and the breadcrumb come first; then one stop a card.
    for (let presses = 0; presses < 40 + published.length && reached.length < published.length; presses++) {
      await page.keyboard.press("Tab");
      const href = await page.evaluate(() => document.activeElement?.getAttribute("href") ?? "");
      if (!href.startsWith("/blog/")) continue;
      reached.push(href);
      const link = page.getByRole("link", { name: published[reached.length - 1]!.title });
      await expect(link).toBeFocused();
      // The card, not just the title, shows that it is focused.
      const card = articleCards(page).filter({ has: link }).getByRole("article");
      await expect.poll(() => card.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
    }
    expect(reached).toEqual(published.map((article) => article.path));

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(published.at(-1)!.path);
  });

  test("a news item without a link has a card that is not a link", async ({ page }) => {
    const item = news.find((item) => !item.link || item.status === "upcoming");
    test.skip(!item, "needs a news item without a link (or upcoming) in content/news");
    await gotoHydrated(page, "/resources");
    const region = page.getByRole("region", { name: resources.newsHeading, exact: true });
    const heading = region.getByRole("heading", { name: item!.title, exact: true });
    await expect(heading).toBeVisible();
    await expect(region.getByRole("listitem").filter({ has: heading }).getByRole("link")).toHaveCount(0);
  });

  test("the closing call to action leads to the contact page", async ({ page }) => {
    await gotoHydrated(page, "/resources");
    await expect(page.getByRole("heading", { name: resources.closing.heading, exact: true })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: resources.closing.label, exact: true }).click();
    await expect(page).toHaveURL("/contact");
  });
});
