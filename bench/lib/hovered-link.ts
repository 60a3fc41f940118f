/**
 * The time from a click on a link the visitor has rested the pointer on to the first paint of the next
 * page, over a slow link: the figure speculation rules are there to shrink (src/seo/speculation-rules.ts;
 * docs/performance-navigation.md).
 *
 * Each run is a fresh browser profile on the throttled link (bench/lib/throttled-link.ts), its text
 * compressed as Cloudflare's edge sends it (bench/lib/compressing-front.ts): it opens the first page and
 * lets it settle, moves the pointer onto the link, keeps it there for the dwell, and clicks.
 * The click's time comes from the first page (its event's timestamp), the first paint from the next page
 * (its `first-paint` entry, or `first-contentful-paint`); both are read on the same clock (each page's
 * time origin plus its own time), so a prerendered page that was still loading when the click came counts
 * its wait. Whether the page shown was the prerendered one is reported with each run.
 */
import { type Session, type Tab, launchChromium } from "../../test/support/cdp.ts";
import { startCompressingFront } from "./compressing-front.ts";
import { median } from "./median.ts";
import { type LinkShape, startThrottledLink } from "./throttled-link.ts";

/** The slow link the goal is set on: 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
export const SLOW_LINK: LinkShape = { rttMs: 150, downBps: 1_600_000, upBps: 750_000 };

/** The goal for the median click-to-paint time. */
export const HOVERED_LINK_GOAL_MS = 100;

/**
 * How long the pointer rests on the link before the click, by default: a second. Moderate eagerness starts
 * the prerender 200 ms into the hover; the prerender then needs the link's round trip and the document,
 * while the same hover (on the header) fetches the navigation's React. A shorter rest is measured too.
 */
const RESTED_MS = 1000;

interface HoveredLinkRun {
  /** Click → first paint of the next page, ms. */
  readonly ms: number;
  /** Whether the page shown was prerendered (its navigation's activationStart is after 0). */
  readonly prerendered: boolean;
}

export interface HoveredLinkFigure {
  readonly from: string;
  readonly to: string;
  readonly dwellMs: number;
  readonly withoutSpeculationRules: boolean;
  readonly runs: readonly HoveredLinkRun[];
  readonly medianMs: number;
}

const PAINT = `new Promise((resolve) => {
  const pick = (entries) => entries.find((entry) => entry.name === "first-paint") ?? entries.find((entry) => entry.name === "first-contentful-paint");
  const found = pick(performance.getEntriesByType("paint"));
  if (found) return resolve(performance.timeOrigin + found.startTime);
  new PerformanceObserver((list, observer) => {
    const entry = pick(list.getEntries());
    if (entry) { observer.disconnect(); resolve(performance.timeOrigin + entry.startTime); }
  }).observe({ type: "paint", buffered: true });
})`;

/** One run: the first page, the dwell on the link to `to`, the click, the next page's first paint. */
async function run(tab: Tab, origin: string, from: string, to: string, linkSelector: string, dwellMs: number): Promise<HoveredLinkRun> {
  await tab.goto(new URL(from, origin).href);
  // Settled: its fonts in, and the speculation rules read (the browser reads them when idle).
  await tab.page.evaluate("document.fonts.ready.then(() => new Promise((resolve) => setTimeout(resolve, 1000)))");
  await tab.page.send("Runtime.addBinding", { name: "reportClick" });
  await tab.page.evaluate(
    `addEventListener("click", (event) => reportClick(String(performance.timeOrigin + event.timeStamp)), { capture: true, once: true })`,
  );
  const clicked = tab.page.once("Runtime.bindingCalled", (params) => params.name === "reportClick", 30_000);
  // A prerender, if the rules start one, is a page of its own, shown in place of the tab's page.
  const pages: Session[] = [tab.page];
  void tab
    .nextPage((target) => target.subtype === "prerender", 30_000)
    .then(
      ({ session }) => void pages.push(session),
      () => {},
    );
  const point = await tab.page.hover(linkSelector);
  await new Promise((resolve) => setTimeout(resolve, dwellMs));
  await tab.page.click(point);
  const clickedAt = Number((await clicked).payload);
  const shown = await pageShowing(pages, to);
  const paintedAt = await shown.evaluate<number>(PAINT);
  const activationStart = await shown.evaluate<number>(`performance.getEntriesByType("navigation")[0].activationStart`);
  return { ms: paintedAt - clickedAt, prerendered: activationStart > 0 };
}

/** The session whose page shows `path`, no longer prerendering: the tab's, navigated, or a prerender's, activated. */
async function pageShowing(pages: readonly Session[], path: string): Promise<Session> {
  const state = `({ path: location.pathname, prerendering: document.prerendering, complete: document.readyState !== "loading" })`;
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    for (const session of pages) {
      // A session whose page has gone or is between documents fails, and one whose page was put in the
      // back/forward cache (the tab's, once a prerender replaces it) never answers: not this one.
      const page = await Promise.race([
        session.evaluate<{ path: string; prerendering: boolean; complete: boolean }>(state).catch(() => undefined),
        new Promise<undefined>((resolve) => setTimeout(resolve, 250)),
      ]);
      if (page?.path === path && !page.prerendering && page.complete) return session;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no page showed ${path} within 30 s`);
}

/**
 * `runs` runs from `from` to the link to `to` in the site's header (as the issue measured it: home, then
 * "Services"), each in a fresh profile, over `shape` to the server on `port`.
 */
export async function measureHoveredLink({
  port,
  from = "/",
  to = "/services",
  runs = 5,
  dwellMs = RESTED_MS,
  shape = SLOW_LINK,
  withoutSpeculationRules = false,
}: {
  port: number;
  from?: string;
  to?: string;
  runs?: number;
  dwellMs?: number;
  shape?: LinkShape;
  /** The same pages with their speculation rules taken out: the figure without speculation. */
  withoutSpeculationRules?: boolean;
}): Promise<HoveredLinkFigure> {
  const front = await startCompressingFront(port, { withoutSpeculationRules });
  const link = await startThrottledLink(front.port, shape);
  const browser = await launchChromium({ args: ["--window-size=1280,900"] });
  const results: HoveredLinkRun[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const tab = await browser.newTab();
      results.push(await run(tab, link.origin, from, to, `header a[href="${to}"]`, dwellMs));
    }
  } finally {
    await browser.close();
    await link.stop();
    await front.stop();
  }
  return { from, to, dwellMs, withoutSpeculationRules, runs: results, medianMs: median(results.map((result) => result.ms)) };
}
