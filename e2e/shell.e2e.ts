import type { Locator } from "@playwright/test";
import { attorneyPath, navLinks, pages, routeTable, site } from "../scripts/lib/site-routes.ts";
import { expect, gotoHydrated, isPhone, test } from "./fixtures.ts";

const { navigation } = site;
/** The legal notice with the most sections: the longest page there is to scroll. */
const longestLegal = routeTable.byKind.legal.toSorted((a, b) => b.params.notice.sections.length - a.params.notice.sections.length)[0];

test.describe("navigation", () => {
  test("the About dropdown opens and leads to both about pages", async ({ page }) => {
    test.skip(isPhone(page), "the dropdown is the wide-screen navigation");
    await gotoHydrated(page, "/services");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: navigation.services, exact: true })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("button", { name: navigation.about }).click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await menu.getByRole("menuitem", { name: site.founder.name }).click();
    await expect(page).toHaveURL(attorneyPath);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: navigation.about })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the About dropdown works by keyboard", async ({ page }) => {
    test.skip(isPhone(page), "the dropdown is the wide-screen navigation");
    await gotoHydrated(page, "/");
    const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: navigation.about });
    await trigger.focus();
    await page.keyboard.press("Enter");
    // Like a person, wait until the menu has opened (and taken focus) before pressing the next key.
    await expect(page.getByRole("menu")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(trigger).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menu")).toBeVisible();
    // Ark's menu keeps focus on the list and marks the active item (aria-activedescendant). The list takes
    // focus a frame after it opens: Enter before that would reach the trigger.
    await expect(page.getByRole("menuitem", { name: navigation.philosophy })).toHaveAttribute("data-highlighted", "");
    await expect(page.getByRole("menu")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/about");
  });

  test("on a phone, the toggle opens a stacked menu that closes when a link is chosen", async ({ page }) => {
    test.skip(!isPhone(page), "the toggle is the phone navigation");
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menuId = await toggle.getAttribute("aria-controls");
    const menu = page.locator(`[id="${menuId}"]`);
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    for (const { label } of navLinks) await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: navigation.home, exact: true })).toHaveAttribute("aria-current", "page");

    // Choosing a link closes the menu before the next page loads.
    await menu.evaluate((element) => element.addEventListener("click", (event) => event.preventDefault()));
    await menu.getByRole("link", { name: navigation.services, exact: true }).click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    await toggle.click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test("on a phone, About is highlighted in the menu on either about route, as the current link is", async ({ page }) => {
    test.skip(!isPhone(page), "the toggle is the phone navigation");
    /** What highlights an entry: its colour and its underline. */
    const highlightOf = (locator: Locator) =>
      locator.evaluate((element) => ({ color: getComputedStyle(element).color, underline: getComputedStyle(element).textDecorationLine }));
    const openMenu = async (path: string) => {
      await gotoHydrated(page, path);
      const toggle = page.getByRole("button", { name: "Menu" });
      await toggle.click();
      return page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    };

    for (const path of ["/about", attorneyPath]) {
      const menu = await openMenu(path);
      const about = menu.getByText(navigation.about, { exact: true });
      await expect(about, path).toHaveAttribute("aria-current", "page");
      expect(await highlightOf(about), path).toEqual(await highlightOf(menu.locator('a[aria-current="page"]')));
    }

    const menu = await openMenu("/services");
    const about = menu.getByText(navigation.about, { exact: true });
    await expect(about).not.toHaveAttribute("aria-current");
    expect((await highlightOf(about)).color).not.toBe(
      (await highlightOf(menu.getByRole("link", { name: navigation.services, exact: true }))).color,
    );
  });

  test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await gotoHydrated(page, "/resources");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });

  test("the header stays in view while the page scrolls", async ({ page }) => {
    test.skip(!longestLegal, "needs a legal notice, the longest page, in content/legal");
    await gotoHydrated(page, longestLegal!.path);
    await page.mouse.wheel(0, 1500);
    // The page did scroll, or the header would be in view anyway.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(page.getByRole("banner")).toBeInViewport();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every navigation link is still reachable", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const { label } of navLinks) await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    // On a phone those links take rows of their own: the header scrolls away rather than cover half the screen.
    if (page.viewportSize()!.width < 768) {
      await page.mouse.wheel(0, 1500);
      await expect(page.getByRole("banner")).not.toBeInViewport();
    }
  });
});

test.describe("unknown paths", () => {
  test("show the 404 page and log the attempted path", async ({ page, console }) => {
    console.allow(/404/);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.errors.notFound.heading);
    await expect.poll(() => console.errors.join("\n")).toContain("/no-such-page");
    expect(console.errors.filter((text) => text.includes("/no-such-page"))).toHaveLength(1);
    await page.getByRole("link", { name: pages.errors.homeLabel }).click();
    await expect(page).toHaveURL("/");
  });
});
