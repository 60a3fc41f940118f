import { type Locator, type Page, devices } from "@playwright/test";
import { pages } from "../scripts/lib/site-routes.ts";
import { clientAddress, offerConsultation } from "../test/support/consultation-offer.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, ownClientAddress, test } from "./fixtures.ts";
import { htmlProblems } from "./html-checker.ts";
import { servers } from "./servers.ts";

/*
 * The client's side of a consultation offer, on a phone at 390 px: the private link opened from the e-mail
 * (click 1), the first free time chosen (click 2) and booked (click 3); the invitation; the time moved, then
 * the consultation cancelled; and a second tab left on an old page that posts again, which books nothing
 * more. Each state is one page visit, checked there with axe and for sideways scrolling, and its HTML with
 * the W3C checker at the end (with the inbox's pages that show the booking). The offer itself is made as the
 * inbox's forms post it (admin.e2e.ts walks those in the browser): an inquiry sent, checked, cleared, offered.
 */

const copy = pages.booking;

// A phone, as the issue measures it; the rest of the file is the same at any width, so it runs once.
const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
test.use({ ...phone, viewport: { width: 390, height: 844 } });

/** A text of the page's words with its `{slot}` filled by anything: what the page says, whatever it was filled with. */
const filled = (text: string, slot: string) => {
  const [before, after] = text.split(`{${slot}}`).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${before}(.+)${after}$`);
};

/** The page's lead: the paragraph that says the consultation's time, for the words given. */
const timeSaid = (page: Page, text: string, slot = "time") => page.getByText(filled(text, slot));

async function expectNoSidewaysScroll(page: Page, state: string) {
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(fits, `no sideways scrolling at 390 px: ${state}`).toBe(true);
}

/** A free time on the page: its radio button, its day and its own label (the reader's zone; Seattle's is below it). */
async function timeOf(page: Page, found: Locator) {
  const start = (await found.getAttribute("value"))!;
  // By its value: a locator inside `has` is matched within each candidate, so "the first" would be each one's.
  const radio = page.locator(`input[type="radio"][value="${start}"]`);
  const day = (await page.locator("fieldset", { has: radio }).locator("legend").textContent())!.trim();
  // The label's first line: the time in the reader's zone (Seattle's, when it differs, is the second).
  const label = (await page.locator("label", { has: radio }).locator("span span").first().textContent())!.trim();
  return { radio, start, day, label };
}

/** The navigation that answers a click: its response, for the HTML checker (the page as the browser got it). */
const nextPage = (page: Page, path: string) =>
  page.waitForResponse(
    (response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === path && response.status() !== 303,
  );

test("the client books from the link in 3 clicks, moves and cancels; an old tab books nothing more", async ({ page, request, context }) => {
  const offer = await offerConsultation(servers.site.url);
  const html = new Map<string, string>();

  // Click 1: the link, from the e-mail. The free times, in the reader's zone, grouped by day.
  const opened = (await page.goto(offer.path))!;
  expect(opened.status()).toBe(200);
  expect(opened.headers()["cache-control"]).toBe("no-store");
  expect(opened.headers()["x-robots-tag"]).toContain("noindex");
  expect(opened.headers()["referrer-policy"]).toBe("no-referrer");
  html.set("choosing a time", await opened.text());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.heading);
  await expect(page.getByText(copy.lead.replace("{name}", offer.name))).toBeVisible();
  const radios = page.getByRole("radio");
  expect(await radios.count(), "free times in the week shown").toBeGreaterThan(1);
  await expectNoAxeViolations(page, "choosing a time");
  await expectNoSidewaysScroll(page, "choosing a time");
  // The same page in a second tab, left open.
  const oldTab = await context.newPage();
  await ownClientAddress(oldTab);
  await oldTab.goto(offer.path);

  // Click 2: the first free time; click 3: "Book this time". The link now shows the booking.
  const first = await timeOf(page, radios.first());
  await first.radio.check();
  let shown = nextPage(page, offer.path);
  await page.getByRole("button", { name: copy.bookButton }).click();
  html.set("booked", await (await shown).text());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.booked.heading);
  const bookedAt = timeSaid(page, copy.booked.text);
  await expect(bookedAt).toContainText(first.day);
  await expect(bookedAt).toContainText(first.label);
  await expectNoAxeViolations(page, "booked");
  await expectNoSidewaysScroll(page, "booked");
  // The invitation to add to a calendar.
  const invitationPath = (await page.getByRole("link", { name: copy.booked.calendarLink }).getAttribute("href"))!;
  const invitation = await request.get(invitationPath, { headers: { "cf-connecting-ip": clientAddress() } });
  expect(invitation.headers()["content-type"]).toMatch(/^text\/calendar/);
  const ics = await invitation.text();
  expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(ics).toContain("METHOD:REQUEST\r\n");

  // The old tab books another time: nothing more is booked, and it shows the booking as it stands.
  const other = await timeOf(oldTab, oldTab.getByRole("radio").nth(1));
  await other.radio.check();
  await oldTab.getByRole("button", { name: copy.bookButton }).click();
  await expect(oldTab.getByRole("heading", { level: 1 })).toHaveText(copy.booked.heading);
  await expect(timeSaid(oldTab, copy.booked.text)).toContainText(first.label);
  await expect(timeSaid(oldTab, copy.booked.text)).toContainText(first.day);
  if (other.day !== first.day) await expect(timeSaid(oldTab, copy.booked.text)).not.toContainText(other.day);

  // Moved to another time: the same link says it moved.
  // Moving and cancelling are folded on the booked page: each opened as a client would.
  await page.locator("summary", { hasText: copy.booked.moveHeading }).click();
  const moveTo = await timeOf(page, page.locator(`input[type="radio"]:not([value="${first.start}"])`).first());
  await moveTo.radio.check();
  shown = nextPage(page, offer.path);
  await page.getByRole("button", { name: copy.booked.moveButton }).click();
  html.set("moved", await (await shown).text());
  const movedTo = timeSaid(page, copy.moved);
  await expect(movedTo).toContainText(moveTo.day);
  await expect(movedTo).toContainText(moveTo.label);
  await expectNoSidewaysScroll(page, "moved");
  // The inbox shows one consultation, moved once: the old tab booked nothing.
  const inquiry = await (await request.get(offer.inquiry)).text();
  expect(inquiry).toContain("moved once");
  const consultations = await (await request.get("/admin/consultations")).text();
  expect(consultations.split(offer.name).length - 1, "the person's consultations on /admin/consultations").toBe(1);
  html.set(`the inquiry (${offer.inquiry}), booked and moved`, inquiry);
  html.set("/admin/consultations, booked and moved", consultations);

  // The old tab, still on the booking as it was, moves it: refused, with the booking as it stands now.
  await oldTab.locator("summary", { hasText: copy.booked.moveHeading }).click();
  await oldTab.locator(`input[type="radio"]:not([value="${moveTo.start}"])`).first().check();
  shown = nextPage(oldTab, offer.path);
  await oldTab.getByRole("button", { name: copy.booked.moveButton }).click();
  const refused = await shown;
  expect(refused.status()).toBe(409);
  html.set("a move refused (stale)", await refused.text());
  await expect(oldTab.getByRole("alert")).toHaveText(copy.refusals.stale);
  await expect(timeSaid(oldTab, copy.booked.text)).toContainText(moveTo.label);
  await oldTab.close();

  // Cancelled: the link says so, and the invitation becomes its cancellation.
  await page.locator("summary", { hasText: copy.booked.cancelHeading }).click();
  shown = nextPage(page, offer.path);
  await page.getByRole("button", { name: copy.booked.cancelButton }).click();
  html.set("cancelled", await (await shown).text());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.cancelled.heading);
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expectNoAxeViolations(page, "cancelled");
  await expectNoSidewaysScroll(page, "cancelled");
  const cancelled = await request.get(invitationPath, { headers: { "cf-connecting-ip": clientAddress() } });
  expect(await cancelled.text()).toContain("METHOD:CANCEL\r\n");

  expect(htmlProblems(html), "Nu Html Checker errors and warnings").toEqual([]);
});
