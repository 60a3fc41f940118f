import type { Page } from "@playwright/test";
import { attorneyPath } from "../src/content/site.ts";
import { expect, isPhone, test } from "./fixtures.ts";

/*
 * Islands hydrate lazily (src/islands/triggers.ts): these tests check that nothing is fetched before it is
 * needed, and that what a visitor does before an island is live is not lost.
 */

const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`);
const hydratedIsland = (page: Page, name: string) => page.locator(`[data-island="${name}"][data-hydrated]`);

/** Holds back the chunk of one island, so the test can act before it hydrates. */
async function delayIsland(page: Page, chunk: string, ms = 700) {
  const held: string[] = [];
  await page.route(new RegExp(`/assets/${chunk}-[^/]*\\.js$`), async (route) => {
    held.push(route.request().url());
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
  return held;
}

/** Paths of the scripts the page requests from now on. */
function watchScripts(page: Page) {
  const scripts: string[] = [];
  page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
  return scripts;
}

test.describe("lazy hydration", () => {
  test("a page nobody touches runs only the small entry script", async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto("/services");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/client-[\w-]+\.js$/)]);
    await expect(hydratedIsland(page, "site-nav")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    // Reaching for the header starts the navigation island.
    await page.getByRole("banner").hover();
    await expect(hydratedIsland(page, "site-nav")).toHaveCount(1);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(scripts.some((path) => /\/SiteNav-/.test(path))).toBe(true);
  });

  test("a click on About before the menu is live opens it once it is", async ({ page }) => {
    test.skip(isPhone(page), "the dropdown is the wide-screen navigation");
    const held = await delayIsland(page, "SiteNav");
    await page.goto("/services");
    const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "About" });
    await trigger.click();
    expect(held).toHaveLength(1);
    await expect(page.getByRole("menu")).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    // Replayed once: it stays open.
    await page.waitForTimeout(300);
    await expect(page.getByRole("menu")).toBeVisible();
  });

  test("Enter on About before the menu is live opens it once it is", async ({ page }) => {
    test.skip(isPhone(page), "the dropdown is the wide-screen navigation");
    await delayIsland(page, "SiteNav");
    await page.goto("/");
    const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "About" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
  });

  test("a tap on Menu before the menu is live opens it once it is", async ({ page }) => {
    test.skip(!isPhone(page), "the toggle is the phone navigation");
    const held = await delayIsland(page, "SiteNav");
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    expect(held).toHaveLength(1);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`)).toBeVisible();
  });

  test("the carousel hydrates when it scrolls near, not before", async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const carousel = island(page, "article-carousel");
    const farBelow = await carousel.evaluate((root) => root.firstElementChild!.getBoundingClientRect().top > window.innerHeight + 200);
    if (farBelow) {
      await expect(hydratedIsland(page, "article-carousel")).toHaveCount(0);
      expect(scripts.some((path) => /\/ArticleCarousel-/.test(path))).toBe(false);
    }
    await page.getByRole("region", { name: "Articles" }).evaluate((element) => element.scrollIntoView({ behavior: "instant" }));
    await expect(hydratedIsland(page, "article-carousel")).toHaveCount(1);
    // Nothing else was started by scrolling.
    await expect(hydratedIsland(page, "site-nav")).toHaveCount(0);
  });

  test("a click on an accordion header before it is live is replayed", async ({ page }) => {
    await delayIsland(page, "CredentialsAccordion");
    await page.goto(attorneyPath);
    const highlights = page.getByRole("button", { name: "Career Highlights" });
    const before = await highlights.getAttribute("aria-expanded");
    await highlights.click();
    await expect(hydratedIsland(page, "credentials-accordion")).toHaveCount(1);
    await expect(highlights).toHaveAttribute("aria-expanded", before === "true" ? "false" : "true");
  });

  test("what is typed into the contact form before it is live is what it sends", async ({ page }) => {
    await delayIsland(page, "ContactForm", 1000);
    await page.goto("/contact");
    const id = `early-${Date.now()}`;
    await page.getByLabel("Name *").fill(`Visitor ${id}`);
    await page.getByLabel("Email *").fill(`${id}@example.com`);
    await page.getByLabel("Message *").fill("Typed before the form was live.");
    await expect(hydratedIsland(page, "contact-form")).toHaveCount(0);
    await expect(hydratedIsland(page, "contact-form")).toHaveCount(1);
    await expect(page.getByLabel("Name *")).toHaveValue(`Visitor ${id}`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toBeVisible();
    await expect(page.getByLabel("Name *")).toHaveValue("");
    await expect(page).toHaveURL("/contact");
  });
});
