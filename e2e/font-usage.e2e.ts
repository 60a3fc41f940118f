import { writeFileSync } from "node:fs";
import { type Browser, type BrowserContextOptions, type Page, devices } from "@playwright/test";
import { contentText } from "../build/content/text.ts";
import { FONT_USAGE_FILE, type FaceUsage, type FontUsage, faceKey, readFontUsage, sortedCharacters } from "../build/font-usage.ts";
import { FACES, subsetCharacters, subsetFeatures } from "../build/fonts.ts";
import { pagePathsToCheck, pages } from "../scripts/lib/site-routes.ts";
import { expect, gotoHydrated, ownClientAddress, test } from "./fixtures.ts";

/*
 * What the pages (each kind: routesToCheck) set in each web font face, at both widths, with the contact
 * form's messages: the subsets the build cut (build/fonts.ts) must hold it, or the browser fetches a full
 * font file for the missing characters, which no page may. With FONT_USAGE=record (`npm run fonts:usage`)
 * the test writes what it found to build/font-usage.json instead, for the next build to cut the subsets from.
 */
const recording = process.env.FONT_USAGE === "record";

/** The contact form's words, from content/pages/contact.yaml. */
const { contact } = pages;

/** Per face ("Inter Variable normal"): the characters and features the current page sets in it. */
type PageUsage = Record<string, { characters: string; features: string[] }>;

/**
 * Runs in the page: every text node, form field and generated content (::before, ::after) whose first
 * font family is a web font, by face, after text-transform. Text in a style the family has no face for
 * (Inter's italic) is drawn from the upright face. Hidden text counts too (a closed menu opens later).
 */
function measure(): PageUsage {
  const faces = new Set([...document.fonts].map((face) => `${face.family.replace(/"/g, "")} ${face.style}`));
  const numericFeatures: Record<string, string> = {
    "tabular-nums": "tnum",
    "oldstyle-nums": "onum",
    "lining-nums": "lnum",
    "proportional-nums": "pnum",
    "diagonal-fractions": "frac",
    "stacked-fractions": "afrc",
    "slashed-zero": "zero",
    ordinal: "ordn",
  };
  const usage: PageUsage = {};
  const add = (style: CSSStyleDeclaration, text: string) => {
    if (!text.trim()) return;
    const family = style.fontFamily.split(",")[0]!.trim().replace(/^"|"$/g, "");
    const face = faces.has(`${family} ${style.fontStyle}`) ? `${family} ${style.fontStyle}` : `${family} normal`;
    if (!faces.has(face)) return;
    const transformed =
      style.textTransform === "uppercase"
        ? text.toUpperCase()
        : style.textTransform === "lowercase"
          ? text.toLowerCase()
          : style.textTransform === "capitalize"
            ? text + text.toUpperCase()
            : text;
    const features = [
      ...style.fontVariantNumeric.split(" ").flatMap((value) => numericFeatures[value] ?? []),
      ...(style.fontVariantCaps === "small-caps" ? ["smcp"] : style.fontVariantCaps === "all-small-caps" ? ["smcp", "c2sc"] : []),
      ...[...style.fontFeatureSettings.matchAll(/"(\w{4})"(?:\s+(\w+))?/g)]
        .filter(([, , value]) => value !== "0" && value !== "off")
        .map(([, tag]) => tag!),
    ];
    const entry = (usage[face] ??= { characters: "", features: [] });
    entry.characters += transformed;
    entry.features.push(...features);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && !parent.closest("script, style, noscript, template")) add(getComputedStyle(parent), node.textContent ?? "");
  }
  for (const element of document.body.querySelectorAll("*")) {
    for (const pseudo of ["::before", "::after"]) {
      const style = getComputedStyle(element, pseudo);
      const quoted = /^"(.*)"$/.exec(style.content);
      if (quoted) add(style, quoted[1]!);
    }
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
      add(getComputedStyle(element), `${element.value} ${element.placeholder}`);
  }
  return usage;
}

/** Everything measured so far, by face. */
class Usage {
  private readonly faces = new Map<string, { characters: Set<string>; features: Set<string>; where: Map<string, string> }>();

  async measure(page: Page, state: string) {
    await page.evaluate(() => document.fonts.ready);
    for (const [face, found] of Object.entries(await page.evaluate(measure))) {
      const entry = this.faces.get(face) ?? { characters: new Set(), features: new Set(), where: new Map() };
      this.faces.set(face, entry);
      for (const character of found.characters) {
        // Line breaks and tabs are not drawn.
        if (/\p{Cc}/u.test(character)) continue;
        if (!entry.where.has(character)) entry.where.set(character, state);
        entry.characters.add(character);
      }
      for (const feature of found.features) entry.features.add(feature);
    }
  }

  /** As font-usage.json records it. */
  record(): FontUsage {
    const sorted = [...this.faces].sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(
      sorted.map(([face, { characters, features }]): [string, FaceUsage] => [
        face,
        { characters: sortedCharacters(characters), features: [...features].sort() },
      ]),
    );
  }

  /** Where a character was first seen in a face: "/about (phone)". */
  whereSeen(face: string, character: string): string {
    return this.faces.get(face)?.where.get(character) ?? "";
  }
}

const widths: [string, BrowserContextOptions][] = [
  ["desktop", { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } }],
  ["phone", devices["Pixel 7"]],
];

/** Font files fetched by any visitor's page: the full ones ("-latin-") only for a character a subset lacks. */
const fontsFetched: string[] = [];

async function visitor(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await ownClientAddress(page);
  page.on(
    "request",
    (request) => request.resourceType() === "font" && fontsFetched.push(`${new URL(request.url()).pathname} (${page.url()})`),
  );
  return page;
}

/** The contact form's messages, which only its island shows: toasts, the sending state, field errors. */
async function measureContactForm(page: Page, usage: Usage, width: string) {
  const send = page.getByRole("button", { name: contact.submitLabel });
  await gotoHydrated(page, "/contact");
  await send.click();
  await expect(page.getByRole("status").filter({ hasText: contact.outcomes.missing.title })).toBeVisible();
  await usage.measure(page, `/contact, nothing filled in (${width})`);

  await page.getByLabel(contact.fields.name.label).fill("Ada");
  await page.getByLabel(contact.fields.email.label).fill("not an address");
  await page.getByLabel(contact.fields.message.label).fill("Hello.");
  await send.click();
  await usage.measure(page, `/contact, a bad e-mail address (${width})`);

  await page.getByLabel(contact.fields.email.label).fill("ada@example.com");
  await page.route("**/api/contact", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"storage_failed"}' }),
  );
  await send.click();
  await expect(page.getByRole("status").filter({ hasText: contact.outcomes.error.title })).toBeVisible();
  await usage.measure(page, `/contact, sending failed (${width})`);

  // The post is held until the sending state is measured. The hold exists before the post does, since the
  // button says "Sending..." before the request goes out.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.unroute("**/api/contact");
  await page.route("**/api/contact", async (route) => {
    await held;
    await route.fulfill({ status: 201, contentType: "application/json", body: '{"ok":true}' });
  });
  await send.click();
  await expect(page.getByRole("button", { name: contact.sendingLabel })).toBeVisible();
  await usage.measure(page, `/contact, sending (${width})`);
  release();
  await expect(page.getByRole("status").filter({ hasText: contact.outcomes.sent.title })).toBeVisible();
  await usage.measure(page, `/contact, sent (${width})`);
}

/** The answer to a plain post (no JavaScript) that lacks the required fields. */
async function measurePlainPost(browser: Browser, usage: Usage, [width, options]: [string, BrowserContextOptions]) {
  const page = await visitor(browser, { ...options, javaScriptEnabled: false });
  await page.goto("/contact");
  await page.getByLabel(contact.fields.organization.label).fill("Studio");
  await page.getByRole("button", { name: contact.submitLabel }).click();
  await expect(page.getByRole("alert")).toContainText(contact.outcomes.missing.title);
  await usage.measure(page, `/contact, posted without JavaScript and fields missing (${width})`);
  await page.context().close();
}

test("each web font's subset holds every character the pages set in it", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one run covers both widths");
  test.setTimeout(180_000);
  const usage = new Usage();
  for (const [width, options] of widths) {
    const page = await visitor(browser, options);
    for (const path of pagePathsToCheck) {
      await page.goto(path);
      await usage.measure(page, `${path} (${width})`);
    }
    await measureContactForm(page, usage, width);
    await measurePlainPost(browser, usage, [width, options]);
    await page.context().close();
  }
  const found = usage.record();
  if (recording) {
    writeFileSync(FONT_USAGE_FILE, `${JSON.stringify(found, null, 2)}\n`);
    return;
  }

  // The subsets as this build cut them: from the record it was built from and the text of content/.
  const recorded = readFontUsage(process.cwd());
  const text = contentText("content");
  expect(Object.keys(found).sort(), "the faces pages set text in").toEqual(FACES.map(faceKey).sort());
  for (const face of FACES) {
    const key = faceKey(face);
    const inSubset = new Set(subsetCharacters(face, recorded, text));
    const missing = [...found[key]!.characters].filter((character) => !inSubset.has(character));
    expect(
      missing.map((character) => `"${character}" on ${usage.whereSeen(key, character)}`),
      `characters set in ${key} that its subset lacks: run npm run fonts:usage to record what the pages set`,
    ).toEqual([]);
    const features = subsetFeatures(face, recorded);
    expect(
      found[key]!.features.filter((feature) => !features.includes(feature)),
      `features set in ${key} that its subset leaves out: run npm run fonts:usage`,
    ).toEqual([]);
  }
  expect(
    fontsFetched.filter((font) => font.includes("-latin-")),
    "full font files fetched",
  ).toEqual([]);
});
