import { expect, test } from "./fixtures.ts";

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
    const fonts: string[] = [];
    page.on("request", (request) => request.resourceType() === "font" && fonts.push(new URL(request.url()).pathname));
    await page.goto("/");
    await page.evaluate(() => document.fonts.ready);
    // "þ" and "¤" are in the fonts' Latin files but nowhere in the site's text, so not in the subset.
    await page.evaluate(() => {
      const text = document.createElement("p");
      text.className = "font-sans";
      text.textContent = "þ¤";
      document.body.appendChild(text);
    });
    await expect.poll(() => fonts.some((font) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(font))).toBe(true);
    expect(
      await page.evaluate(async () =>
        (await document.fonts.load("16px 'Inter Variable Latin'", "þ¤")).some((face) => face.status === "loaded"),
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

  for (const path of ["/", "/contact", "/blog/how-to-license-artwork"]) {
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
      const loaded = await page.evaluate(() =>
        Array.from(document.fonts)
          .filter((face) => face.status === "loaded" && !face.family.endsWith("Fallback"))
          .map((face) => `${face.family} ${face.style}`),
      );
      expect(loaded.sort()).toEqual(["Inter Variable normal", "Source Serif 4 Variable normal"]);
    });
  }
});
