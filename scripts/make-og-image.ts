/**
 * Draws the share image (public/og-image.png, 1200x630) in Chromium from the site's own fonts, palette and
 * words, so it changes with content/. Run after changing the practice's name or tagline:
 *   node scripts/make-og-image.ts
 */
import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { SHARE_IMAGE as shareImage } from "../src/content/site.ts";
import { locationLabel, pages, site } from "./lib/site-routes.ts";

// Embedded as data URLs: a page made with setContent may not load file:// fonts.
const font = (file: string) =>
  `data:font/woff2;base64,${readFileSync(resolve("node_modules/@fontsource-variable", file)).toString("base64")}`;

const html = `<!doctype html><html><head><style>
@font-face { font-family: "Brand Serif"; src: url("${font("source-serif-4/files/source-serif-4-latin-wght-normal.woff2")}"); font-weight: 200 900; }
@font-face { font-family: "Brand Sans"; src: url("${font("inter/files/inter-latin-wght-normal.woff2")}"); font-weight: 100 900; }
html, body { margin: 0; width: ${shareImage.width}px; height: ${shareImage.height}px; }
body { background: #faf7f2; color: #1e2124; font-family: "Brand Sans"; display: flex; }
.band { width: 28px; background: #1d4e5f; }
.card { flex: 1; padding: 84px 96px; display: flex; flex-direction: column; justify-content: space-between; }
.name { font-family: "Brand Serif"; font-size: 40px; font-weight: 600; color: #1d4e5f; letter-spacing: -0.01em; }
.headline { max-width: 720px; font-family: "Brand Serif"; font-size: 92px; font-weight: 600; line-height: 1.02; letter-spacing: -0.02em; margin: 0; }
.tagline { font-size: 34px; color: #555049; margin-top: 28px; }
.foot { display: flex; justify-content: space-between; font-size: 26px; color: #555049; border-top: 2px solid #ddd5c8; padding-top: 28px; }
</style></head><body><div class="band"></div><div class="card">
<div class="name">${site.practiceName}</div>
<div><p class="headline">${pages.home.hero.headline}</p><div class="tagline">${site.tagline}</div></div>
<div class="foot"><span>Creative law &amp; consulting</span><span>${locationLabel}</span></div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: shareImage.width, height: shareImage.height } });
await page.setContent(html, { waitUntil: "load" });
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: `public${shareImage.path}`, type: "png" });
await browser.close();
console.log(`Wrote public${shareImage.path} (${shareImage.width}x${shareImage.height})`);
