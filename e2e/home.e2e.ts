import type { Page } from "@playwright/test";
import { pages } from "../scripts/lib/site-routes.ts";
import { carousel, carouselArticles, next, pageCount, pageTitles, previous, skipUnlessCards, titles, visibleCards } from "./carousel.ts";
import { emptyFrames } from "./empty-frames.ts";
import { expect, gotoHydrated, isPhone, test } from "./fixtures.ts";

const { hero, intro, insights } = pages.home;

/** Loads the home page at a width (desktop project only; the phone keeps its own) with the carousel in view. */
async function openAt(page: Page, width?: number) {
  if (width) await page.setViewportSize({ width, height: 900 });
  await gotoHydrated(page, "/");
  await carousel(page).scrollIntoViewIfNeeded();
}

test.describe("home page", () => {
  test("shows the hero, the section buttons and the closing call to action", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hero.headline);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: hero.primaryLabel }).first()).toHaveAttribute("href", "/contact");
    await expect(main.getByRole("link", { name: hero.secondaryLabel })).toBeVisible();
    await expect(main.getByRole("link", { name: intro.philosophyLabel })).toBeVisible();
    await expect(main.getByRole("link", { name: intro.attorneyLabel })).toBeVisible();
    // The newest articles, and the button to all of them, show once there is a published article.
    const viewAll = main.getByRole("link", { name: insights.viewAllLabel });
    if (titles.length === 0) return await expect(viewAll).toHaveCount(0);
    await viewAll.click();
    await expect(page).toHaveURL("/resources");
  });
});

test.describe("articles carousel", () => {
  test("shows one card on a phone, without arrows", async ({ page }) => {
    test.skip(!isPhone(page), "the phone project's own width");
    skipUnlessCards(1, "a card to show");
    await openAt(page);
    await expect.poll(() => visibleCards(page)).toEqual(titles.slice(0, 1));
    await expect(previous(page)).toBeHidden();
    await expect(next(page)).toBeHidden();
  });

  for (const [width, count] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`shows ${count} card${count > 1 ? "s" : ""} at ${width}px, arrows ${width < 768 ? "hidden" : "shown"}`, async ({ page }) => {
      test.skip(isPhone(page), "sets its own window width");
      skipUnlessCards(count, `${count} in view at once`);
      await openAt(page, width);
      await expect.poll(() => visibleCards(page)).toEqual(titles.slice(0, count));
      // Whichever articles have a cover, no card shows an empty frame.
      expect(await emptyFrames(carousel(page).getByRole("article"))).toEqual([]);
      if (width < 768) {
        await expect(previous(page)).toBeHidden();
        await expect(next(page)).toBeHidden();
      } else {
        await expect(previous(page)).toBeVisible();
        await expect(next(page)).toBeVisible();
        await expect(previous(page)).toBeEnabled();
        await expect(next(page)).toBeEnabled();
      }
    });
  }

  test("where every card is in view, the arrows turn the loop by one card", async ({ page }) => {
    test.skip(isPhone(page), "sets its own window width");
    skipUnlessCards(2, "two cards to turn");
    test.skip(titles.length > 3, "more cards than three in view: the arrows turn pages");
    await openAt(page, 1280);
    await expect.poll(() => visibleCards(page)).toEqual(titles);
    await next(page).click();
    await expect.poll(() => visibleCards(page)).toEqual([...titles.slice(1), titles[0]]);
    await previous(page).click();
    await previous(page).click();
    await expect.poll(() => visibleCards(page)).toEqual([titles.at(-1), ...titles.slice(0, -1)]);
  });

  test("on a phone, shows the edge of the next card", async ({ page }) => {
    skipUnlessCards(2, "a next card");
    await openAt(page, isPhone(page) ? undefined : 375);
    const [first, second] = await carousel(page)
      .getByRole("article")
      .evaluateAll((cards) => cards.slice(0, 2).map((card) => card.getBoundingClientRect().toJSON() as DOMRect));
    const row = await carousel(page)
      .locator("[data-part=item-group]")
      .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
    expect(first!.right).toBeLessThan(row.right);
    expect(second!.left).toBeLessThan(row.right - 16);
  });

  test("follows the window when it is resized", async ({ page }) => {
    test.skip(isPhone(page), "sets its own window width");
    skipUnlessCards(3, "a second page at two cards a page");
    await openAt(page, 1280);
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(0, 3));
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(0, 2));
    await next(page).click();
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(1, 2));
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(0, 3));
  });

  test("loops: next from the last page shows the first, previous from the first shows the last", async ({ page }) => {
    test.skip(isPhone(page), "the arrows show from 768px");
    skipUnlessCards(3, "a second page at two cards a page");
    await openAt(page, 800);
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(0, 2));

    for (let turned = 1; turned < pageCount(2); turned++) {
      await next(page).click();
      await expect.poll(() => visibleCards(page)).toEqual(pageTitles(turned, 2));
      await expect(next(page)).toBeEnabled();
    }

    // From the last page to the first…
    await next(page).click();
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(0, 2));
    await expect(previous(page)).toBeEnabled();

    // …and back from the first to the last.
    await previous(page).click();
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(-1, 2));

    await previous(page).click();
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(-2, 2));
  });

  test("left and right arrow keys scroll it, looping, and the card in view opens with Enter", async ({ page }) => {
    skipUnlessCards(2, "a card to move to");
    const count = titles.length;
    await openAt(page, isPhone(page) ? undefined : 375);
    await carousel(page).getByRole("link", { name: titles[0] }).focus();
    await expect.poll(() => visibleCards(page)).toEqual([titles[0]]);

    await page.keyboard.press("ArrowRight");
    await expect.poll(() => visibleCards(page)).toEqual([titles[1]]);
    await expect(carousel(page).getByRole("link", { name: titles[1] })).toBeFocused();

    // On to the last card, then past it to the first, and back from the first to the last and the one before.
    for (let index = 2; index <= count; index++) {
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => visibleCards(page)).toEqual([titles[index % count]]);
    }
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => visibleCards(page)).toEqual([titles[count - 1]]);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => visibleCards(page)).toEqual([titles[count - 2]]);

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(carouselArticles[count - 2]!.path);
  });

  test("arrow keys also move between two-card pages", async ({ page }) => {
    test.skip(isPhone(page), "sets its own window width");
    skipUnlessCards(3, "a second page at two cards a page");
    await openAt(page, 800);
    await carousel(page).getByRole("link", { name: titles[0] }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(1, 2));
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(2, 2));
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(1, 2));
  });

  test("tabbing to a card out of view brings it into view", async ({ page }) => {
    skipUnlessCards(2, "a card out of view");
    await openAt(page, isPhone(page) ? undefined : 375);
    await carousel(page).getByRole("link", { name: titles[0] }).focus();
    await page.keyboard.press("Tab");
    await expect(carousel(page).getByRole("link", { name: titles[1] })).toBeFocused();
    await expect.poll(() => visibleCards(page)).toEqual([titles[1]]);
    // The carousel knows where it is: the next arrow key goes on from the card in view.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(2, 1));
  });

  test("jumps instead of gliding when the reader prefers reduced motion", async ({ page }) => {
    test.skip(isPhone(page), "the arrows show from 768px");
    skipUnlessCards(3, "a second page at two cards a page");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openAt(page, 800);
    const row = carousel(page).locator("[data-part=item-group]");
    await row.evaluate((element) => {
      const positions: number[] = [];
      element.addEventListener("scroll", () => positions.push(element.scrollLeft));
      (window as unknown as { positions: number[] }).positions = positions;
    });
    await next(page).click();
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(1, 2));
    await page.waitForTimeout(300);
    const { positions, end } = await row.evaluate((element) => ({
      positions: (window as unknown as { positions: number[] }).positions,
      end: element.scrollWidth - element.clientWidth,
    }));
    expect(new Set(positions)).toEqual(new Set([end]));
  });

  test("shows page dots on a phone that follow the carousel", async ({ page }) => {
    skipUnlessCards(2, "a second page for a second dot");
    const last = titles.length - 1;
    await openAt(page, isPhone(page) ? undefined : 375);
    const dots = carousel(page).getByRole("button", { name: /^Show page \d+$/ });
    await expect(dots).toHaveCount(titles.length);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await dots.nth(last).click();
    await expect.poll(() => visibleCards(page)).toEqual([titles[last]]);
    await expect(dots.nth(last)).toHaveAttribute("aria-current", "true");
    await expect(dots.nth(0)).not.toHaveAttribute("aria-current", "true");
  });
});

test.describe("articles carousel without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cards form a row that scrolls sideways", async ({ page }) => {
    skipUnlessCards(2, "a row of cards");
    const last = titles.length - 1;
    if (!isPhone(page)) await page.setViewportSize({ width: 375, height: 900 });
    await page.goto("/");
    await carousel(page).scrollIntoViewIfNeeded();
    const cards = carousel(page).getByRole("article");
    await expect(cards).toHaveCount(titles.length);
    const boxes = await cards.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes.map((box) => Math.round(box.top))).toEqual(Array(titles.length).fill(Math.round(boxes[0]!.top)));
    for (let index = 1; index < boxes.length; index++) expect(boxes[index - 1]!.left).toBeLessThan(boxes[index]!.left);

    expect(await visibleCards(page)).toEqual([titles[0]]);
    await cards.nth(last).scrollIntoViewIfNeeded();
    expect(await visibleCards(page)).toEqual([titles[last]]);

    // The arrows need JavaScript, so they are not offered.
    await expect(previous(page)).toBeHidden();
    await expect(next(page)).toBeHidden();
  });

  test("wide screens show every card side by side, up to three", async ({ page }) => {
    test.skip(isPhone(page), "sets its own window width");
    skipUnlessCards(1, "a card to show");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await carousel(page).scrollIntoViewIfNeeded();
    expect(await visibleCards(page)).toEqual(pageTitles(0, 3));
  });
});
