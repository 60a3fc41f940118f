import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { letters, pages, site } from "../scripts/lib/site-routes.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, gotoHydrated, isPhone, test } from "./fixtures.ts";
import { servers } from "./servers.ts";

/*
 * The attorney's inquiry inbox: inquiries posted on /contact, one of them with its notification failing,
 * then every step in the inbox at http://localhost…/admin, where the local signer signs the developer in.
 * A failing notification needs the fault shim, so this file runs against that server (e2e/servers.ts): it
 * refuses the first round of delivery for inquiries from FAILING_DOMAIN; `NOTIFY_RETRY_BASE_SECONDS` is 0
 * there (retry at once), so the six attempts end, and the row is marked failed, within seconds.
 */

test.use({ baseURL: servers.faults.url });

/** See test/support/fault-worker.ts. */
const FAILING_DOMAIN = "email-fails.test";

interface Visitor {
  readonly name: string;
  readonly email: string;
  readonly organization: string;
  readonly parties: string;
  readonly message: string;
}

/**
 * Three visitors no other test uses (the tag finds them in the inbox); the third one's e-mail fails. Ada
 * names Zoë as the other party; the conflict check searches for her without the accent.
 */
function visitors(tag: string): [Visitor, Visitor, Visitor] {
  const id = `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return [
    {
      name: `Ada ${id}`,
      email: `ada-${id}@example.com`,
      organization: "Analytical Engines",
      parties: `Zoë Ōtani${id}\nNorthwind Gallery, LLC`,
      message: `Licensing question ${id}.\nSecond line.`,
    },
    { name: `Grace ${id}`, email: `grace-${id}@example.com`, organization: "", parties: "", message: `Gallery contract ${id}.` },
    {
      name: `Alan ${id}`,
      email: `alan-${id}@${FAILING_DOMAIN}`,
      organization: "Bletchley Studio",
      parties: "",
      message: `<b>Copyright</b> question ${id}.`,
    },
  ];
}

async function postInquiry(page: Page, visitor: Visitor, javaScript: boolean) {
  if (javaScript) await gotoHydrated(page, "/contact");
  else await page.goto("/contact");
  const { fields, submitLabel, outcomes } = pages.contact;
  await page.getByLabel(fields.name.label).fill(visitor.name);
  await page.getByLabel(fields.email.label).fill(visitor.email);
  await page.getByLabel(fields.organization.label).fill(visitor.organization);
  await page.getByLabel(fields.parties.label).fill(visitor.parties);
  await page.getByLabel(fields.message.label).fill(visitor.message);
  await page.getByRole("button", { name: submitLabel }).click();
  await expect(page.getByRole("status").filter({ hasText: outcomes.sent.title })).toBeVisible();
}

/** The inbox list, narrowed to one test's visitors with the search form. */
async function openInbox(page: Page, search: string) {
  await page.goto("/admin");
  await page.getByLabel("Name or e-mail").fill(search);
  await page.getByRole("button", { name: "Show" }).click();
}

const itemOf = (page: Page, visitor: Visitor) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name: visitor.name }) });

/**
 * Reloads until the locator shows the text: notifications change state in the background. A search's page
 * was posted (a name is never in its address), so it is searched again rather than reloaded.
 */
async function reloadUntil(
  page: Page,
  locator: Locator,
  text: string | RegExp,
  timeout: number,
  reopen: () => Promise<unknown> = () => page.reload(),
) {
  await expect(async () => {
    await reopen();
    await expect(locator).toContainText(text, { timeout: 500 });
  }).toPass({ timeout, intervals: [1000] });
}

/** The e-mails the local send_email binding captured for one visitor (Reply-To is the visitor). */
async function mailsTo(request: APIRequestContext, visitor: Visitor) {
  const listing = await (await request.get("/cdn-cgi/local/explorer/api/local/email/sending?per_page=100")).json();
  return (listing.result as { replyTo?: string; subject: string }[]).filter((mail) => mail.replyTo?.includes(`<${visitor.email}>`));
}

async function attorneysDay(page: Page, request: APIRequestContext, javaScript: boolean) {
  // axe runs in the page, so only where scripts may run; the pages are the same HTML either way.
  const checkAxe = (state: string) => (javaScript ? expectNoAxeViolations(page, state) : Promise.resolve());
  const [ada, grace, alan] = visitors(javaScript ? "js" : "plain");
  const tag = ada.name.split(" ")[1]!;
  for (const visitor of [ada, grace, alan]) await postInquiry(page, visitor, javaScript);

  // All three are in the inbox, newest first, with their notification states.
  await openInbox(page, tag);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([alan.name, grace.name, ada.name]);
  // Each is delivered on its own: wait for each, not for one and then read the others.
  const searchAgain = () => openInbox(page, tag);
  await reloadUntil(page, itemOf(page, ada), "Sent", 20_000, searchAgain);
  await reloadUntil(page, itemOf(page, grace), "Sent", 20_000, searchAgain);
  await expect(itemOf(page, alan)).toContainText(/Queued|Retrying|Failed/);
  await expect(itemOf(page, alan)).toContainText("<b>Copyright</b> question");
  await checkAxe("inbox list");
  await reloadUntil(page, itemOf(page, alan), "Failed", 120_000, searchAgain);
  await expect(itemOf(page, alan)).toContainText("injected fault: e-mail transport unavailable");
  await expect(page.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: /Failed notifications: [1-9]/ })).toBeVisible();

  // The failed one: its page, sent again, and sent once.
  await itemOf(page, alan).getByRole("link", { name: alan.name }).click();
  const alanInquiry = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(alan.name);
  await expect(page.getByText(alan.message)).toBeVisible();
  await expect(page.getByRole("link", { name: "Reply" })).toHaveAttribute(
    "href",
    `mailto:${alan.email}?subject=${encodeURIComponent(`Your inquiry to ${site.practiceName}`)}`,
  );
  await checkAxe("failed inquiry");
  await page.getByRole("button", { name: "Send the notification again" }).click();
  await expect(page.getByRole("status")).toContainText("The notification was queued again");
  await expect(page.getByRole("button", { name: "Send the notification again" })).toHaveCount(0);
  await reloadUntil(page, page.getByRole("region", { name: "Notification e-mail" }), "Sent", 20_000);
  expect(await mailsTo(request, alan)).toEqual([
    expect.objectContaining({ subject: `New inquiry from ${alan.name} (${alan.organization})` }),
  ]);

  // Ada's inquiry: a conflict check of the other party she named, searched without its accents.
  const zoe = ada.parties.split("\n")[0]!;
  await openInbox(page, tag);
  await itemOf(page, ada).getByRole("link", { name: ada.name }).click();
  await expect(page.getByRole("region", { name: "Other parties involved" })).toContainText(zoe);
  await page.getByRole("link", { name: "Conflict check" }).click();
  // axe reads the document: only once the next one has replaced the inquiry's.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conflict check");
  await checkAxe("conflict check");
  const unaccented = zoe.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  await page.getByLabel("Name, organization or e-mail address").fill(unaccented);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /1 inquiry matches/ })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: ada.name })).toContainText("Matched another party.");
  expect(page.url()).not.toContain(unaccented.split(" ")[0]!);
  await checkAxe("conflict check results");

  // Nothing in the way: record it, then decline in writing.
  await page.getByRole("link", { name: ada.name }).click();
  const adaInquiry = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Record: conflict cleared" }).click();
  await expect(page.getByRole("status")).toContainText("The intake state was recorded.");
  await expect(page.getByRole("region", { name: "Intake" })).toContainText("Conflict cleared");
  await expect(page.getByRole("region", { name: "Intake" })).toContainText("by developer@localhost.");
  await page.getByRole("button", { name: "Decline and write the letter" }).click();
  await expect(page.getByRole("status")).toContainText("Marked declined.");
  const letter = new URL((await page.getByRole("link", { name: "Open the non-engagement letter" }).getAttribute("href"))!);
  expect(letter.protocol).toBe("mailto:");
  expect(decodeURIComponent(letter.pathname)).toBe(ada.email);
  expect(letter.searchParams.get("subject")).toBe(letters.nonEngagement.subject);
  expect(letter.searchParams.get("body")).toContain(`Dear ${ada.name},`);
  expect(letter.searchParams.get("body")).toContain(site.practiceName);
  await checkAxe("declined inquiry");
  await openInbox(page, tag);
  await expect(itemOf(page, ada)).toContainText("Declined");

  // Each step is in the activity log, with who took it (other tests' steps are there too).
  await page.getByRole("link", { name: "Activity" }).click();
  const rows = page.getByRole("table").getByRole("row");
  const about = (inquiry: string, action: string) => rows.filter({ hasText: action, has: page.locator(`a[href="${inquiry}"]`) });
  await expect(rows.filter({ hasText: `"${unaccented}"` })).toContainText("Conflict search");
  await expect(rows.filter({ hasText: `"${unaccented}"` })).toContainText("1 match");
  await expect(about(adaInquiry, "Changed the intake state")).toContainText("New → Conflict cleared");
  await expect(about(adaInquiry, "Declined")).toContainText("Conflict cleared → Declined");
  await expect(about(alanInquiry, "Sent the notification again")).toContainText("developer@localhost");
  await checkAxe("activity");

  // Grace asks for her data, then for its deletion.
  await openInbox(page, tag);
  await itemOf(page, grace).getByRole("link", { name: grace.name }).click();
  await page.getByRole("button", { name: "Export or delete everything from this address" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(`1 inquiry from ${grace.email}`);
  await checkAxe("privacy request");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as JSON" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^inquiries-grace-.+\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8")) as { submissions: { name: string; message: string }[] };
  expect(exported.submissions).toEqual([expect.objectContaining({ name: grace.name, message: grace.message })]);

  await page.getByRole("button", { name: "Delete 1 inquiry…" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Delete 1 inquiry from ${grace.email}?`);
  await checkAxe("deletion confirmation");
  await page.getByLabel("Why (kept in the activity log)").fill("She asked by e-mail.");
  await page.getByRole("button", { name: "Erase everything (1 inquiry)" }).click();
  await expect(page.getByRole("status")).toContainText("Deleted 1 inquiry.");
  await openInbox(page, tag);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([alan.name, ada.name]);
}

test.describe("the inquiry inbox", () => {
  test.describe.configure({ timeout: 240_000 });

  test("with JavaScript: three inquiries, one failing; resend it, check conflicts, decline one, export and delete one address", async ({
    page,
    request,
  }) => {
    test.skip(isPhone(page), "the whole day once, at desktop width; phones are checked below");
    await attorneysDay(page, request, true);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the same day works with plain HTML forms", async ({ page, request }) => {
      test.skip(isPhone(page), "the whole day once, at desktop width; phones are checked below");
      await attorneysDay(page, request, false);
    });
  });

  test("fits a phone and passes axe there, down to 320 px", async ({ page }) => {
    const [ada] = visitors("phone");
    await postInquiry(page, ada, false);
    for (const width of [page.viewportSize()!.width, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await openInbox(page, ada.email);
      await expect(page.getByRole("link", { name: ada.name })).toBeVisible();
      await expectNoAxeViolations(page, `inbox list at ${width}px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await page.getByRole("link", { name: ada.name }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(ada.name);
      await expectNoAxeViolations(page, `inquiry at ${width}px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    }
  });

  test("is not indexed, cached or scripted", async ({ page }) => {
    const response = await page.goto("/admin");
    expect(response!.headers()["x-robots-tag"]).toBe("noindex");
    expect(response!.headers()["cache-control"]).toBe("no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator("script")).toHaveCount(0);
  });

  test("ships none of its code to the public pages, and never serves the local key", async ({ request }) => {
    const assets = join("dist", "client", "assets");
    const scripts = (await readdir(assets)).filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const code = await readFile(join(assets, file), "utf8");
      for (const mark of [
        "Inquiry inbox",
        "Send the notification again",
        "cf-access-jwt-assertion",
        "ADMIN_LOCAL_SIGNING_KEY",
        "cloudflareaccess",
      ]) {
        expect(code.includes(mark), `${file} contains "${mark}"`).toBe(false);
      }
    }
    for (const path of ["/.dev.vars", "/worker/.dev.vars", "/../worker/.dev.vars"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).not.toContain("ADMIN_LOCAL_SIGNING_KEY");
    }
  });
});
