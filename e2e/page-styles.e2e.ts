import type { Page } from "@playwright/test";
import { attorneyPath, pagePathsToCheck } from "../scripts/lib/site-routes.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

/*
 * Each page inlines only the rules its own markup uses (src/page-styles); the island loader brings the whole
 * stylesheet before anything on the page changes. Both halves are checked as a visitor would see them.
 */

/** The whole stylesheet's address, as the page names it. */
const wholeStylesheet = (page: Page) => page.locator("style[data-full-stylesheet]").getAttribute("data-full-stylesheet");

test("each kind of page looks the same with its inlined rules alone as with the whole stylesheet", async ({ page, console }) => {
  test.setTimeout(120_000);
  // The pages every site has, whatever content/ holds, are among them (and the 404 page).
  expect(pagePathsToCheck, "pages of the route table").toEqual(
    expect.arrayContaining(["/", "/about", attorneyPath, "/services", "/resources", "/contact", "/no-such-page"]),
  );
  // No script: the island loader would bring the whole sheet itself.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  console.allow(/Failed to load resource/);

  // One pixel a CSS pixel: at the phone's 2.6 device pixels to one, a full page's picture is 7 times the
  // pixels to draw and encode, and a rule missing still changes it (a 0.2 px letter-spacing, a 0.4 px
  // border, a colour one step off, all tried).
  const picture = () => page.screenshot({ fullPage: true, animations: "disabled", scale: "css" });
  const differing: string[] = [];
  for (const path of pagePathsToCheck) {
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    const inlinedOnly = await picture();
    const href = await wholeStylesheet(page);
    expect(href, `${path} names its whole stylesheet`).toMatch(/^\/assets\/styles-[\w-]+\.css$/);
    await page.addStyleTag({ url: href! });
    await page.evaluate(() => document.fonts.ready);
    const whole = await picture();
    if (!whole.equals(inlinedOnly)) differing.push(path);
  }
  expect(differing, "pages that change once the whole stylesheet is added").toEqual([]);
});

test("the page inlines a part of the stylesheet, allowed by its hash", async ({ page }) => {
  const response = await page.goto("/");
  const inlined = await page.locator("style[data-full-stylesheet]").textContent();
  const whole = await (await page.request.get((await wholeStylesheet(page))!)).text();
  expect(inlined!.length).toBeGreaterThan(1000);
  expect(inlined!.length, "inlined bytes against the whole sheet's").toBeLessThan(whole.length * 0.8);
  const digest = await page.evaluate(
    async (css) => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(css))))),
    inlined!,
  );
  expect(response!.headers()["content-security-policy"]).toContain(`style-src 'self' 'sha256-${digest}'`);
});

test("the whole stylesheet is in place before any island is live", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  const href = await wholeStylesheet(page);
  const applied = await page.evaluate(
    (href) => Array.from(document.styleSheets).some((sheet) => sheet.href !== null && new URL(sheet.href).pathname === href),
    href,
  );
  expect(applied, "the whole stylesheet is among the page's sheets").toBe(true);
});
