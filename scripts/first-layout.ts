/**
 * `npm run first-layout [-- --runs=<n>]`: what Chromium does while it lays out each audited page for the
 * first time, from a trace of a fresh page load (the build served as deployed, see scripts/lib/workerd-server.ts;
 * run `npm run build` first). Per page, the median over the runs of:
 * - the longest Layout, ms (a timing: compare runs made side by side);
 * - the system fonts matched and the synchronous font look-ups made in the browser process during the load,
 *   with the families matched. Text set in the web fonts needs none. A generic family ("serif", "sans-serif",
 *   "Sans") means Chromium made stand-ins for a web font face it had not loaded (README "Performance"); a
 *   "… Fallback" family means the page was laid out before the web fonts arrived (a slow load).
 */
import { chromium } from "@playwright/test";
import { median } from "./lib/median.ts";
import { routeTable } from "./lib/site-routes.ts";
import { startWorkerd } from "./lib/workerd-server.ts";

const runs = Number(process.argv.find((arg) => arg.startsWith("--runs="))?.split("=")[1] ?? 5);
const paths = ["/", "/contact", routeTable.byKind.article[0]!.path];

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly dur?: number;
  readonly args?: { readonly family_name?: string };
}

const server = await startWorkerd();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const rows: string[] = [];
  for (const path of paths) {
    const figures: { layout: number; matches: number; lookups: number }[] = [];
    const families = new Set<string>();
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      await browser.startTracing(page, { categories: ["devtools.timeline", "fonts"] });
      await page.goto(server.origin + path, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready);
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      await page.close();
      const count = (name: string) => events.filter((event) => event.name === name).length;
      for (const event of events)
        if (event.name === "FontDataManager::onMatchFamilyStyle") families.add(`"${event.args?.family_name ?? ""}"`);
      const layouts = events.filter((event) => event.name === "Layout" && event.ph === "X").map((event) => (event.dur ?? 0) / 1000);
      figures.push({
        layout: Math.max(0, ...layouts),
        matches: count("FontDataManager::onMatchFamilyStyle"),
        lookups: count("WebSandboxSupportLinux::GetWebFontRenderStyleForStrike"),
      });
    }
    const of = (pick: (figure: (typeof figures)[number]) => number) => median(figures.map(pick));
    rows.push(
      `| ${path} | ${of((f) => f.layout).toFixed(1)} ms | ${of((f) => f.matches)} | ${of((f) => f.lookups)} | ${[...families].join(", ") || "none"} |`,
    );
  }
  console.log(`Chromium at 412×823, median of ${runs} fresh loads per page:\n`);
  console.log(
    [
      "| page | longest layout | system fonts matched | font look-ups in the browser process | families matched (any run) |",
      "|---|---:|---:|---:|---|",
      ...rows,
    ].join("\n"),
  );
} finally {
  await browser.close();
  server.stop();
}
