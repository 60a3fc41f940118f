import type { Page } from "@playwright/test";
import { locationLabel, notices, pages, site } from "../scripts/lib/site-routes.ts";
import { expect, gotoHydrated, test } from "./fixtures.ts";

const { contact } = pages;
const { outcomes } = contact;

const fields = (page: Page) => ({
  name: page.getByLabel(contact.fields.name.label),
  email: page.getByLabel(contact.fields.email.label),
  organization: page.getByLabel(contact.fields.organization.label),
  message: page.getByLabel(contact.fields.message.label),
  send: page.getByRole("button", { name: contact.submitLabel }),
});

/** A visitor no other test uses, so their e-mail can be found in the local capture. */
const uniqueVisitor = (tag: string) => {
  const id = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return { name: `Visitor ${id}`, email: `${id}@example.com`, organization: "Studio North", message: `Hello from ${id}.\nA second line.` };
};

async function fill(page: Page, values: Partial<ReturnType<typeof uniqueVisitor>>) {
  const form = fields(page);
  for (const [field, value] of Object.entries(values)) await form[field as keyof typeof values].fill(value);
}

/** Counts the contact API calls the page makes. */
function watchApi(page: Page) {
  const calls: string[] = [];
  page.on("request", (request) => request.url().endsWith("/api/contact") && calls.push(request.method()));
  return calls;
}

const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });

test.describe("the contact form", () => {
  test("shows the page the spec describes", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(contact.heading);
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: pages.home.crumb, exact: true }),
    ).toHaveAttribute("href", "/");
    await expect(page.getByText(locationLabel, { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: site.email, exact: true })).toHaveAttribute(
      "href",
      `mailto:${site.email}`,
    );
    await expect(fields(page).message).toHaveAttribute("rows", "6");
    await expect(fields(page).email).toHaveAttribute("type", "email");
    // The confidentiality notice is read before sending: above the Send button, at a phone's width and a desktop's.
    const notice = page.getByText(notices.contactForm);
    await expect(fields(page).send).toHaveAccessibleDescription(notices.contactForm);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const [noticeBox, sendBox] = await Promise.all([notice.boundingBox(), fields(page).send.boundingBox()]);
      expect(noticeBox!.y + noticeBox!.height, `at ${width} px`).toBeLessThanOrEqual(sendBox!.y);
    }
  });

  test("blocks an empty submission with the missing-information toast, sending nothing", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const calls = watchApi(page);
    await fill(page, { name: "   ", email: "ada@example.com", message: "Hello" });
    await fields(page).send.click();
    await expect(toast(page, outcomes.missing.title)).toContainText(outcomes.missing.description);
    await expect(fields(page).name).toBeFocused();
    await expect(fields(page).name).toHaveAttribute("aria-invalid", "true");
    expect(calls).toEqual([]);
  });

  test("after the missing-information toast, focus is on the first empty required field", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await fill(page, { name: "Ada", email: "", message: "" });
    await fields(page).send.click();
    await expect(toast(page, outcomes.missing.title)).toBeVisible();
    await expect(fields(page).email).toBeFocused();
  });

  test("reports a malformed address under its field, as it reports every field, not in the browser's bubble", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const calls = watchApi(page);
    await fill(page, { name: "Ada", email: "ada@", message: "Hello" });
    await fields(page).send.click();
    await expect(fields(page).email).toHaveAttribute("aria-invalid", "true");
    await expect(fields(page).email).toHaveAccessibleDescription(/.+/);
    await expect(fields(page).email).toBeFocused();
    await expect(toast(page, outcomes.missing.title)).toHaveCount(0);
    await expect(toast(page, outcomes.sent.title)).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test("sends, shows the sending label meanwhile, then the message-sent toast with the fields cleared; the attorney gets one e-mail", async ({
    page,
    request,
  }) => {
    await gotoHydrated(page, "/contact");
    const visitor = uniqueVisitor("sent");
    await fill(page, visitor);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    await fields(page).send.click();
    const sending = page.getByRole("button", { name: contact.sendingLabel });
    await expect(sending).toBeDisabled();
    release();

    await expect(toast(page, outcomes.sent.title)).toContainText(outcomes.sent.description);
    for (const field of Object.values(fields(page)).slice(0, 4)) await expect(field).toHaveValue("");
    await expect(fields(page).send).toBeEnabled();
    // A lasting note above the form says what happens next, not what the toast says again, with focus on it:
    // not in a field, which would open a phone's keyboard. It stays once the toast has gone.
    const note = page.locator("[data-outcome-note]");
    await expect(note).toContainText(contact.afterSending.heading);
    for (const item of contact.afterSending.items) await expect(note).toContainText(item);
    await expect(note).not.toContainText(outcomes.sent.description);
    await expect(note).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toast(page, outcomes.sent.title)).toHaveCount(0);
    await expect(note).toBeVisible();

    await expect
      .poll(
        async () => {
          const listing = await (await request.get("/cdn-cgi/local/explorer/api/local/email/sending?per_page=100")).json();
          return (listing.result as { replyTo?: string; subject: string }[]).filter((mail) => mail.replyTo?.includes(visitor.email));
        },
        { timeout: 15_000 },
      )
      .toEqual([expect.objectContaining({ subject: `New inquiry from ${visitor.name} (${visitor.organization})` })]);
  });

  test("keeps what was typed and shows the error toast when sending fails", async ({ page, console }) => {
    console.allow(/Contact form submission failed|500/);
    await gotoHydrated(page, "/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"storage_failed"}' }),
    );
    const visitor = uniqueVisitor("failed");
    await fill(page, visitor);
    await fields(page).send.click();
    await expect(toast(page, outcomes.error.title)).toContainText(outcomes.error.description);
    await expect(fields(page).name).toHaveValue(visitor.name);
    await expect(fields(page).message).toHaveValue(visitor.message);
    await expect(fields(page).send).toBeFocused();
    expect(console.errors.some((text) => text.includes("Contact form submission failed"))).toBe(true);
  });

  test("sends once when Send is pressed twice while its checks are still on the way", async ({ page }) => {
    // The form fetches its schema when the visitor starts typing; hold it back until both presses are in.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/schema-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.route("**/api/contact", (route) => route.fulfill({ status: 201, contentType: "application/json", body: '{"ok":true}' }));
    await gotoHydrated(page, "/contact");
    const calls = watchApi(page);
    await fill(page, uniqueVisitor("twice"));
    await fields(page).send.click();
    await fields(page).send.click();
    release();
    await expect(toast(page, outcomes.sent.title)).toBeVisible();
    expect(calls).toEqual(["POST"]);
  });

  test("when its checks cannot be fetched, the server checks the message and the form shows its answer the same way", async ({
    page,
    console,
  }) => {
    console.allow(/checks did not load|Failed to load resource|ERR_FAILED|status of 422/);
    // The schema's file is unreachable (a moment offline, or a new version of the site replaced it).
    await page.route(/\/assets\/schema-[\w-]+\.js$/, (route) => route.abort());
    await gotoHydrated(page, "/contact");
    const visitor = uniqueVisitor("unchecked");
    await fill(page, { ...visitor, name: "   " });
    await fields(page).send.click();
    await expect(toast(page, outcomes.missing.title)).toContainText(outcomes.missing.description);
    await expect(fields(page).name).toHaveAttribute("aria-invalid", "true");
    await expect(fields(page).name).toHaveAccessibleDescription("Please enter your name.");
    await expect(fields(page).name).toBeFocused();
    await expect(fields(page).message).toHaveValue(visitor.message);

    await fields(page).name.fill(visitor.name);
    await fields(page).send.click();
    await expect(toast(page, outcomes.sent.title)).toBeVisible();
    await expect(fields(page).name).toHaveValue("");
  });

  test("shows the error toast when the network is down", async ({ page, console }) => {
    console.allow(/Contact form submission failed|Failed to load resource|ERR_/);
    await gotoHydrated(page, "/contact");
    await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
    await fill(page, uniqueVisitor("offline"));
    await fields(page).send.click();
    await expect(toast(page, outcomes.error.title)).toContainText(outcomes.error.description);
  });
});

test.describe("the contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts natively and shows the message-sent notice", async ({ page }) => {
    await page.goto("/contact");
    await fill(page, uniqueVisitor("plain"));
    await fields(page).send.click();
    await expect(page).toHaveURL("/contact?sent=1");
    await expect(page.getByRole("status")).toContainText(outcomes.sent.title);
    await expect(page.getByRole("status")).toContainText(contact.afterSending.heading);
    await expect(fields(page).name).toHaveValue("");
  });

  test("leaves a malformed address to the browser's own check, and answers missing fields with the missing-information message, keeping the values", async ({
    page,
    console,
  }) => {
    // The page comes back with status 422, which Chromium notes in the console.
    console.allow(/status of 422/);
    await page.goto("/contact");
    await fill(page, { name: "Ada", email: "ada@", organization: "Studio", message: "Draft" });
    await fields(page).send.click();
    expect(await fields(page).email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    await expect(page).toHaveURL("/contact");
    await fields(page).email.fill("");
    await fields(page).send.click();
    await expect(page.getByRole("alert")).toContainText(outcomes.missing.title);
    await expect(page.getByRole("alert")).toContainText(outcomes.missing.description);
    await expect(fields(page).name).toHaveValue("Ada");
    await expect(fields(page).organization).toHaveValue("Studio");
    await expect(fields(page).message).toHaveValue("Draft");
  });
});
