import type { Locator, Page } from "@playwright/test";
import { attorneyPath, navLinks, pages, routeTable, routesToCheck, site } from "../scripts/lib/site-routes.ts";
import { fieldSpecs } from "../src/contact/fields.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { skipUnlessCards } from "./carousel.ts";
import { type ColourWindow, installColour } from "./colour.ts";
import { watchCspViolations } from "./csp.ts";
import { type ConsoleRecord, expect, gotoHydrated, isPhone, ownClientAddress, test } from "./fixtures.ts";

/*
 * WCAG 2.2 AA in the browser: axe-core on each kind of page and on each interactive state, plus the checks axe
 * cannot make on its own (focus never under the sticky header, a visible focus indicator with 3:1 contrast,
 * 24px targets, fields tied to their errors, polite toasts) and every interaction by keyboard alone. The one
 * visit a page and width also reads the browser's Content-Security-Policy reports (see security.e2e.ts).
 */

/** Each kind of page (scripts/lib/site-routes.ts: routesToCheck) and the 404 page. */
const everyPage = [...routesToCheck, { ...routeTable.notFound, path: "/no-such-page" }];
const paths = everyPage.map((route) => route.path);

const { navigation } = site;
const { attorney, contact } = pages;
const { outcomes } = contact;
/** The legal notice with the most sections: the longest page, with the most links in its contents. */
const longestLegal = routeTable.byKind.legal.toSorted((a, b) => b.params.notice.sections.length - a.params.notice.sections.length)[0];

// The in-page checks below (focus indicators, hidden text) measure contrast with these tools.
test.beforeEach(({ page }) => page.addInitScript(installColour));

/** Loads a page once its islands have hydrated; the 404 page's expected console error is allowed. */
async function open(page: Page, console: ConsoleRecord & { allow(pattern: RegExp): void }, path: string) {
  if (path === "/no-such-page") console.allow(/404 Error: User attempted to access non-existent route|status of 404/);
  await gotoHydrated(page, path);
}

/**
 * Runs in the page: shown text that is hidden from assistive technology (breadcrumb separators and the like),
 * which axe leaves out of its contrast check, below WCAG's 4.5:1 (3:1 for large text) against what is behind it.
 */
function faintHiddenText(): string[] {
  const { rgba, backgroundOf, contrast } = (window as unknown as ColourWindow).colour;
  const faint: string[] = [];
  for (const element of document.querySelectorAll<HTMLElement>("[aria-hidden='true']")) {
    const text = Array.from(element.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join("")
      .trim();
    if (text === "" || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const style = getComputedStyle(element);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const ratio = contrast(rgba(style.color), backgroundOf(element));
    if (ratio < (large ? 3 : 4.5)) faint.push(`"${text.slice(0, 20)}" ${ratio.toFixed(2)}:1`);
  }
  return faint;
}

/**
 * Each page, loaded once (hydrated, with no console error or warning: the fixture's check) for the checks
 * that need nothing but the page: its title and one h1, axe, the size of every target, a walk through every
 * focus stop (the functions they run are below), and no Content-Security-Policy violation.
 */
test.describe("each kind of page", () => {
  const lastLegal = routeTable.byKind.legal.at(-1);

  for (const { path, title } of everyPage) {
    test(`${path}: its title and one h1, axe finds nothing, every target is 24 by 24 pixels or more, every focus stop is in view with a visible indicator, nothing refused by its CSP`, async ({
      page,
      console,
    }) => {
      const cspViolations = await watchCspViolations(page);
      // Without smooth scrolling: a Tab pressed while the glide to the previous stop is still under way can
      // cut the next glide short, leaving the stop out of view on a busy machine (once, on a phone's /services).
      await page.emulateMedia({ reducedMotion: "reduce" });
      await open(page, console, path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator("h1")).toHaveCount(1);
      await expectNoAxeViolations(page, path);
      expect(await page.evaluate(faintHiddenText), "text hidden from assistive technology, below 4.5:1").toEqual([]);
      expect(await page.evaluate(smallTargets), "targets under 24 by 24 pixels").toEqual([]);
      const stops = await tabThroughPage(page);
      expect(stops.length).toBeGreaterThan(5);
      // The footer ends with the legal notices' links: the whole page was walked.
      if (lastLegal) expect(stops.at(-1)).toContain(lastLegal.crumb);
      expect(await cspViolations(), "Content-Security-Policy violations").toEqual([]);
    });
  }
});

test.describe("axe finds nothing", () => {
  test("with the About dropdown open", async ({ page }) => {
    test.skip(isPhone(page), "the dropdown is the wide-screen navigation");
    await gotoHydrated(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: navigation.about }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoAxeViolations(page, "About dropdown open");
  });

  test("with the mobile menu open", async ({ page }) => {
    test.skip(!isPhone(page), "the toggle is the phone navigation");
    await gotoHydrated(page, "/services");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("link", { name: navigation.resources, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "mobile menu open");
  });

  test("with each accordion panel open, and with both closed", async ({ page }) => {
    await gotoHydrated(page, attorneyPath);
    const highlights = { name: attorney.careerHighlights.heading, exact: true };
    await expectNoAxeViolations(page, "admissions open");
    await page.getByRole("button", highlights).click();
    await expect(page.getByRole("region", highlights)).toBeVisible();
    await expectNoAxeViolations(page, "career highlights open");
    await page.getByRole("button", highlights).click();
    await expect(page.getByRole("region", highlights)).toBeHidden();
    await expectNoAxeViolations(page, "both panels closed");
  });

  test("with inline errors and the missing-information toast", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await contactFields(page).send.click();
    await expect(toastNamed(page, outcomes.missing.title)).toBeVisible();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await expectNoAxeViolations(page, "contact form with errors and a toast");
  });

  test("with the message-sent toast", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 201, contentType: "application/json", body: '{"ok":true}' }));
    await fillContact(page);
    await contactFields(page).send.click();
    await expect(toastNamed(page, outcomes.sent.title)).toBeVisible();
    await expectNoAxeViolations(page, "contact form with the success toast");
  });

  test("with the error toast", async ({ page, console }) => {
    console.allow(/Contact form submission failed|status of 500/);
    // Without smooth scrolling: where the scroll to one field ends must not depend on whether the glide to the
    // previous one had finished (a textarea is scrolled to its caret, so a glide cut short can leave its lower
    // part behind the toast, though the caret shows).
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page, "/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"storage_failed"}' }),
    );
    await fillContact(page);
    await contactFields(page).send.click();
    await expect(toastNamed(page, outcomes.error.title)).toContainText(outcomes.error.description);
    await expectNoAxeViolations(page, "contact form with the error toast");
  });
});

async function fillContact(page: Page) {
  const { name, email, message } = contactFields(page);
  await name.fill("Ada Lovelace");
  await email.fill("ada@example.com");
  await message.fill("A question about licensing.");
}

/** What the focused element looks like: where it is, whether the header covers it, and its focus indicator. */
interface FocusReport {
  readonly name: string;
  readonly inHeader: boolean;
  readonly top: number;
  readonly bottom: number;
  readonly headerBottom: number;
  readonly viewportHeight: number;
  /** Whether a toast (fixed at the bottom of the window) overlaps it. */
  readonly underToast: boolean;
  /** Contrast of the focus indicator (outline, or the ring of the card a card link covers) with what surrounds it; 0 for none. */
  readonly indicatorContrast: number;
}

/** Runs in the page: reports on document.activeElement (null when focus is on the body). */
function reportFocus(): FocusReport | null {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body) return null;
  const { rgba, backgroundOf, contrast } = (window as unknown as ColourWindow).colour;

  let indicatorContrast = 0;
  const style = getComputedStyle(element);
  if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) {
    const outline = rgba(style.outlineColor);
    // An outline drawn outside the element lies over its parent; one drawn inside, over the element itself.
    const behind = backgroundOf(parseFloat(style.outlineOffset) < 0 ? element : element.parentElement);
    const mix = (channel: "r" | "g" | "b") => outline[channel] * outline.a + behind[channel] * (1 - outline.a);
    indicatorContrast = contrast({ r: mix("r"), g: mix("g"), b: mix("b"), a: 1 }, behind);
  } else {
    // A link that covers its whole card (::after) shows focus as a ring on the card.
    const card = element.closest("article");
    const ring = card ? getComputedStyle(card).boxShadow : "none";
    const color = ring.match(/(rgba?|color|oklab|oklch)\([^)]*\)/)?.[0];
    if (card && color) indicatorContrast = contrast(rgba(color), backgroundOf(card.parentElement));
  }

  const header = document.querySelector("body > header")!.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  const underToast = Array.from(document.querySelectorAll("[data-scope=toast][data-part=root]")).some((toast) => {
    if (toast.contains(element)) return false;
    const over = toast.getBoundingClientRect();
    return over.left < box.right && box.left < over.right && over.top < box.bottom && box.top < over.bottom;
  });
  const name = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
  return {
    name,
    inHeader: Boolean(element.closest("body > header")) || element.matches("a[href='#main']"),
    top: box.top,
    bottom: box.bottom,
    headerBottom: header.bottom,
    viewportHeight: window.innerHeight,
    underToast,
    indicatorContrast: Math.round(indicatorContrast * 100) / 100,
  };
}

/** What is wrong with where the focused element is and how it shows focus, or "ok". */
function focusProblem(focus: FocusReport): string {
  if (!focus.inHeader && focus.top < focus.headerBottom - 0.5)
    return `${focus.name}: top ${focus.top} is under the header (bottom ${focus.headerBottom})`;
  // A tall field may run past the window's bottom edge (its caret is what the browser scrolls to), but it shows.
  if (focus.top + Math.min(focus.bottom - focus.top, 24) > focus.viewportHeight + 0.5)
    return `${focus.name}: top ${focus.top} is below the window (${focus.viewportHeight})`;
  if (focus.underToast) return `${focus.name}: under a toast`;
  if (focus.indicatorContrast < 3) return `${focus.name}: focus indicator contrast ${focus.indicatorContrast}`;
  return "ok";
}

/**
 * Runs in the page: the focused element's report, and where it stands among the elements focused so far
 * (-1 the first time it is reached).
 */
function recordFocus(): { focus: FocusReport; visit: number } | null {
  const focus = (window as unknown as { reportFocus: typeof reportFocus }).reportFocus();
  if (!focus) return null;
  const seen = ((window as unknown as { tabStops?: Element[] }).tabStops ??= []);
  const visit = seen.indexOf(document.activeElement!);
  if (visit < 0) seen.push(document.activeElement!);
  return { focus, visit };
}

/**
 * Tabs through the whole page from where focus is and checks every stop: it is reached once (no Tab
 * cycle), ends up in the window, not under the sticky header nor a toast (WCAG 2.4.11), and shows a focus
 * indicator of at least 3:1 against its surroundings (WCAG 2.4.7 with 1.4.11). Returns the stops' names.
 */
async function tabThroughPage(page: Page) {
  await page.evaluate(`window.reportFocus = ${reportFocus.toString()}`);
  const stops: string[] = [];
  for (let presses = 0; presses < 250; presses++) {
    await page.keyboard.press("Tab");
    const reached = await page.evaluate(recordFocus);
    if (!reached) break;
    const { focus, visit } = reached;
    // Each element is reached once; reaching the first stop again means Tab went round the whole page.
    if (visit === 0) break;
    expect(visit, `Tab came back to ${focus.name} instead of going on`).toBe(-1);
    stops.push(focus.name);
    if (focusProblem(focus) === "ok") continue;
    // Scrolling to the focused element may glide (smooth scrolling) and a focus ring may fade in, so poll.
    await expect
      .poll(async () => focusProblem((await page.evaluate(reportFocus))!), { message: `focus stop ${stops.length}: ${focus.name}` })
      .toBe("ok");
  }
  return stops;
}

test.describe("keyboard focus", () => {
  test("following an in-page link, the section heading lands below the sticky header", async ({ page }) => {
    test.skip(
      (longestLegal?.params.notice.sections.length ?? 0) < 7,
      "needs a legal notice of seven sections or more, to follow the seventh",
    );
    await gotoHydrated(page, longestLegal!.path);
    const link = page.getByRole("navigation", { name: "On this page" }).getByRole("link").nth(6);
    const target = (await link.getAttribute("href"))!;
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    const header = (await page.locator("body > header").boundingBox())!;
    await expect.poll(async () => (await page.locator(target).boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  });

  test("with an error toast showing, no focus stop is under it", async ({ page, console }) => {
    console.allow(/Contact form submission failed|status of 500/);
    // Without smooth scrolling: where the scroll to one field ends must not depend on whether the glide to the
    // previous one had finished (a textarea is scrolled to its caret, so a glide cut short can leave its lower
    // part behind the toast, though the caret shows).
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page, "/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"storage_failed"}' }),
    );
    await fillContact(page);
    await contactFields(page).send.click();
    await expect(toastNamed(page, outcomes.error.title)).toBeVisible();
    // Walk the page again from its top, the toast still showing.
    await page.getByRole("link", { name: "Skip to main content" }).focus();
    const stops = await tabThroughPage(page);
    expect(stops).toContain('button "Dismiss notification"');
  });

  test("on the narrowest screen (320px), the header stays shorter than the scroll padding and focus stays below it", async ({ page }) => {
    test.skip(isPhone(page), "sets its own window width");
    test.skip(!longestLegal, "needs a legal notice, a long page, in content/legal");
    await page.setViewportSize({ width: 320, height: 640 });
    await gotoHydrated(page, longestLegal!.path);
    const { header, padding } = await page.evaluate(() => ({
      header: document.querySelector("body > header")!.getBoundingClientRect().height,
      padding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
    }));
    expect(header).toBeLessThanOrEqual(padding);
    await tabThroughPage(page);
  });
});

/**
 * Runs in the page: every pointer target (link, button, field) that is shown and is smaller than 24 by 24
 * CSS pixels, except links inside running text, which WCAG 2.5.8 exempts ("the target is in a sentence
 * or its size is otherwise constrained by the line-height of non-target text"). A link counts as inline
 * text when it is displayed inline and its block holds words other than its own.
 */
function smallTargets(): string[] {
  const targets = document.querySelectorAll<HTMLElement>(
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=menuitem], [tabindex]:not([tabindex='-1'])",
  );
  const blockOf = (element: HTMLElement) => {
    let node = element.parentElement;
    while (node && getComputedStyle(node).display.startsWith("inline")) node = node.parentElement;
    return node;
  };
  const small: string[] = [];
  for (const target of targets) {
    if (!target.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const box = target.getBoundingClientRect();
    // Visually hidden (the skip link until focused): not a target anyone can see or point at.
    if (getComputedStyle(target).clipPath === "inset(50%)" || (box.width <= 1 && box.height <= 1)) continue;
    if (box.width >= 24 && box.height >= 24) continue;
    if (target.matches("a") && getComputedStyle(target).display === "inline") {
      const ownWords = (target.textContent ?? "").trim();
      const blockWords = (blockOf(target)?.textContent ?? "").replace(/\s+/g, " ").trim();
      if (blockWords.length > ownWords.length) continue;
    }
    small.push(
      `${target.tagName.toLowerCase()} "${(target.getAttribute("aria-label") ?? target.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
    );
  }
  return small;
}

/* Measured at the phone's width (and at the desktop's, where the dropdown is). */
test.describe("target size (WCAG 2.5.8)", () => {
  test("with the mobile menu or the dropdown open, and with a toast showing", async ({ page }) => {
    await gotoHydrated(page, "/");
    if (isPhone(page)) await page.getByRole("button", { name: "Menu" }).click();
    else await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: navigation.about }).click();
    expect(await page.evaluate(smallTargets)).toEqual([]);

    await gotoHydrated(page, "/contact");
    await contactFields(page).send.click();
    await expect(page.getByRole("button", { name: "Dismiss notification" })).toBeVisible();
    expect(await page.evaluate(smallTargets)).toEqual([]);
  });
});

test.describe("reflow (WCAG 1.4.10)", () => {
  test("no page scrolls sideways at 320 CSS pixels", async ({ page, console }) => {
    test.skip(isPhone(page), "sets its own window width");
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of paths) {
      await open(page, console, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
  });
});

function contactFields(page: Page) {
  const { fields } = contact;
  return {
    name: page.getByRole("textbox", { name: fields.name.label }),
    email: page.getByRole("textbox", { name: fields.email.label }),
    organization: page.getByRole("textbox", { name: fields.organization.label }),
    message: page.getByRole("textbox", { name: fields.message.label }),
    send: page.getByRole("button", { name: contact.submitLabel }),
  };
}

test.describe("the contact form's labels and errors", () => {
  test("each field is named by its label; required ones say so", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const { name, email, organization, message } = contactFields(page);
    for (const field of [name, email, message]) await expect(field).toHaveAttribute("aria-required", "true");
    await expect(organization).not.toHaveAttribute("aria-required", "true");
    for (const field of [name, email, organization, message]) {
      await expect(field).not.toHaveAttribute("aria-invalid");
      await expect(field).toHaveAccessibleDescription("");
    }
  });

  test("an error is shown under its field and read as the field's description until it is corrected", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const { name, email, organization, message, send } = contactFields(page);
    await send.click();
    for (const [field, text] of [
      [name, "Please enter your name."],
      [email, "Please enter your e-mail address."],
      [message, "Please enter a message."],
    ] as const) {
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(text);
      // The description is the text shown right under the field.
      const describedBy = (await field.getAttribute("aria-describedby"))!;
      await expect(page.locator(`[id="${describedBy}"]`)).toBeVisible();
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(text);
    }
    await expect(organization).not.toHaveAttribute("aria-invalid");
    await expect(name).toBeFocused();

    await name.fill("Ada");
    await expect(name).not.toHaveAttribute("aria-invalid");
    await expect(name).toHaveAccessibleDescription("");
    await expect(page.getByText("Please enter your name.")).toHaveCount(0);
    await expect(email).toHaveAccessibleDescription("Please enter your e-mail address.");
  });

  test("without JavaScript, the server's answer ties each error to its field the same way", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await ownClientAddress(page);
    await page.goto("/contact");
    await contactFields(page).organization.fill("Studio");
    await contactFields(page).send.click();
    await expect(page.getByRole("alert")).toContainText(outcomes.missing.title);
    await expect(contactFields(page).name).toHaveAccessibleDescription("Please enter your name.");
    await expect(contactFields(page).message).toHaveAttribute("aria-invalid", "true");
    await context.close();
  });
});

const toastRegion = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const toastNamed = (page: Page, title: string) => toastRegion(page).getByRole("status").filter({ hasText: title });

test.describe("toasts", () => {
  test("are announced politely: added to a polite live region that is on the page before any toast", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const region = toastRegion(page);
    // A live region only announces changes made after it exists, so it must be there, empty, from the start.
    await expect(region).toHaveAttribute("aria-live", "polite");
    await expect(region).toBeAttached();
    await expect(region.getByRole("status")).toHaveCount(0);

    await contactFields(page).send.click();
    const toast = toastNamed(page, outcomes.missing.title);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute("role", "status");
    await expect(toast).toHaveAccessibleName(outcomes.missing.title);
    await expect(toast).toHaveAccessibleDescription(outcomes.missing.description);
    // Polite, never assertive: nothing on the page interrupts the reader.
    await expect(page.locator("[aria-live=assertive], [role=alert]")).toHaveCount(0);
    // The toast does not take focus: the first field to fix has it.
    await expect(contactFields(page).name).toBeFocused();
  });

  test("an error stays until it is dismissed; a new outcome replaces the last one", async ({ page, console }) => {
    console.allow(/Contact form submission failed|status of 500/);
    await gotoHydrated(page, "/contact");
    await contactFields(page).send.click();
    await expect(toastNamed(page, outcomes.missing.title)).toBeVisible();

    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"storage_failed"}' }),
    );
    await fillContact(page);
    await contactFields(page).send.click();
    await expect(toastNamed(page, outcomes.error.title)).toBeVisible();
    await expect(toastNamed(page, outcomes.missing.title)).toHaveCount(0);

    // Longer than the success toast's six seconds: still there.
    await page.clock.install();
    await page.clock.fastForward(20_000);
    await expect(toastNamed(page, outcomes.error.title)).toBeVisible();
  });
});

test.describe("by keyboard alone", () => {
  test("the mobile menu opens, is walked in order, closes with Escape back on its toggle, and closes when focus leaves it", async ({
    page,
  }) => {
    test.skip(!isPhone(page), "the toggle is the phone navigation");
    await gotoHydrated(page, "/services");
    const toggle = page.getByRole("button", { name: "Menu" });
    const menu = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);

    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab"); // brand
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();

    // Tab walks the menu's links in order.
    for (const { label: name } of navLinks.slice(0, 4)) {
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link", { name, exact: true })).toBeFocused();
    }
    // Escape closes it and gives focus back to the toggle (not to the page's top).
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    // Space opens it again; Shift+Tab back to the toggle keeps it open.
    await page.keyboard.press("Space");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(toggle).toBeFocused();
    await expect(menu).toBeVisible();

    // Tabbing past the last link closes the menu, so it never covers the focused element behind it.
    for (let i = 0; i < navLinks.length; i++) await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: navLinks.at(-1)!.label, exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: pages.home.crumb, exact: true }),
    ).toBeFocused();

    // Enter on a link follows it.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/about");
  });

  test("the About dropdown shows which item is highlighted, walks its items and follows one", async ({ page }) => {
    test.skip(isPhone(page), "the dropdown is the wide-screen navigation");
    await gotoHydrated(page, "/services");
    const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: navigation.about });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const philosophy = page.getByRole("menuitem", { name: navigation.philosophy });
    const founder = page.getByRole("menuitem", { name: site.founder.name });
    await expect(philosophy).toHaveAttribute("data-highlighted", "");
    await expect(philosophy).toHaveCSS("outline-style", "solid");
    await page.keyboard.press("ArrowDown");
    await expect(founder).toHaveAttribute("data-highlighted", "");
    await expect(founder).toHaveCSS("outline-style", "solid");
    await expect(philosophy).toHaveCSS("outline-style", "none");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(attorneyPath);
  });

  test("the carousel's arrows and page dots work with Enter and Space", async ({ page }) => {
    skipUnlessCards(3, "a third page dot on a phone, a second page at two cards a page");
    await gotoHydrated(page, "/");
    const carousel = page.getByRole("region", { name: "Articles" });
    // The first of the cards most in view (on a phone the next card's edge shows beside the one in view).
    const firstCardInView = () =>
      carousel.getByRole("article").evaluateAll((cards) => {
        const row = cards[0]!.closest("[data-part=item-group]")!.getBoundingClientRect();
        const shown = cards.map((card) => {
          const box = card.getBoundingClientRect();
          return Math.round(Math.max(0, Math.min(box.right, row.right) - Math.max(box.left, row.left)));
        });
        return shown.indexOf(Math.max(...shown));
      });
    if (isPhone(page)) {
      const dots = carousel.getByRole("button", { name: /^Show page \d+$/ });
      await dots.nth(0).focus();
      await page.keyboard.press("Tab");
      await expect(dots.nth(1)).toBeFocused();
      await page.keyboard.press("Enter");
      await expect.poll(firstCardInView).toBe(1);
      await page.keyboard.press("Tab");
      await page.keyboard.press("Space");
      await expect.poll(firstCardInView).toBe(2);
    } else {
      await page.setViewportSize({ width: 800, height: 900 });
      await carousel.scrollIntoViewIfNeeded();
      await carousel.getByRole("button", { name: "Next articles" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(firstCardInView).toBe(1);
      await page.keyboard.press("Shift+Tab");
      await expect(carousel.getByRole("button", { name: "Previous articles" })).toBeFocused();
      await page.keyboard.press("Space");
      await expect.poll(firstCardInView).toBe(0);
    }
  });

  test("the contact form is filled and sent, and its toast dismissed, without a pointer", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 201, contentType: "application/json", body: '{"ok":true}' }));
    const { name, send } = contactFields(page);
    // Every field in the form's order, each reached with Tab; the required ones typed into.
    await name.focus();
    for (const field of fieldSpecs) {
      await expect(page.getByRole("textbox", { name: contact.fields[field.name].label })).toBeFocused();
      if (field.required) await page.keyboard.type(field.kind === "email" ? "ada@example.com" : `A ${field.name}`);
      await page.keyboard.press("Tab");
    }
    await expect(send).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toastNamed(page, outcomes.sent.title)).toBeVisible();
    // Focus is on the note left above the form (read out from there), not in a field, which would open a
    // phone's keyboard; Tab goes on into the form.
    await expect(page.locator("[data-outcome-note]")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(name).toBeFocused();

    await dismissByKeyboard(page, toastNamed(page, outcomes.sent.title), "Enter on the close button");
  });

  test("Escape dismisses a toast, wherever focus is", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await contactFields(page).send.click();
    const toast = toastNamed(page, outcomes.missing.title);
    await expect(toast).toBeVisible();
    await expect(contactFields(page).name).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toast).toHaveCount(0);
    await expect(contactFields(page).name).toBeFocused();
  });

  test("a toast is reached with Tab right after the form and dismissed with its close button, focus going back to the form", async ({
    page,
  }) => {
    await gotoHydrated(page, "/contact");
    await contactFields(page).send.click();
    await dismissByKeyboard(page, toastNamed(page, outcomes.missing.title), "Enter on the close button");
    await contactFields(page).send.focus();
    await contactFields(page).send.press("Enter");
    await dismissByKeyboard(page, toastNamed(page, outcomes.missing.title), "Escape on the toast");
  });
});

/** From wherever focus is in the form, Tab to the toast (after the Send button) and dismiss it. */
async function dismissByKeyboard(page: Page, toast: Locator, how: "Enter on the close button" | "Escape on the toast") {
  await expect(toast).toBeVisible();
  await contactFields(page).send.focus();
  await page.keyboard.press("Tab");
  await expect(toast).toBeFocused();
  if (how === "Enter on the close button") {
    await page.keyboard.press("Tab");
    await expect(toast.getByRole("button", { name: "Dismiss notification" })).toBeFocused();
    await page.keyboard.press("Enter");
  } else {
    await page.keyboard.press("Escape");
  }
  await expect(toast).toHaveCount(0);
  // Focus does not fall to the top of the page: it is back in the form, where it was before.
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("form")))).toBe(true);
}
