import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { letters, pages, routeTable, site } from "../scripts/lib/site-routes.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, gotoHydrated, isPhone, ownClientAddress, test } from "./fixtures.ts";
import { htmlProblems } from "./html-checker.ts";
import { servers } from "./servers.ts";

/*
 * The attorney's day in the inquiry inbox, at 1280 and 390 px, with and without JavaScript: inquiries
 * posted on the site (one sent from an article page, one with its notification failing), then every step
 * in the inbox at http://localhost…/admin (the conflict register included: an engagement, a client added by
 * hand, a spreadsheet imported, a check that finds a register entry), where the local signer signs the developer in. A failing
 * notification needs the fault shim, so this file runs against that server (e2e/servers.ts): it refuses
 * the first round of delivery for inquiries from FAILING_DOMAIN; `NOTIFY_RETRY_BASE_SECONDS` is 0 there
 * (retry at once), so the six attempts end, and the row is marked failed, within seconds.
 */

test.use({ baseURL: servers.faults.url });

/** See test/support/fault-worker.ts. */
const FAILING_DOMAIN = "email-fails.test";

const contactPath = routeTable.byKind.contact[0]!.path;
const articlePath = routeTable.byKind.article[0]?.path;

interface Visitor {
  readonly name: string;
  readonly email: string;
  readonly organization: string;
  readonly parties: string;
  readonly message: string;
}

/**
 * Three visitors no other test uses (the tag finds them in the inbox); the third one's e-mail fails. Ada
 * names Zoë as the other party, and Zoë wrote before: the conflict check finds her without the accent.
 */
function visitors(tag: string): [Visitor, Visitor, Visitor] {
  const id = `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return [
    {
      name: `Ada ${id}`,
      email: `ada-${id}@example.com`,
      organization: "Analytical Engines",
      parties: `Zoe Otani${id}\nNorthwind Gallery, LLC`,
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

/** Fills the contact form on the page shown and sends it. */
async function sendForm(page: Page, visitor: Visitor) {
  const { fields, submitLabel, outcomes } = pages.contact;
  await page.getByLabel(fields.name.label).fill(visitor.name);
  await page.getByLabel(fields.email.label).fill(visitor.email);
  await page.getByLabel(fields.organization.label).fill(visitor.organization);
  await page.getByLabel(fields.parties.label).fill(visitor.parties);
  await page.getByLabel(fields.message.label).fill(visitor.message);
  await page.getByRole("button", { name: submitLabel }).click();
  await expect(page.getByRole("status").filter({ hasText: outcomes.sent.title })).toBeVisible();
}

async function postInquiry(page: Page, visitor: Visitor, javaScript: boolean) {
  if (javaScript) await gotoHydrated(page, contactPath);
  else await page.goto(contactPath);
  await sendForm(page, visitor);
}

/**
 * A visitor of their own (JavaScript on, a browser tab of their own) who arrives on an article from a search
 * engine, reads it, follows a link to the contact page and sends the form from there.
 */
async function postFromArticle(browser: Browser, visitor: Visitor) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await ownClientAddress(page);
  await page.goto(articlePath!, { referer: "https://www.google.com/" });
  await page.locator(`a[href="${contactPath}"]`).filter({ visible: true }).first().click();
  await page.waitForURL(`**${contactPath}`);
  await page.evaluate(() => document.dispatchEvent(new Event("hydrate-islands")));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await sendForm(page, visitor);
  await context.close();
}

/** Opens one of the inbox's places from its navigation: a row of links, or the menu on narrow screens. */
async function goTo(page: Page, place: string | RegExp) {
  const menu = page.locator("summary", { hasText: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: place }).click();
}

/** The inbox list, narrowed to one test's visitors with the search form (folded away until opened). */
async function openInbox(page: Page, search: string) {
  await page.goto("/admin");
  const filters = page.locator("summary", { hasText: "Search and filter" });
  if (!(await page.getByLabel("Name or e-mail").isVisible())) await filters.click();
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

async function attorneysDay(page: Page, request: APIRequestContext, browser: Browser, javaScript: boolean) {
  // axe runs in the page, so only where scripts may run; the pages are the same HTML either way.
  const checkAxe = (state: string) => (javaScript ? expectNoAxeViolations(page, state) : Promise.resolve());
  const [ada, grace, alan] = visitors(javaScript ? "js" : "plain");
  const tag = ada.name.split(" ")[1]!;
  // Zoë wrote months ago; Ada names her as the other party.
  const zoe = { name: `Zoë Ōtani${tag}`, email: `zoe-${tag}@example.com`, organization: "", parties: "", message: "An earlier question." };
  await postInquiry(page, zoe, javaScript);
  await postFromArticle(browser, ada);
  for (const visitor of [grace, alan]) await postInquiry(page, visitor, javaScript);

  // All are in the inbox, newest first, with their notification states; on a phone, the first in view.
  await openInbox(page, tag);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([alan.name, grace.name, ada.name, zoe.name]);
  const searchAgain = () => openInbox(page, tag);
  // A row shows its notification only until it is sent.
  await expect(itemOf(page, ada)).toHaveCount(1);
  await expect(async () => {
    await searchAgain();
    await expect(itemOf(page, ada)).toHaveCount(1, { timeout: 500 });
    await expect(itemOf(page, ada)).not.toContainText(/Queued|Retrying|Sent/, { timeout: 500 });
  }).toPass({ timeout: 20_000, intervals: [1000] });
  await expect(itemOf(page, ada)).toContainText(`via www.google.com, sent from ${articlePath}`);
  await expect(itemOf(page, ada)).toContainText(/possible match/i);
  await expect(itemOf(page, alan)).toContainText("<b>Copyright</b> question");
  await checkAxe("inbox list");
  await reloadUntil(page, itemOf(page, alan), "Failed", 120_000, searchAgain);
  await expect(itemOf(page, alan)).toContainText("injected fault: e-mail transport unavailable");
  await expect(page.getByRole("link", { name: /Failed notifications: [1-9]/ })).toBeVisible();

  // The failed one: its page, sent again, and sent once.
  await itemOf(page, alan).getByRole("link", { name: alan.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(alan.name);
  await expect(page.getByRole("link", { name: "Reply" })).toHaveAttribute(
    "href",
    `mailto:${alan.email}?subject=${encodeURIComponent(`Your inquiry to ${site.practiceName}`)}`,
  );
  await page.getByRole("button", { name: "Send the notification again" }).click();
  await expect(page.getByRole("status").first()).toContainText("The notification was queued again");
  // Once sent, the notification is a line of the details, no longer a part of its own.
  await reloadUntil(page, page.getByRole("region", { name: "Reference and where it came from" }), "Notification e-mailSent", 20_000);
  await expect(page.getByRole("region", { name: "Notification e-mail" })).toHaveCount(0);
  expect(await mailsTo(request, alan)).toEqual([
    expect.objectContaining({ subject: `New inquiry from ${alan.name} (${alan.organization})` }),
  ]);

  // The practice takes Alan on: checked again by hand, cleared, engaged with the matter's name, which adds
  // him to the conflict register as a client.
  const alanIntake = page.getByRole("region", { name: "Intake" });
  await expect(alanIntake).toContainText(/as it arrived: (no match among [\d,]+ names|\d+ possible match)/);
  await alanIntake.getByRole("button", { name: "Check all names again" }).click();
  await expect(alanIntake.getByRole("status")).toContainText("Every name was checked");
  const reason = alanIntake.getByLabel("Why none of the matches is a conflict");
  // Earlier runs on this server sent from the same studio: a reason is asked when they match.
  if (await reason.isVisible()) await reason.fill("Earlier visitors from the same studio, not parties.");
  await alanIntake.getByRole("button", { name: "Record: conflict cleared" }).click();
  // Cleared: a consultation offered in two clicks, "Offer a consultation" and "Copy the link" (without
  // JavaScript, the link is selected in its read-only field by hand); the link is shown on that page alone.
  const alanInquiry = new URL(page.url()).pathname;
  const consultation = page.getByRole("region", { name: "Consultation", exact: true });
  await expect(consultation).toContainText("No consultation offered yet.");
  const offering = page.waitForResponse((response) => response.url().endsWith(`${alanInquiry}/offer`));
  await consultation.getByRole("button", { name: "Offer a consultation" }).click();
  const offerPage = await (await offering).text();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Offer a consultation to ${alan.name}`);
  const linkField = page.getByLabel(`${alan.name}'s private link, good for one booking`);
  await expect(linkField).not.toBeEditable();
  const bookingLink = await linkField.inputValue();
  expect(bookingLink).toMatch(new RegExp(`^${new URL(page.url()).origin}/book/[A-Za-z0-9_-]{43}$`));
  if (javaScript) {
    await page.getByRole("button", { name: "Copy the link" }).click();
    await expect(page.locator("#booking-link-status")).toHaveText("Copied: paste it into your message to the person.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(bookingLink);
  } else {
    await expect(page.getByRole("button", { name: "Copy the link" })).toBeHidden();
  }
  const offerMail = new URL((await page.getByRole("link", { name: "Open the letter in your mail program" }).getAttribute("href"))!);
  expect(decodeURIComponent(offerMail.pathname)).toBe(alan.email);
  expect(offerMail.searchParams.get("body")).toContain(bookingLink);
  await checkAxe("a consultation offered: its letter and link");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  // Back on the inquiry, the offer is listed: offered, its link not sent by the practice.
  await page.getByRole("link", { name: "Done: back to the inquiry" }).click();
  await expect(consultation.getByRole("listitem").first()).toContainText("Offered");
  await expect(consultation).toContainText("Not sent from the practice: the link went in your own mail");
  await alanIntake.getByLabel("The matter").fill(`Studio licence ${tag}`);
  await alanIntake.getByRole("button", { name: "Record: engaged" }).click();
  await expect(alanIntake.getByRole("status")).toContainText("now in the conflict register");
  await alanIntake.getByRole("link", { name: alan.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(alan.name);
  await expect(page.getByRole("region", { name: "Matters" })).toContainText(`Studio licence ${tag}`);
  await expect(page.getByRole("region", { name: "Matters" })).toContainText(`${alan.organization} · On the client's side`);

  // Her consultations at a glance (Alan's is offered, not yet booked), the days off and busy times.
  await goTo(page, "Consultations");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Consultations");
  await checkAxe("consultations");

  // A client added by hand, with a matter against Grace; and two more from a spreadsheet.
  await goTo(page, "Clients & matters");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Clients & matters");
  const muralist = `Ortiz Murals ${tag}`;
  const addClient = page.getByRole("region", { name: "Add a client" });
  await addClient.getByLabel("Name of the person or organization").fill(muralist);
  await addClient.getByLabel("Matter (optional)", { exact: true }).fill(`Mural commission ${tag}`);
  await addClient.getByLabel(/^Adverse parties/).fill(grace.name);
  await addClient.getByRole("button", { name: "Add the client" }).click();
  await expect(page.getByRole("status").first()).toContainText("The client and their matter were added.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(muralist);
  const muralistPage = new URL(page.url()).pathname;
  await expect(page.getByRole("region", { name: "History" })).toContainText(`Matter added: Mural commission ${tag} (current, 1 party)`);
  await checkAxe("a client of the register");
  await goTo(page, "Clients & matters");
  await page.getByRole("link", { name: "Import from a spreadsheet" }).click();
  await checkAxe("the import's first step");
  const csv = `\uFEFFClient,Matter Number,Description,Status,Open Date,Opposing Party\r\n"Hopper Prints, ${tag}",M-1,"Print run",Open,2025-02-03,Vale Paper Co\r\nLovelace Archive ${tag},M-2,Catalogue,Closed,2024-05-06,\r\n`;
  await page.getByLabel("CSV file").setInputFiles({ name: "clients.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Continue" }).click();
  await checkAxe("the import's columns");
  await page.getByRole("button", { name: "See what will be added" }).click();
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("The import will add");
  await checkAxe("the import's preview");
  await page.getByRole("button", { name: /^Import / }).click();
  await expect(page.getByRole("status").first()).toContainText("Imported: 2 clients, 2 matters, 1 party added.");
  await expect(page.getByRole("link", { name: `Hopper Prints, ${tag}` })).toBeVisible();

  // Ada's inquiry: where it came from, then every name checked in one step.
  await openInbox(page, tag);
  await itemOf(page, ada).getByRole("link", { name: ada.name }).click();
  const adaInquiry = new URL(page.url()).pathname;
  const cameFrom = page.getByRole("region", { name: "Where it came from", exact: true });
  await expect(cameFrom).toContainText(`Sent from the page${articlePath}`);
  await expect(cameFrom).toContainText(`First page of the visit${articlePath}`);
  await expect(cameFrom).toContainText("Came from the sitewww.google.com");
  await checkAxe("new inquiry");
  const intake = page.getByRole("region", { name: "Intake" });
  // Checked as it arrived: Zoë is a possible match, so a possible conflict is the first step offered.
  await expect(intake).toContainText(/as it arrived: \d+ possible match/);
  await intake.getByRole("button", { name: "Check all names again" }).click();
  await expect(intake.getByRole("status")).toContainText("Every name was checked");
  await expect(intake.getByRole("status")).toBeInViewport({ ratio: 1 });
  const partyGroup = page.getByRole("region", { name: `Other party: ${ada.parties.split("\n")[0]}` });
  await expect(partyGroup).toContainText("1 other inquiry");
  await expect(partyGroup.getByRole("link", { name: zoe.name })).toBeVisible();
  await expect(partyGroup).toContainText("Matched the sender's name: unaccented.");
  await expect(page.getByRole("region", { name: `Sender: ${ada.name}` })).toContainText("no inquiry but this one");
  await checkAxe("checked inquiry");

  // Zoë matched (and the earlier runs' Northwind Gallery): a possible conflict is the main step, and clearing
  // asks why, kept with the check.
  const outcomes = intake.getByRole("button", { name: /^Record: (possible conflict|conflict cleared)$/ });
  await expect(outcomes).toHaveText(["Record: possible conflict", "Record: conflict cleared"]);
  await intake.getByLabel("Why none of the matches is a conflict").fill("a different person of the same name");
  await intake.getByRole("button", { name: "Record: conflict cleared" }).click();
  await expect(page.getByRole("status").first()).toContainText("The intake state was recorded.");
  await expect(intake).toContainText("by developer@localhost, on the conflict check it rests on.");
  const clearedRecord = /\d+ match(es)? reviewed: a different person of the same name\./;
  await expect(intake).toContainText(clearedRecord);

  // A private note, and a day to come back to it.
  const notes = page.getByRole("region", { name: "Notes and follow-up" });
  await notes.getByLabel("Add a note").fill(`Called ${ada.name}: a mural licence, not for us.`);
  await notes.getByRole("button", { name: "Add the note" }).click();
  // The notice is drawn where she acted, and the page opens there: on a phone too, it is on the first screen.
  await expect(notes.getByRole("status")).toContainText("The note was added.");
  await expect(notes.getByRole("status")).toBeInViewport({ ratio: 1 });
  await expect(notes).toContainText(`Called ${ada.name}: a mural licence, not for us.`);
  await expect(notes).toContainText("developer@localhost, ");
  const followUp = new Date(Date.now() + 7 * 24 * 60 * 60_000).toISOString().slice(0, 10);
  await notes.getByLabel("Follow up on").fill(followUp);
  await notes.getByRole("button", { name: "Set the follow-up" }).click();
  await expect(page.getByRole("status").first()).toContainText("The follow-up day was set.");
  await checkAxe("inquiry with a note and a follow-up");

  // Declining, in writing: the letter prepared and adapted, kept with the decline, then the word that it went.
  await intake.getByText("Prepare the decline letter").click();
  const draft = intake.getByLabel("The letter", { exact: true });
  await expect(draft).toBeEditable();
  // The letter's words are the practice's (content/letters): only what the inbox fills in is the test's.
  const prepared = await draft.inputValue();
  expect(prepared).toContain(ada.name);
  expect(prepared).not.toContain("{{");
  await checkAxe("decline letter prepared");
  const text = `${prepared}\n\nP.S. ${tag}: a mural licence is not a matter for us.`;
  await draft.fill(text);
  await intake.getByRole("button", { name: "Record declined, letter not yet sent" }).click();
  await expect(page.getByRole("status").first()).toContainText("Recorded as declined, letter not yet sent.");
  await expect(intake.getByRole("button", { name: "Record: conflict cleared" })).toHaveCount(0);
  // Her words, as a document, and the same words each way out.
  expect(await page.locator("#letter-body").textContent()).toBe(text);
  const mail = new URL((await page.getByRole("link", { name: "Open in your mail program" }).getAttribute("href"))!);
  expect(decodeURIComponent(mail.pathname)).toBe(ada.email);
  expect(mail.searchParams.get("subject")).toBe(letters.nonEngagement.subject);
  expect(mail.searchParams.get("body")).toBe(text.replace(/\n/g, "\r\n"));
  if (javaScript) {
    await page.getByRole("button", { name: "Copy the letter" }).click();
    await expect(page.locator("#letter-copy-status")).toHaveText("Copied. Paste it into a new e-mail to the visitor.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  } else {
    // No script: no copy button; the letter to select and copy by hand, or the download.
    await expect(page.getByRole("button", { name: "Copy the letter" })).toBeHidden();
  }
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as text" }).click();
  const download = await downloading;
  expect(await readFile((await download.path())!, "utf8")).toContain(text.replace(/\n/g, "\r\n"));
  await checkAxe("declined inquiry, letter not yet sent");
  // Taken back while the letter is not sent: the intake as it stood, its record whole.
  await intake.getByRole("button", { name: "Cancel the decline" }).click();
  await expect(page.getByRole("status").first()).toContainText("The decline was cancelled");
  await expect(intake).toContainText(clearedRecord);
  await expect(page.locator("#letter-body")).toHaveCount(0);
  await intake.getByText("Prepare the decline letter").click();
  await intake.getByRole("button", { name: "Record declined, letter not yet sent" }).click();
  await expect(page.getByRole("status").first()).toContainText("Recorded as declined, letter not yet sent.");
  await intake.getByRole("button", { name: "Mark the letter sent" }).click();
  await expect(page.getByRole("status").first()).toContainText("Recorded as declined in writing.");
  await expect(intake).toContainText("Declined in writing");
  await expect(intake).toContainText("The letter was sent on ");
  await expect(intake.getByRole("button", { name: "Cancel the decline" })).toHaveCount(0);

  // The list counts it, and shows where it came from.
  await openInbox(page, tag);
  await expect(itemOf(page, ada)).toContainText("Declined in writing");
  await expect(itemOf(page, ada)).toContainText("Follow up ");

  // Its history in the activity log, each entry naming it.
  await goTo(page, "Activity");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Activity");
  // Rows as elements: on a phone the table's rows are stacked blocks.
  const rows = page.locator("table tr").filter({ has: page.locator(`a[href="${adaInquiry}"]`) });
  for (const [what, detail] of [
    ["Checked all names for conflicts", "names checked"],
    ["Changed the intake state", "New → Conflict cleared, on the conflict check of"],
    ["Changed the intake state", "reviewed: a different person of the same name"],
    ["Added a note", ""],
    ["Follow-up", "Follow up on"],
    ["Recorded a decline, letter not yet sent", "Conflict cleared → Declined, letter not yet sent"],
    ["Cancelled a decline", "Declined, letter not yet sent → Conflict cleared"],
    ["Declined in writing", "Declined, letter not yet sent → Declined in writing, sent on"],
  ] as const)
    await expect(rows.filter({ hasText: what }).filter({ hasText: detail }).first()).toContainText(ada.name);
  await checkAxe("activity");
  await page.getByRole("link", { name: "Views and look-ups" }).click();
  await expect(page.locator("table tr").filter({ hasText: "Viewed an inquiry" }).first()).toBeVisible();

  // Grace asks for her data, then for its deletion.
  await openInbox(page, tag);
  await itemOf(page, grace).getByRole("link", { name: grace.name }).click();
  // Named as the adverse party on a client's matter since she wrote: checked again, the register finds her.
  await page.getByRole("button", { name: "Check all names again" }).click();
  await expect(page.getByRole("region", { name: `Sender: ${grace.name}` })).toContainText(
    `Adverse party in “Mural commission ${tag}” (current), a matter of ${muralist}. Matched: same name.`,
  );
  await page.getByRole("button", { name: "Export or delete everything from this address" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(`1 inquiry from ${grace.email}`);
  await checkAxe("privacy request");
  // The person's copy as a page to print, in a new tab: axe, and valid HTML (the W3C checker, with the
  // inbox's list and an inquiry's page, once, at desktop width with JavaScript: the HTML is the same).
  const opening = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Open as a page to print (new tab)" }).click();
  const copy = await opening;
  await copy.waitForLoadState();
  await expect(copy.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(copy.locator("body")).toContainText(grace.name);
  if (javaScript) await expectNoAxeViolations(copy, "the person's copy, to print");
  await copy.close();
  if (javaScript && !isPhone(page)) {
    const origin = new URL(page.url()).origin;
    const document = await request.post("/admin/privacy/export/document", { form: { email: grace.email }, headers: { origin } });
    expect(document.status()).toBe(200);
    const pages = new Map([
      ["the person's copy (POST /admin/privacy/export/document)", await document.text()],
      [`the offer (POST ${alanInquiry}/offer)`, offerPage],
    ]);
    for (const path of [
      "/admin",
      "/admin?view=needs-me",
      adaInquiry,
      alanInquiry,
      "/admin/register",
      muralistPage,
      "/admin/register/import",
      "/admin/consultations",
    ])
      pages.set(path, await (await request.get(path)).text());
    expect(htmlProblems(pages), "Nu Html Checker errors and warnings").toEqual([]);
  }
  const exporting = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as JSON" }).click();
  const exported = JSON.parse(await readFile((await (await exporting).path())!, "utf8")) as {
    submissions: { name: string; message: string }[];
  };
  expect(exported.submissions).toEqual([expect.objectContaining({ name: grace.name, message: grace.message })]);
  await page.getByRole("button", { name: "Delete 1 inquiry…" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Delete 1 inquiry from ${grace.email}?`);
  await checkAxe("deletion confirmation");
  await page.getByLabel("Why (kept in the activity log)").fill("She asked by e-mail.");
  await page.getByRole("button", { name: "Erase everything (1 inquiry)" }).click();
  await expect(page.getByRole("status")).toContainText("Deleted 1 inquiry.");
  await openInbox(page, tag);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([alan.name, ada.name, zoe.name]);
}

test.describe("the inquiry inbox", () => {
  // A bound for a hung walk, not a timing goal: the day grew by the consultation's offer and page, and on two
  // busy cores beside the other browser tests the whole walk has taken four minutes.
  test.describe.configure({ timeout: 360_000 });

  test.beforeEach(async ({ page, context }) => {
    test.skip(!articlePath, "content/ has no article to send an inquiry from");
    // The attorney's phone, as the issue measures it.
    if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: servers.faults.url });
  });

  test("with JavaScript: an inquiry from an article checked, its match cleared, noted, declined in writing; resend, engage, the register, export, delete", async ({
    page,
    request,
    browser,
  }) => {
    await attorneysDay(page, request, browser, true);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the same day works with plain HTML forms", async ({ page, request, browser }) => {
      // Plain forms post the same at any width; the phone's layout is walked with JavaScript and below.
      test.skip(isPhone(page), "the forms' answers do not depend on the width");
      await attorneysDay(page, request, browser, false);
    });
  });

  test("fits a phone: the first inquiry in view, a menu, filters folded, axe clean, down to 320 px", async ({ page }) => {
    test.skip(!isPhone(page), "the phone's layout");
    const [ada] = visitors("phone");
    await postInquiry(page, ada, false);
    await page.goto("/admin");
    // Above the fold at 390 × 844: the first inquiry's name, under a one-row header, the counts and the folded filters.
    const first = page.locator("main ol > li h2").first();
    const box = (await first.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await expect(page.getByLabel("Name or e-mail")).toBeHidden();
    await page.locator("summary", { hasText: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Inbox" }).getByRole("link", { name: "Edit the site" })).toBeVisible();
    await expectNoAxeViolations(page, "inbox with the menu open");
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await openInbox(page, ada.email);
      await expect(page.getByRole("link", { name: ada.name })).toBeVisible();
      await expectNoAxeViolations(page, `inbox list at ${width}px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await page.getByRole("link", { name: ada.name }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(ada.name);
      await expectNoAxeViolations(page, `inquiry at ${width}px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await page.goto("/admin/activity");
      await expectNoAxeViolations(page, `activity at ${width}px`);
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
        "Check all names",
        "data-copy-status",
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
