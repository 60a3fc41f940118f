import { readFontUsage } from "../build/font-usage.ts";
import { FACES, subsetCharacters } from "../build/fonts.ts";
import { contentText } from "../build/content/text.ts";
import { routeTable } from "../scripts/lib/site-routes.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Two characters of the body face's Latin file that its subset lacks: the subset holds what the pages were
 * recorded setting and every character of content/ (build/fonts.ts), so which are left out depends on the words.
 */
const inter = FACES.find((face) => face.family === "Inter Variable" && face.style === "normal")!;
const interSubset = new Set(subsetCharacters(inter, readFontUsage(process.cwd()), contentText("content")));
const notInSubset = [..."þ¤ÞðÐ¦¬¯¸¹¾"]
  .filter((character) => !interSubset.has(character))
  .slice(0, 2)
  .join("");

/** An article that sets no quotation: a quotation is set in the serif's italic, a third face. */
const plainArticle = routeTable.byKind.article.find((route) => !route.params.article.html.includes("<blockquote"));

test.describe("fonts", () => {
  test("pages download only the subsets of the characters the site uses", async ({ page }) => {
    const fonts: string[] = [];
    page.on("request", (request) => request.resourceType() === "font" && fonts.push(new URL(request.url()).pathname));
    await page.goto("/about");
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/-subset-wght-(normal|italic)-[\w-]+\.woff2$/);
  });

  test("a character the subset lacks still renders in the web font, from the full file the stack names next", async ({ page }) => {
    test.skip(notInSubset === "", "every candidate character is in the subset: content/ uses them all");
    const fonts: string[] = [];
    page.on("request", (request) => request.resourceType() === "font" && fonts.push(new URL(request.url()).pathname));
    await page.goto("/");
    await page.evaluate(() => document.fonts.ready);
    // These are in the fonts' Latin files but nowhere in the site's text, so not in the subset.
    await page.evaluate((characters) => {
      const text = document.createElement("p");
      text.className = "font-sans";
      text.textContent = characters;
      document.body.appendChild(text);
    }, notInSubset);
    await expect.poll(() => fonts.some((font) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(font))).toBe(true);
    expect(
      await page.evaluate(
        async (characters) =>
          (await document.fonts.load("16px 'Inter Variable Latin'", characters)).some((face) => face.status === "loaded"),
        notInSubset,
      ),
    ).toBe(true);
  });

  test("text in a weight the subset leaves out still renders in that weight, from the full face", async ({ page }) => {
    const fonts: string[] = [];
    page.on("request", (request) => request.resourceType() === "font" && fonts.push(new URL(request.url()).pathname));
    await page.goto("/");
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.some((font) => /\/inter-latin-/.test(font))).toBe(false);
    // The subsets keep the weights from regular up, all the site sets; light (300) is drawn from the full file.
    await page.evaluate(() => {
      const text = document.createElement("p");
      text.className = "font-sans";
      text.style.fontWeight = "300";
      text.textContent = "Light";
      document.body.appendChild(text);
    });
    await expect.poll(() => fonts.some((font) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(font))).toBe(true);
  });

  for (const path of ["/", "/contact", ...(plainArticle ? [plainArticle.path] : [])]) {
    test(`${path} preloads the two faces it uses, and fetches each once`, async ({ page }) => {
      const fonts: string[] = [];
      page.on("request", (request) => request.resourceType() === "font" && fonts.push(new URL(request.url()).pathname));
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      const preloaded = await page
        .locator('link[rel="preload"][as="font"]')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      expect(preloaded).toHaveLength(2);
      expect(new Set(fonts)).toEqual(new Set(preloaded));
      expect(fonts).toHaveLength(2);
      // Both faces are in use once the page has rendered (a preload nobody uses would only cost bytes).
      // (The metric-matched local fallbacks may load too, if text was laid out before the web fonts arrived.)
      // Once an island has brought the whole stylesheet, it declares the inlined faces a second time: one
      // entry per face.
      const loaded = await page.evaluate(() =>
        Array.from(document.fonts)
          .filter((face) => face.status === "loaded" && !face.family.endsWith("Fallback"))
          .map((face) => `${face.family} ${face.style}`),
      );
      expect([...new Set(loaded)].sort()).toEqual(["Inter Variable normal", "Source Serif 4 Variable normal"]);
    });
  }
});
