import type { Locator, Page } from "@playwright/test";
import { attorneyPath, pages, site } from "../scripts/lib/site-routes.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

const { attorney, philosophy } = pages;

/** The credentials accordion as a visitor meets it: two header buttons and the panels they control. */
function accordion(page: Page) {
  const named = { name: attorney.admissions.heading, exact: true };
  const highlightsNamed = { name: attorney.careerHighlights.heading, exact: true };
  return {
    admissions: page.getByRole("button", named),
    highlights: page.getByRole("button", highlightsNamed),
    admissionsPanel: page.getByRole("region", named),
    highlightsPanel: page.getByRole("region", highlightsNamed),
  };
}

async function expectOpen(trigger: Locator, panel: Locator, open: boolean) {
  await expect(trigger).toHaveAttribute("aria-expanded", String(open));
  if (open) await expect(panel).toBeVisible();
  else await expect(panel).toBeHidden();
}

test.describe("philosophy page", () => {
  test("shows the values and the quote, and its button leads to the attorney profile", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(philosophy.heading);
    for (const value of philosophy.values) await expect(page.getByRole("heading", { level: 2, name: value.title })).toBeVisible();
    await expect(page.locator("figure blockquote")).toHaveText(philosophy.quote.text);

    await page.getByRole("link", { name: philosophy.profileButtonLabel }).click();
    await expect(page).toHaveURL(attorneyPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.founder.name);
  });
});

test.describe("attorney profile", () => {
  test("opens with the admissions expanded and the career highlights collapsed", async ({ page }) => {
    await gotoHydrated(page, attorneyPath);
    const { admissions, highlights, admissionsPanel, highlightsPanel } = accordion(page);
    await expectOpen(admissions, admissionsPanel, true);
    await expectOpen(highlights, highlightsPanel, false);
    for (const admission of attorney.admissions.items) await expect(admissionsPanel.getByText(admission)).toBeVisible();
  });

  test("keeps one panel open at a time, and the open one can be closed", async ({ page }) => {
    await gotoHydrated(page, attorneyPath);
    const { admissions, highlights, admissionsPanel, highlightsPanel } = accordion(page);

    // Opening the career highlights closes the admissions.
    await highlights.click();
    await expectOpen(highlights, highlightsPanel, true);
    await expectOpen(admissions, admissionsPanel, false);
    await expect(highlightsPanel.getByRole("listitem")).toHaveCount(attorney.careerHighlights.items.length);
    for (const highlight of attorney.careerHighlights.items) {
      const item = highlightsPanel.getByRole("listitem").filter({ hasText: highlight.title });
      await expect(item).toBeVisible();
      await expect(item).toContainText(highlight.issuer);
      await expect(item).toContainText(String(highlight.year));
    }

    // Opening the admissions again closes the career highlights.
    await admissions.click();
    await expectOpen(admissions, admissionsPanel, true);
    await expectOpen(highlights, highlightsPanel, false);

    // Collapsible: the open panel closes, leaving both closed.
    await admissions.click();
    await expectOpen(admissions, admissionsPanel, false);
    await expectOpen(highlights, highlightsPanel, false);
  });

  test("moves focus between headers with the arrow keys, Home and End, and toggles with Enter and Space", async ({ page }) => {
    await gotoHydrated(page, attorneyPath);
    const { admissions, highlights, admissionsPanel, highlightsPanel } = accordion(page);

    await admissions.focus();
    await page.keyboard.press("ArrowDown");
    await expect(highlights).toBeFocused();
    await page.keyboard.press("ArrowDown"); // wraps to the first header
    await expect(admissions).toBeFocused();
    await page.keyboard.press("ArrowUp"); // wraps to the last header
    await expect(highlights).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(admissions).toBeFocused();
    await page.keyboard.press("End");
    await expect(highlights).toBeFocused();
    await page.keyboard.press("Home");
    await expect(admissions).toBeFocused();

    // Moving focus changes nothing; Enter and Space do.
    await expectOpen(admissions, admissionsPanel, true);
    await expectOpen(highlights, highlightsPanel, false);
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await expectOpen(highlights, highlightsPanel, true);
    await expectOpen(admissions, admissionsPanel, false);
    await page.keyboard.press("Space");
    await expectOpen(highlights, highlightsPanel, false);
    await expect(highlights).toBeFocused();
  });

  test("hydrating the accordion moves nothing on the page", async ({ page, console }) => {
    const layout = async () => {
      await page.evaluate(() => document.fonts.ready);
      const { admissions, highlights } = accordion(page);
      const cta = page.getByRole("link", { name: attorney.closing.label });
      return Promise.all([admissions, highlights, cta].map((locator) => locator.boundingBox()));
    };

    // First the server HTML as a browser with JavaScript on shows it before any script has run…
    console.allow(/Failed to load resource/);
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto(attorneyPath);
    const serverLayout = await layout();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    // …then the same page once every island is live.
    await page.unrouteAll();
    await gotoHydrated(page, attorneyPath);
    const hydratedLayout = await layout();

    expect(serverLayout.every(Boolean)).toBe(true);
    expect(hydratedLayout).toEqual(serverLayout);
  });

  test("reserves a 500px photo area that reads the photo's note, until content/ has the portrait", async ({ page }) => {
    await gotoHydrated(page, attorneyPath);
    const { photo } = attorney;
    if (photo) {
      // The portrait the practice added, loaded, in place of the note.
      const portrait = page.getByRole("img", { name: photo.alt });
      await expect(portrait).toBeVisible();
      await expect.poll(() => portrait.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await expect(page.locator("[data-photo-placeholder]")).toHaveCount(0);
      return;
    }
    const placeholder = page.locator("[data-photo-placeholder]");
    await expect(placeholder).toHaveText(attorney.photoNote);
    expect((await placeholder.boundingBox())?.height).toBe(500);
  });

  test("opens the art portfolio in a new tab", async ({ page, context }) => {
    await context.route(`${site.links.portfolio.href}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Portfolio</title>" }),
    );
    await gotoHydrated(page, attorneyPath);
    const link = page.getByRole("link", { name: `${attorney.portfolioLabel} (opens in a new tab)` });
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    const [portfolio] = await Promise.all([page.waitForEvent("popup"), link.click()]);
    await expect(portfolio).toHaveURL(`${site.links.portfolio.href}/`);
    await expect(page).toHaveURL(attorneyPath);
  });

  test("ends with its call to action, leading to /contact", async ({ page }) => {
    await gotoHydrated(page, attorneyPath);
    await page.getByRole("link", { name: attorney.closing.label }).click();
    await expect(page).toHaveURL("/contact");
  });
});

test.describe("attorney profile without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows every admission and highlight, with no toggle arrows that could not work", async ({ page }) => {
    await page.goto(attorneyPath);
    const { admissionsPanel, highlightsPanel } = accordion(page);
    for (const admission of attorney.admissions.items) await expect(admissionsPanel.getByText(admission)).toBeVisible();
    for (const highlight of attorney.careerHighlights.items) await expect(highlightsPanel.getByText(highlight.title)).toBeVisible();
    await expect(page.locator("[data-part=item-indicator]").first()).toBeHidden();
    await expect(page.locator("[data-part=item-indicator]").last()).toBeHidden();
  });
});
