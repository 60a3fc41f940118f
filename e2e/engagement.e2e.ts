import { type Browser, type Page, devices } from "@playwright/test";
import { pages } from "../scripts/lib/site-routes.ts";
import { clientAddress } from "../test/support/consultation-offer.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, ownClientAddress, test } from "./fixtures.ts";
import { htmlProblems } from "./html-checker.ts";
import { servers } from "./servers.ts";

/*
 * An engagement letter from a cleared inquiry to a signed record: the attorney prepares it at 1280 px (the
 * letter chosen, its fields filled, the matter named, the preview read, the link made), the client consents,
 * reads and signs it on a phone at 390 px, and the inquiry shows it engaged, with the signed PDF and its record
 * verified. Each state is one page visit, checked there with axe, and its HTML with the W3C checker at the end.
 * The inquiry itself is sent, checked and cleared as the inbox's forms post them (admin.e2e.ts walks those).
 */

const copy = pages.engagement;

/** A new inquiry naming another party, checked and cleared; its page in the inbox and the person. */
async function clearedInquiry(page: Page) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const person = { name: `Grete ${id}`, email: `grete-${id}@example.com` };
  const headers = { origin: servers.site.url, "cf-connecting-ip": clientAddress() };
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers });
  const contact = await post("/api/contact", {
    ...person,
    organization: `Atelier ${id}`,
    parties: `Harbor Gallery ${id}`,
    message: `A consignment agreement ${id}.`,
  });
  expect(contact.ok()).toBe(true);
  const found = (await (await post("/admin", { q: person.email })).text()).match(/\/admin\/submissions\/([0-9a-f-]{36})/);
  expect(found, "the inquiry in the inbox").not.toBeNull();
  const inquiry = `/admin/submissions/${found![1]}`;
  expect((await post(`${inquiry}/check`, { token: crypto.randomUUID() })).ok()).toBe(true);
  expect((await post(`${inquiry}/intake`, { state: "cleared", from: "new", reason: "Not the same person." })).ok()).toBe(true);
  return { inquiry, ...person };
}

/** The page's HTML as it was served, for the W3C checker. */
const served = async (page: Page) => (await page.request.get(page.url())).text();

async function expectNoSidewaysScroll(page: Page, state: string) {
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(fits, `no sideways scrolling at 390 px: ${state}`).toBe(true);
}

/** A phone at 390 px, a client of its own. */
async function phonePage(browser: Browser) {
  const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
  const context = await browser.newContext({ ...phone, viewport: { width: 390, height: 844 }, baseURL: servers.site.url });
  const page = await context.newPage();
  await ownClientAddress(page);
  return page;
}

test("the attorney prepares an engagement letter, the client signs it on a phone, the inquiry is engaged", async ({ page, browser }) => {
  // Six pages in the inbox and five on the phone, each checked with axe, beside the rest of the suite's load.
  test.setTimeout(240_000);
  const html = new Map<string, string>();
  const person = await clearedInquiry(page);

  // The attorney, at 1280 px: "Prepare the engagement letter" from the cleared inquiry.
  await page.goto(person.inquiry);
  await page.getByRole("link", { name: "Prepare the engagement letter" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Engagement letter for ${person.name}`);
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Use this letter" }).click();
  const fields = page.locator('form[action$="/engagement/preview"]');
  // The name is filled in from the inquiry; the letter's own fields are written here.
  await expect(fields.getByRole("textbox").first()).not.toHaveValue("");
  for (const field of await fields.locator("input:not([type=hidden]), textarea").all())
    if ((await field.inputValue()) === "") await field.fill("the consignment of six works for the spring exhibition");
  for (const role of await fields.getByRole("combobox").all()) await role.selectOption({ index: 1 });
  await expectNoAxeViolations(page, "preparing the letter");
  html.set("preparing the letter", await page.content());
  await fields.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Preview: /);
  await expect(page.getByText(copy.disclosure.heading, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "the preview");
  html.set("the preview", await page.content());
  await page.getByRole("button", { name: "Make the link to copy" }).click();
  const link = await page.getByRole("textbox", { name: /private link/ }).inputValue();
  expect(link).toMatch(/\/engage\/[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page, "the link to copy");
  html.set("the link to copy", await page.content());
  const path = new URL(link).pathname;

  // The client, on a phone: the notice first, nothing recorded by opening it.
  const phone = await phonePage(browser);
  const opened = (await phone.goto(path))!;
  expect(opened.status()).toBe(200);
  expect(opened.headers()["cache-control"]).toBe("no-store");
  expect(opened.headers()["x-robots-tag"]).toContain("noindex");
  expect(opened.headers()["referrer-policy"]).toBe("no-referrer");
  html.set("the notice and consent", await opened.text());
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(copy.heading);
  await expect(phone.getByRole("heading", { name: copy.disclosure.heading })).toBeVisible();
  await expectNoAxeViolations(phone, "the notice and consent");
  await expectNoSidewaysScroll(phone, "the notice and consent");

  // Consented: the letter, its fingerprint, the name and the box.
  await phone.getByRole("checkbox", { name: copy.consentLabel }).check();
  await phone.getByRole("button", { name: copy.consentButton }).click();
  await expect(phone.getByRole("heading", { name: copy.letterHeading })).toBeVisible();
  await expect(phone.getByText("the consignment of six works for the spring exhibition").first()).toBeVisible();
  html.set("the letter to sign", await served(phone));
  await expectNoAxeViolations(phone, "the letter to sign");
  await expectNoSidewaysScroll(phone, "the letter to sign");

  // Signed: typed name and the box, one POST.
  await phone.getByRole("textbox", { name: copy.nameLabel }).fill(person.name);
  await phone.getByRole("checkbox", { name: copy.agreeLabel }).check();
  await phone.getByRole("button", { name: copy.signButton }).click();
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(copy.signed.heading);
  await expectNoAxeViolations(phone, "signed");
  await expectNoSidewaysScroll(phone, "signed");
  const download = await phone.request.get((await phone.getByRole("link", { name: copy.signed.download }).getAttribute("href"))!, {
    headers: { "cf-connecting-ip": clientAddress() },
  });
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await phone.context().close();

  // The inquiry: engaged by the signed letter, its PDF stored by the queue's consumer and verified.
  await page.goto(person.inquiry);
  await expect(page.getByText(/^Engaged by the signed letter: version 1, signed by /)).toBeVisible();
  await expectNoAxeViolations(page, "the inquiry, engaged");
  html.set("the inquiry, engaged", await page.content());
  await page.getByRole("link", { name: "View the record of version 1" }).click();
  await expect(page.getByText(/The record verifies/)).toBeVisible();
  const record = page.url();
  await expect
    .poll(async () => (await page.request.get(`${new URL(record).pathname}/pdf`)).headers()["content-type"], {
      message: "the signed PDF stored",
      timeout: 60_000,
    })
    .toBe("application/pdf");
  await page.goto(`${record}/pdf/verify`);
  await expect(page.getByText(/matches/)).toBeVisible();
  await expectNoAxeViolations(page, "the record, verified");
  html.set("the record, verified", await page.content());

  expect(htmlProblems(html), "Nu Html Checker errors and warnings").toEqual([]);
});
