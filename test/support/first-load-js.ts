/**
 * First-load JavaScript of a page, measured in a real browser: every script the page fetches from
 * navigation until the network is idle, with no pointer, touch, focus or key event at all, after scrolling
 * through the whole page (so islands that wait to be visible count too: a worst case for a visitor who only
 * reads). Sizes are the bodies the browser received, raw and gzip -9 (what a compressing server or CDN would
 * send; `wrangler dev` itself sends them uncompressed).
 *
 * Also what a page adds once every island is live. Used by the budget test (e2e/budget.e2e.ts) and by
 * `npm run bench`.
 */
import { gzipSync } from "node:zlib";
import type { Page, Response } from "@playwright/test";

/** The most first-load JavaScript any route may ship, gzip. */
export const FIRST_LOAD_JS_BUDGET = 90 * 1024;

/**
 * The most JavaScript any route may ship with every island live, gzip, at a phone's width (where the
 * header's dropdown does not apply: wide screens load it too, and are measured but not held to this).
 */
export const ALL_ISLANDS_JS_BUDGET = 100 * 1024;

export interface ScriptFile {
  readonly url: string;
  readonly raw: number;
  readonly gzip: number;
}

export interface ScriptLoad {
  readonly scripts: readonly ScriptFile[];
  readonly raw: number;
  readonly gzip: number;
}

/** Collects the scripts a page receives while `during` runs. */
async function scriptsReceived(page: Page, during: () => Promise<void>): Promise<ScriptLoad> {
  const bodies: Promise<ScriptFile | undefined>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(
      response.body().then(
        (body) => ({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => undefined,
      ),
    );
  };
  page.on("response", onResponse);
  try {
    await during();
  } finally {
    page.off("response", onResponse);
  }
  const scripts = (await Promise.all(bodies)).filter((file): file is ScriptFile => file !== undefined);
  return {
    scripts,
    raw: scripts.reduce((sum, file) => sum + file.raw, 0),
    gzip: scripts.reduce((sum, file) => sum + file.gzip, 0),
  };
}

/** Scrolls to the end of the page a viewport at a time (no input events), letting each stop settle. */
async function scrollThrough(page: Page) {
  for (let stop = 0; stop < 50; stop++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy({ top: window.innerHeight, behavior: "instant" });
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(50);
    if (atEnd) break;
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}

/** Resolves once the page has had no request in flight for `quietMs`. */
async function networkQuiet(page: Page, quietMs = 500) {
  let inFlight = 0;
  let last = Date.now();
  const started = () => {
    inFlight += 1;
    last = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    last = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    while (inFlight > 0 || Date.now() - last < quietMs) await page.waitForTimeout(50);
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/**
 * First-load JavaScript of `url` (see the top of this file), as a first visit: the cache is off. With
 * `scroll: false`, only what the page fetches where it opens, before anyone scrolls.
 */
export async function measureFirstLoadJs(page: Page, url: string, { scroll = true } = {}): Promise<ScriptLoad> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  return scriptsReceived(page, async () => {
    await page.goto(url, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    const quiet = networkQuiet(page);
    if (scroll) await scrollThrough(page);
    await quiet;
  });
}

/**
 * The JavaScript a page adds once every island that applies at its width is live (after first load): their
 * chunks, and whatever they fetch on their own until the network is quiet. Not what using them fetches
 * later: the contact form's schema comes with the first keystroke.
 */
export function measureAllIslandsJs(page: Page): Promise<ScriptLoad> {
  return scriptsReceived(page, async () => {
    const quiet = networkQuiet(page);
    await page.evaluate(() => document.dispatchEvent(new Event("hydrate-islands")));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await quiet;
  });
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
