import { expect, test } from "./fixtures.ts";

test.describe("fonts", () => {
  for (const path of ["/", "/contact", "/blog/how-to-license-artwork"]) {
    test(`${path} preloads the two faces it uses, and fetches each once`, async ({ page }) => {
      const fonts: string[] = [];
      page.on("request", (request) => request.resourceType() === "font" && fonts.push(new URL(request.url()).pathname));
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      const preloaded = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
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
