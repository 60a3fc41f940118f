import { routeTable } from "../scripts/lib/site-routes.ts";
import { fullChromium } from "../test/support/chromium.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The local fallbacks (build/fonts.ts) must take the room the web fonts take, or text moves when the web
 * fonts swap in. Measured with the web fonts loaded: the same text is set once in the web font and once in the
 * rest of its font stack, where the first fallback whose local font this machine has applies (Liberation Sans
 * and Serif on Debian). No timing is involved.
 */
const PROSE =
  "A written license protects both sides by replacing assumptions with agreed terms. The scope is the heart of " +
  "the license: which work, in which media, where, for how long and how many copies. Royalties, fees & credit lines";

/** The styles the site sets: Inter for text, Source Serif 4 for headings, quotes in its italic. */
const STYLES = [
  { stack: "--font-sans", weight: 400, style: "normal" },
  { stack: "--font-sans", weight: 500, style: "normal" },
  { stack: "--font-sans", weight: 600, style: "normal" },
  { stack: "--font-sans", weight: 700, style: "normal" },
  { stack: "--font-serif", weight: 400, style: "normal" },
  { stack: "--font-serif", weight: 600, style: "normal" },
  { stack: "--font-serif", weight: 700, style: "normal" },
  { stack: "--font-serif", weight: 400, style: "italic" },
] as const;

/** Where to measure: a page of prose, the first article (the home page while there is none); its own text is not measured. */
const PAGE = routeTable.byKind.article[0]?.path ?? "/";

// The full browser: the headless shell sets text a little differently from the browser visitors run.
test.use({ launchOptions: fullChromium });

test.describe("local font fallbacks", () => {
  test("take the web fonts' room: line width and height", async ({ page }) => {
    await page.goto(PAGE);
    const measured = await page.evaluate(
      async ({ styles, prose }) => {
        const root = getComputedStyle(document.documentElement);
        const set = (stack: string, weight: number, style: string, size: number, text: string) => {
          const span = document.createElement("span");
          Object.assign(span.style, {
            position: "absolute",
            top: "0",
            left: "0",
            whiteSpace: "pre",
            lineHeight: "normal",
            fontFamily: stack,
            fontWeight: String(weight),
            fontStyle: style,
            fontSize: `${size}px`,
          });
          span.textContent = text;
          document.body.appendChild(span);
          return span;
        };
        const pairs = styles.map(({ stack, weight, style }) => {
          // The web font's families (its subset, then its full file) come first, then the fallbacks.
          const families = root
            .getPropertyValue(stack)
            .split(",")
            .map((family) => family.trim());
          const firstFallback = families.findIndex((family) => family.replace(/"/g, "").endsWith("Fallback"));
          const [web, fallbacks] = [families.slice(0, firstFallback).join(", "), families.slice(firstFallback).join(", ")];
          const both = (size: number, text: string) =>
            [set(web, weight, style, size, text), set(fallbacks, weight, style, size, text)] as const;
          return { name: `${families[0]!.replace(/"/g, "")} ${weight} ${style}`, width: both(20, prose), height: both(100, "Hxgp") };
        });
        await document.fonts.ready;
        const results = pairs.map(({ name, width: [webLine, fallbackLine], height: [webBox, fallbackBox] }) => ({
          name,
          widthRatio: fallbackLine.getBoundingClientRect().width / webLine.getBoundingClientRect().width,
          heightDifference: fallbackBox.getBoundingClientRect().height - webBox.getBoundingClientRect().height,
        }));
        const loaded = (family: string) =>
          Array.from(document.fonts)
            .filter((face) => face.status === "loaded" && face.family.replace(/"/g, "") === family)
            .map((face) => `${face.family} ${face.style}`);
        return {
          results,
          webFonts: [...loaded("Inter Variable"), ...loaded("Source Serif 4 Variable")],
          fallbacks: Array.from(document.fonts)
            .filter((face) => face.status === "loaded" && face.family.endsWith("Fallback"))
            .map((face) => `${face.family.replace(/"/g, "")} ${face.style}`),
        };
      },
      { styles: STYLES, prose: PROSE },
    );
    // Both sides really are what they claim: the web fonts, and the fallback faces for the sans, serif and
    // serif italic (not the browser's default fonts, which have no overrides).
    expect(measured.webFonts.length).toBeGreaterThanOrEqual(3);
    expect(
      measured.fallbacks.filter((face) => face.startsWith("Inter ")),
      "a sans fallback face in use",
    ).toHaveLength(1);
    expect(measured.fallbacks.filter((face) => face.startsWith("Source Serif 4 ")).sort(), "serif fallback faces in use").toEqual([
      expect.stringMatching(/ italic$/),
      expect.stringMatching(/ normal$/),
    ]);
    const report = JSON.stringify({ fallbacks: measured.fallbacks, results: measured.results }, null, 1);
    for (const { name, widthRatio, heightDifference } of measured.results) {
      // The fallbacks are sized to the web fonts' regular and italic; the browser emboldens them without
      // widening, while the web fonts widen by 2–3% up to bold.
      const [, weight] = /(\d+) \w+$/.exec(name)!;
      const tolerance = Number(weight) >= 600 ? 0.04 : 0.02;
      expect(Math.abs(widthRatio - 1), `${name}: width in the fallback / in the web font\n${report}`).toBeLessThanOrEqual(tolerance);
      // A line of 100px type is as tall in either, up to the browser's rounding of ascent and descent.
      expect(Math.abs(heightDifference), `${name}: line height in the fallback - in the web font (px)\n${report}`).toBeLessThanOrEqual(2);
    }
  });
});
