import type { Locator } from "@playwright/test";
import { attorneyPath, site } from "../src/content/site.ts";
import { routeTable } from "../scripts/lib/site-routes.ts";
import { expect, gotoHydrated, isPhone, test } from "./fixtures.ts";

test.describe("every route", () => {
  for (const route of routeTable.routes) {
    test(`${route.path} hydrates without console errors`, async ({ page }) => {
      await gotoHydrated(page, route.path);
      await expect(page).toHaveTitle(route.title);
      await expect(page.locator("h1")).toHaveCount(1);
    });
  }
});

test.describe("navigation", () => {
  test("the About dropdown opens and leads to both about pages", async ({ page }) => {
    test.skip(isPhone(page), "the dropdown is the wide-screen navigation");
    await gotoHydrated(page, "/services");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("button", { name: "About" }).click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await menu.getByRole("menuitem", { name: site.founder.name }).click();
    await expect(page).toHaveURL(attorneyPath);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "About" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the About dropdown works by keyboard", async ({ page }) => {
    test.skip(isPhone(page), "the dropdown is the wide-screen navigation");
    await gotoHydrated(page, "/");
    const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "About" });
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
    // Ark's menu keeps focus on the list and marks the active item (aria-activedescendant).
    await expect(page.getByRole("menuitem", { name: "Philosophy" })).toHaveAttribute("data-highlighted", "");
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
    for (const name of ["Home", "Philosophy", site.founder.name, "Services", "Resources", "Contact"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

    // Choosing a link closes the menu before the next page loads.
    await menu.evaluate((element) => element.addEventListener("click", (event) => event.preventDefault()));
    await menu.getByRole("link", { name: "Services" }).click();
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
      const about = menu.getByText("About", { exact: true });
      await expect(about, path).toHaveAttribute("aria-current", "page");
      expect(await highlightOf(about), path).toEqual(await highlightOf(menu.locator('a[aria-current="page"]')));
    }

    const menu = await openMenu("/services");
    const about = menu.getByText("About", { exact: true });
    await expect(about).not.toHaveAttribute("aria-current");
    expect((await highlightOf(about)).color).not.toBe((await highlightOf(menu.getByRole("link", { name: "Services" }))).color);
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
    await gotoHydrated(page, "/legal-disclaimer");
    await page.mouse.wheel(0, 1500);
    await expect(page.getByRole("banner")).toBeInViewport();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every navigation link is still reachable", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Philosophy", site.founder.name, "Services", "Resources", "Contact"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  });
});

test.describe("unknown paths", () => {
  test("show the 404 page and log the attempted path", async ({ page, console }) => {
    console.allow(/404/);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await expect.poll(() => console.errors.join("\n")).toContain("/no-such-page");
    expect(console.errors.filter((text) => text.includes("/no-such-page"))).toHaveLength(1);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });
});
