/**
 * `npm run font-glyphs`: whether each built font subset draws its glyphs as the full font file does (run
 * `npm run build` first). In Chromium, every character of each subset is drawn alone on a canvas from the
 * subset and from the full Latin file, at every size from 10 to 80 px and at regular, medium and semibold
 * (the weights the site sets); it prints, per face, how many glyph drawings have their ink on other pixel
 * rows than the full file's (a glyph moved: visible) and, of the others, the largest difference of any pixel
 * (anti-aliasing).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { FACES, subsetCharacters } from "../build/fonts.ts";
import { contentText } from "../build/content/text.ts";
import { readFontUsage } from "../build/font-usage.ts";
import { builtSubsetPath } from "./lib/built-fonts.ts";

const WEIGHTS = [400, 500, 600];
const SIZES = Array.from({ length: 71 }, (_, index) => 10 + index);

const dataUrl = (path: string) => `data:font/woff2;base64,${readFileSync(path).toString("base64")}`;

interface Comparison {
  readonly drawings: number;
  readonly movedRows: number;
  readonly examples: readonly string[];
  readonly largestDifference: number;
}

/** Runs in the page: draws each character from both files and compares the pixels. */
async function compare({
  subset,
  full,
  style,
  characters,
  weights,
  sizes,
}: {
  subset: string;
  full: string;
  style: string;
  characters: string;
  weights: number[];
  sizes: number[];
}): Promise<Comparison> {
  for (const [family, url] of [
    ["Subset", subset],
    ["Full", full],
  ] as const) {
    const face = new FontFace(family, `url(${url})`, { weight: "100 900", style });
    await face.load();
    document.fonts.add(face);
  }
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 200;
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  const draw = (font: string, character: string) => {
    context.clearRect(0, 0, 200, 200);
    context.font = font;
    context.fillText(character, 20, 150);
    const pixels = context.getImageData(0, 0, 200, 200).data;
    const inkedRows: number[] = [];
    for (let y = 0; y < 200; y++)
      for (let x = 0; x < 200; x++)
        if (pixels[(y * 200 + x) * 4 + 3]) {
          inkedRows.push(y);
          break;
        }
    return { pixels, rows: `${inkedRows[0]}-${inkedRows.at(-1)}` };
  };
  let drawings = 0;
  let largestDifference = 0;
  const moved: string[] = [];
  for (const weight of weights) {
    for (const size of sizes) {
      for (const character of characters) {
        if (!character.trim()) continue;
        const a = draw(`${style} ${weight} ${size}px Subset`, character);
        const b = draw(`${style} ${weight} ${size}px Full`, character);
        drawings++;
        if (a.rows !== b.rows) moved.push(`${character} at ${size} px, ${weight}`);
        else
          for (let index = 3; index < a.pixels.length; index += 4)
            largestDifference = Math.max(largestDifference, Math.abs(a.pixels[index]! - b.pixels[index]!));
      }
    }
  }
  return { drawings, movedRows: moved.length, examples: moved.slice(0, 4), largestDifference };
}

const usage = readFontUsage(process.cwd());
const text = contentText("content");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  console.log(`Each character of each subset against the full file, alone, at ${SIZES[0]}–${SIZES.at(-1)} px and ${WEIGHTS.join(", ")}:\n`);
  console.log("| face | drawings | on other pixel rows | largest pixel difference of the others (of 255) |");
  console.log("|---|---:|---:|---:|");
  for (const face of FACES) {
    const result = await page.evaluate(compare, {
      subset: dataUrl(builtSubsetPath(face)),
      full: dataUrl(join("node_modules", face.source)),
      style: face.style,
      characters: subsetCharacters(face, usage, text),
      weights: WEIGHTS,
      sizes: SIZES,
    });
    const examples = result.examples.length > 0 ? ` (${result.examples.join("; ")}…)` : "";
    console.log(
      `| ${face.family} ${face.style} | ${result.drawings.toLocaleString("en-US")} | ${result.movedRows}${examples} | ${result.largestDifference} |`,
    );
  }
} finally {
  await browser.close();
}
