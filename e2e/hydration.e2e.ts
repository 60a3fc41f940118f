import type { Page } from "@playwright/test";
import { attorneyPath, pages, site } from "../scripts/lib/site-routes.ts";
import { carousel, next, pageTitles, skipUnlessCards, visibleCards } from "./carousel.ts";
import { expect, gotoHydrated, isPhone, test } from "./fixtures.ts";

/*
 * Islands hydrate lazily (src/islands/registry.ts): these tests check that nothing is fetched before it is
 * needed, and that what a visitor does before an island is live is not lost, however early it comes. They
 * hold an island's chunk back until the test has acted, then let it through, so nothing races a timer; and
 * they slow the CPU down, as on a cheap phone, which widens every window between the steps of hydration.
 */

/** The contact form's fields, by the labels content/pages/contact.yaml gives them. */
const { fields } = pages.contact;

const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`);
const hydratedIsland = (page: Page, name: string) => page.locator(`[data-island="${name}"][data-hydrated]`);

/** Hydration is slow on purpose here: a fourfold slower CPU. */
test.use({ actionTimeout: 15_000 });
test.beforeEach(async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
});

/**
 * Holds back the chunk of one island until `release` is called, so the test can act before it hydrates.
 * `requested` resolves once the page has asked for it (the island's trigger fired).
 */
async function holdIsland(page: Page, chunk: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(new RegExp(`/assets/${chunk}-[^/]*\\.js$`), async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { requested: asked, release };
}

/** Paths of the scripts the page requests from now on. */
function watchScripts(page: Page) {
  const scripts: string[] = [];
  page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
  return scripts;
}

/** The navigation island that applies at the page's width, and the one that does not, with their chunks. */
function navIslands(page: Page) {
  const phone = { name: "phone-nav", chunk: "PhoneNav" };
  const dropdown = { name: "nav-dropdown", chunk: "NavDropdown" };
  return isPhone(page) ? { applies: phone, other: dropdown } : { applies: dropdown, other: phone };
}

const fetched = (scripts: readonly string[], chunk: string) => scripts.some((path) => path.startsWith(`/assets/${chunk}-`));

test.describe("lazy hydration", () => {
  test("a page nobody touches runs only the small entry script", async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto("/services");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/client-[\w-]+\.js$/)]);
    await expect(page.locator("header [data-hydrated]")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    // Reaching for the header starts the navigation island of this width, and only that one.
    const nav = navIslands(page);
    await page.getByRole("banner").hover();
    await expect(hydratedIsland(page, nav.applies.name)).toHaveCount(1);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(fetched(scripts, nav.applies.chunk)).toBe(true);
    expect(fetched(scripts, nav.other.chunk)).toBe(false);
    await expect(hydratedIsland(page, nav.other.name)).toHaveCount(0);
  });

  test("with every island live, the navigation of the other width is never fetched", async ({ page }) => {
    const scripts = watchScripts(page);
    const nav = navIslands(page);
    await gotoHydrated(page, "/contact");
    await expect(hydratedIsland(page, nav.applies.name)).toHaveCount(1);
    await expect(hydratedIsland(page, "contact-form")).toHaveCount(1);
    await expect(hydratedIsland(page, nav.other.name)).toHaveCount(0);
    expect(fetched(scripts, nav.other.chunk)).toBe(false);
  });

  test("a window widened past 48rem (a tablet turned) brings the dropdown to life, and the page is live again once it is", async ({
    page,
  }) => {
    test.skip(isPhone(page), "sets its own window width");
    const scripts = watchScripts(page);
    const dropdown = await holdIsland(page, "NavDropdown");
    // One pixel below Tailwind's md breakpoint: the phone menu shows, and the visitor reaches for it.
    await page.setViewportSize({ width: 767, height: 900 });
    await page.goto("/services");
    const toggle = page.getByRole("button", { name: "Menu" });
    const about = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: site.navigation.about });
    await expect(about).toBeHidden();
    await toggle.hover();
    await expect(hydratedIsland(page, "phone-nav")).toHaveCount(1);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(fetched(scripts, "NavDropdown")).toBe(false);

    // At the breakpoint the bar shows the links and the dropdown, which now applies: the visitor has already
    // reached for the header, so it starts at once, and the page is not live until it is.
    await page.setViewportSize({ width: 768, height: 900 });
    await expect(toggle).toBeHidden();
    await expect(about).toBeVisible();
    await dropdown.requested;
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    dropdown.release();
    await expect(hydratedIsland(page, "nav-dropdown")).toHaveCount(1);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await about.click();
    await expect(page.getByRole("menuitem", { name: site.navigation.philosophy })).toBeVisible();
  });

  test("a click on About before the menu is live opens it once it is", async ({ page }) => {
    test.skip(isPhone(page), "the dropdown is the wide-screen navigation");
    const nav = await holdIsland(page, "NavDropdown");
    await page.goto("/services");
    const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: site.navigation.about });
    await trigger.click();
    await nav.requested;
    nav.release();
    await expect(page.getByRole("menu")).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    // Replayed once: it stays open.
    await page.waitForTimeout(300);
    await expect(page.getByRole("menu")).toBeVisible();
  });

  for (const key of ["Enter", "ArrowDown"] as const) {
    test(`${key} on About before the menu is live opens it once it is`, async ({ page }) => {
      test.skip(isPhone(page), "the dropdown is the wide-screen navigation");
      const nav = await holdIsland(page, "NavDropdown");
      await page.goto("/");
      const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: site.navigation.about });
      await trigger.focus();
      await page.keyboard.press(key);
      await nav.requested;
      nav.release();
      await expect(page.getByRole("menu")).toBeVisible();
      // Enter makes a click, replayed as one; Arrow Down is replayed as itself, and opens on the first item.
      if (key === "ArrowDown")
        await expect(page.getByRole("menuitem", { name: site.navigation.philosophy })).toHaveAttribute("data-highlighted", "");
    });
  }

  test("a tap on Menu before the menu is live opens it once it is", async ({ page }) => {
    test.skip(!isPhone(page), "the toggle is the phone navigation");
    const nav = await holdIsland(page, "PhoneNav");
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await nav.requested;
    nav.release();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`)).toBeVisible();
  });

  test("the carousel hydrates when it scrolls near, not before", async ({ page }) => {
    skipUnlessCards(1, "a carousel on the home page");
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
    await expect(page.locator("header [data-hydrated]")).toHaveCount(0);
  });

  test(`the carousel's first click on "next", before it is live, turns the page`, async ({ page }) => {
    test.skip(isPhone(page), "the arrows show from 768px");
    skipUnlessCards(3, "a second page at two cards a page");
    // Two cards a page, so "next" has a page to go to; the island first renders one a page, as the server
    // did, then two, and Ark refreshes its snap points as that layout settles: the moment a click was lost.
    await page.setViewportSize({ width: 800, height: 900 });
    const chunk = await holdIsland(page, "ArticleCarousel");
    await page.goto("/");
    await carousel(page).evaluate((element) => element.scrollIntoView({ behavior: "instant", block: "center" }));
    await chunk.requested;
    await next(page).click();
    chunk.release();
    await expect.poll(() => visibleCards(page)).toEqual(pageTitles(1, 2));
    await expect(carousel(page).getByRole("button", { name: "Show page 2" })).toHaveAttribute("aria-current", "true");
  });

  test("a click on an accordion header before it is live is replayed", async ({ page }) => {
    const accordion = await holdIsland(page, "CredentialsAccordion");
    await page.goto(attorneyPath);
    const highlights = page.getByRole("button", { name: pages.attorney.careerHighlights.heading, exact: true });
    const before = await highlights.getAttribute("aria-expanded");
    await highlights.click();
    await accordion.requested;
    accordion.release();
    await expect(hydratedIsland(page, "credentials-accordion")).toHaveCount(1);
    await expect(highlights).toHaveAttribute("aria-expanded", before === "true" ? "false" : "true");
  });

  test("Arrow Down on an accordion header before it is live moves to the next header", async ({ page }) => {
    const accordion = await holdIsland(page, "CredentialsAccordion");
    await page.goto(attorneyPath);
    await page.getByRole("button", { name: pages.attorney.admissions.heading, exact: true }).focus();
    await page.keyboard.press("ArrowDown");
    await accordion.requested;
    accordion.release();
    await expect(page.getByRole("button", { name: pages.attorney.careerHighlights.heading, exact: true })).toBeFocused();
  });

  test("the contact form fetches its checks (the zod schema) when the visitor starts typing, not before", async ({ page }) => {
    const scripts = watchScripts(page);
    await gotoHydrated(page, "/contact");
    await page.getByLabel(fields.name.label).focus();
    await page.waitForLoadState("networkidle");
    expect(fetched(scripts, "schema")).toBe(false);
    await page.keyboard.type("A");
    await expect.poll(() => fetched(scripts, "schema")).toBe(true);
  });

  test("what is typed into the contact form before it is live is what it sends", async ({ page }) => {
    const form = await holdIsland(page, "ContactForm");
    await page.goto("/contact");
    const id = `early-${Date.now()}`;
    await page.getByLabel(fields.name.label).fill(`Visitor ${id}`);
    await page.getByLabel(fields.email.label).fill(`${id}@example.com`);
    await page.getByLabel(fields.message.label).fill("Typed before the form was live.");
    await form.requested;
    await expect(hydratedIsland(page, "contact-form")).toHaveCount(0);
    form.release();
    await expect(hydratedIsland(page, "contact-form")).toHaveCount(1);
    await expect(page.getByLabel(fields.name.label)).toHaveValue(`Visitor ${id}`);
    await page.getByRole("button", { name: pages.contact.submitLabel }).click();
    await expect(page.getByRole("status").filter({ hasText: pages.contact.outcomes.sent.title })).toBeVisible();
    await expect(page.getByLabel(fields.name.label)).toHaveValue("");
    await expect(page).toHaveURL("/contact");
  });
});
