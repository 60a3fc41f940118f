/**
 * `npm run bench`: builds the site, serves the build locally on free ports, with `wrangler dev` (its own
 * --persist-to directory) and in workerd as deployed, and measures, in one run:
 *
 * - throughput (requests/second) and p50/p99 latency of server-rendered pages next to static assets of the
 *   same server, with autocannon over loopback (bench/lib/load.ts), on two servers of the same build:
 *   workerd as deployed, without wrangler dev's proxy (bench/lib/workerd-server.ts), where the goal is
 *   judged, and `wrangler dev`, whose proxy rewrites every HTML response (reported beside it);
 * - the HTML and first-load JavaScript of each route, raw and gzip -9 (JavaScript measured in Chromium,
 *   see test/support/first-load-js.ts);
 * - the Worker and its start-up: the modules a new isolate loads (scripts/lib/worker-startup.ts), the size
 *   `wrangler check startup` reports for the upload, the CPU time its profile of the Worker's global scope
 *   shows (median of three) beside what it shows for an empty Worker, the CPU of a new isolate's start-up
 *   and first page profiled finely (bench/lib/cold-start.ts), and the wall time from spawning `wrangler dev`
 *   to the first 200 (which includes wrangler's and workerd's own start, not only the Worker's);
 * - Lighthouse's mobile audits of /, /contact and an article, three runs each over HTTP/2 (as visitors reach
 *   Cloudflare) and over workerd's own HTTP/1.1, the build served as deployed (bench/lib/lighthouse.ts);
 * - the time from a click on a hovered link to the next page's first paint, on a slow link, with and without
 *   the speculation rules, the build served as deployed (bench/lib/hovered-link.ts).
 *
 * It prints the goals of the project's performance work first, each with its target and whether this run
 * meets it (✓ / ✗), then the tables behind them.
 *
 * Options: --no-build, --no-lighthouse, --only=hovered-link (that figure alone, in about a minute),
 * --duration=<s> per run (default 5), --rounds=<n> (default 3; targets interleaved, median reported),
 * --connections=<n> (default 20), --doc (replace the figures in docs/performance.md between the bench
 * markers). These are local figures on a shared machine: compare runs made side by side, not with
 * Cloudflare's edge.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { routeTable } from "../scripts/lib/site-routes.ts";
import { fullChromium } from "../test/support/chromium.ts";
import { FIRST_LOAD_JS_BUDGET, measureAllIslandsJs, measureFirstLoadJs } from "../test/support/first-load-js.ts";
import { LCP_GOAL_MS, type PageAudit, auditPages, lcpRunsText } from "./lib/lighthouse.ts";
import { BASELINE_PATH, type LoadTarget, measureLoad } from "./lib/load.ts";
import { bin, run, startServer } from "./lib/server.ts";
import { startWorkerd } from "./lib/workerd-server.ts";
import { median } from "./lib/median.ts";
import { workerStartupModules } from "../scripts/lib/worker-startup.ts";
import { emptyWorkerStartup, measureColdStart } from "./lib/cold-start.ts";
import { workerStartup } from "./lib/startup.ts";
import { HOVERED_LINK_GOAL_MS, SLOW_LINK, measureHoveredLink } from "./lib/hovered-link.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key!, value ?? "true"] as const;
  }),
);
const duration = Number(args.get("duration") ?? 5);
const rounds = Number(args.get("rounds") ?? 3);
const connections = Number(args.get("connections") ?? 20);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzipSize = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;
const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

/** Where the latest figures are kept, between the bench markers (--doc). */
const FIGURES_DOC = "docs/performance.md";

/** The server the throughput goal is judged on: the build in workerd, without wrangler dev's proxy (bench/lib/workerd-server.ts). */
const DEPLOYED_SHAPE = "workerd, as deployed";

/** One row of the goals table: what was measured against its target. */
interface Goal {
  readonly goal: string;
  readonly target: string;
  readonly measured: string;
  /** null for a figure that is only reported; undefined when this run could not measure it. */
  readonly met?: boolean | null;
}

/** ✓ or ✗ against the target; a figure that is only reported (`met: null`) or could not be measured shows so. */
const verdict = (met: boolean | null | undefined) => (met === null ? "" : met === undefined ? "not measured" : met ? "✓" : "✗");
const msText = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;

/** A Markdown table; figures (every column but the first, or those `numeric` names) are right-aligned. */
const table = (header: string[], rows: string[][], numeric: (index: number) => boolean = (index) => index > 0) =>
  [
    `| ${header.join(" | ")} |`,
    `|${header.map((_, i) => (numeric(i) ? "---:" : "---")).join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");

/** A pointer that barely rests: the click comes 100 ms after moderate eagerness starts the prerender. */
const QUICK_REST_MS = 300;

/**
 * The hovered-link goal (pointer rested, speculation rules on) and, reported beside it, the same click
 * without the rules and after a short rest, with and without: each the median of five fresh visits to the
 * build in workerd.
 */
async function hoveredLinkGoals(port: number): Promise<Goal[]> {
  log("hovered link: home → Services over a 150 ms, 1.6 Mbps link, rested and not, with and without speculation rules…");
  const figures = [
    await measureHoveredLink({ port }),
    await measureHoveredLink({ port, withoutSpeculationRules: true }),
    await measureHoveredLink({ port, dwellMs: QUICK_REST_MS }),
    await measureHoveredLink({ port, dwellMs: QUICK_REST_MS, withoutSpeculationRules: true }),
  ];
  const link = `${SLOW_LINK.rttMs} ms round trip, ${SLOW_LINK.downBps / 1e6} Mbps down, ${SLOW_LINK.upBps / 1e3} kbps up`;
  return figures.map((figure, index): Goal => {
    const measured = `${msText(figure.medianMs)} (runs ${figure.runs.map((run) => Math.round(run.ms)).join(", ")}; ${figure.runs.filter((run) => run.prerendered).length} of ${figure.runs.length} prerendered)`;
    const rules = figure.withoutSpeculationRules ? "without speculation rules (taken out of the pages)" : "speculation rules on";
    if (index === 0)
      return {
        goal: `Click on a hovered link → next page's first paint: home's header "Services", pointer rested ${figure.dwellMs} ms, ${rules}, ${link} (median of ${figure.runs.length})`,
        target: `≤ ${msText(HOVERED_LINK_GOAL_MS)}`,
        measured,
        met: figure.medianMs <= HOVERED_LINK_GOAL_MS,
      };
    return { goal: `the same, pointer rested ${figure.dwellMs} ms, ${rules}`, target: "reported", measured, met: null };
  });
}

async function main() {
  if (args.get("build") !== "false" && !args.has("no-build")) {
    log("building…");
    await run(bin("vite"), ["build"]);
  }
  if (args.get("only") === "hovered-link") {
    const workerd = await startWorkerd();
    try {
      const goals = await hoveredLinkGoals(workerd.port);
      process.stdout.write(
        `\n${table(
          ["goal", "target", "measured", ""],
          goals.map((g) => [g.goal, g.target, g.measured, verdict(g.met)]),
          (i) => i === 2,
        )}\n`,
      );
    } finally {
      workerd.stop();
    }
    return;
  }
  const startupModules = workerStartupModules();
  const css = readdirSync("dist/client/assets").find((name) => name.endsWith(".css"));
  if (!css) throw new Error("no stylesheet in dist/client/assets");

  log("profiling the Worker's start-up (wrangler check startup, three runs)…");
  const startup = await workerStartup();
  const emptyWorker = await emptyWorkerStartup();
  const article = routeTable.byKind.article[0]!.path;
  log("profiling new isolates every 50 µs: start-up, and start-up with the first request for /, /contact and an article…");
  const coldStart = await measureColdStart(["/", "/contact", article]);
  let audits: PageAudit[] | undefined;
  if (!args.has("no-lighthouse")) {
    log("Lighthouse: three mobile audits of /, /contact and an article, over HTTP/2 and HTTP/1.1…");
    audits = await auditPages(["/", "/contact", article], 3, log);
  }

  log("starting wrangler dev, and workerd without wrangler dev's proxy…");
  const server = await startServer({ persistTo: ".wrangler/bench" });
  const workerd = await startWorkerd();
  const { origin, readyMs } = server;
  process.on("SIGINT", () => process.exit(130));

  try {
    log("measuring HTML and JavaScript per route…");
    const routes = routeTable.routes.map((route) => route.path);
    const html = new Map<string, { raw: number; gzip: number; cacheControl: string | null }>();
    for (const path of routes) {
      const response = await fetch(origin + path);
      const body = new Uint8Array(await response.arrayBuffer());
      html.set(path, { raw: body.length, gzip: gzipSize(body), cacheControl: response.headers.get("cache-control") });
    }
    const browser = await chromium.launch(fullChromium);
    const js = new Map<string, { atOpen: number; scrolled: number; scrolledRaw: number; allIslands: number }>();
    try {
      for (const path of routes) {
        const open = await browser.newPage({ viewport: { width: 412, height: 823 } });
        const atOpen = await measureFirstLoadJs(open, origin + path, { scroll: false });
        await open.close();
        const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
        const scrolled = await measureFirstLoadJs(page, origin + path);
        const rest = await measureAllIslandsJs(page);
        await page.close();
        js.set(path, { atOpen: atOpen.gzip, scrolled: scrolled.gzip, scrolledRaw: scrolled.raw, allIslands: scrolled.gzip + rest.gzip });
      }
    } finally {
      await browser.close();
    }

    const hoveredLink = await hoveredLinkGoals(workerd.port);

    log(`load: ${rounds} rounds of ${duration} s per target and server, ${connections} connections…`);
    const targets: LoadTarget[] = [
      { label: `static: ${BASELINE_PATH}`, path: BASELINE_PATH, kind: "static" },
      { label: "static: hashed stylesheet", path: `/assets/${css}`, kind: "static" },
      { label: "page: /", path: "/", kind: "page" },
      { label: "page: /services", path: "/services", kind: "page" },
      { label: `page: ${article}`, path: article, kind: "page" },
      { label: "page: /contact", path: "/contact", kind: "page" },
      // The router matches paths case-insensitively but the memo keeps exact paths only: this one is rendered
      // by React on every request, which shows what the memo saves.
      { label: "page: /Services (rendered each time)", path: "/Services", kind: "page", reportedOnly: true },
    ];
    const loadBefore = loadavg()[0]!;
    const [deployed, dev] = await measureLoad(
      [
        { name: DEPLOYED_SHAPE, origin: workerd.origin },
        { name: "wrangler dev", origin },
      ],
      targets,
      { rounds, duration, connections, onRound: (text) => log(`  ${text}`) },
    );
    const loadAfter = loadavg()[0]!;
    const loadTable = table(
      ["target", "server", "requests/s", "p50 ms", "p99 ms", `vs ${BASELINE_PATH}`, "failed"],
      [deployed!, dev!].flatMap(({ server, results }) => {
        const baseline = results.find((r) => r.path === BASELINE_PATH)!.rps;
        return results.map((r) => [
          r.label,
          server,
          r.rps.toFixed(0),
          String(r.p50),
          String(r.p99),
          `${((100 * r.rps) / baseline).toFixed(0)}%`,
          String(r.failures),
        ]);
      }),
      (index) => index > 1,
    );
    const routeTableText = table(
      ["route", "HTML", "HTML gzip", "JS at open (gzip)", "JS scrolled through (gzip)", "JS, every island live (gzip)"],
      routes.map((path) => {
        const h = html.get(path)!;
        const j = js.get(path)!;
        return [
          path,
          kib(h.raw),
          kib(h.gzip),
          kib(j.atOpen),
          `${kib(j.scrolled)}${j.scrolled > FIRST_LOAD_JS_BUDGET ? " ⚠" : ""}`,
          kib(j.allIslands),
        ];
      }),
    );
    const workerTable = table(
      ["Worker", "value"],
      [
        [
          `start-up modules (dist/worker/index.js and the ${startupModules.files.length - 1} chunks it imports; the rest loads on first use)`,
          `${kib(startupModules.raw)} (gzip ${kib(startupModules.gzip)})`,
        ],
        ["upload, as `wrangler check startup` builds it", startup.upload ?? "n/a"],
        [
          "global-scope start-up CPU (local profile, `wrangler check startup`, median of three)",
          startup.activeMs === undefined ? "n/a" : `${startup.activeMs.toFixed(1)} ms`,
        ],
        [
          `the same for a Worker that is only \`export default {}\` (the tool's floor: ${emptyWorker.map((ms) => ms.toFixed(1)).join(", ")} ms)`,
          emptyWorker.length ? `${median(emptyWorker).toFixed(1)} ms` : "n/a",
        ],
        [
          `global-scope start-up CPU of a new isolate, profiled every 50 µs (bench/lib/cold-start.ts; median of ${coldStart.startup.runsMs.length})`,
          `${coldStart.startup.medianMs.toFixed(1)} ms`,
        ],
        ...[...coldStart.firstPage].map(([path, ms]) => [
          `the same and its first request, for ${path} (rendered, nothing cached yet)`,
          `${ms.toFixed(1)} ms`,
        ]),
        ["`wrangler dev` spawn → first 200 on / (wrangler + workerd + Worker)", `${(readyMs / 1000).toFixed(2)} s`],
      ],
    );
    const heaviest = (pick: (entry: { scrolled: number; allIslands: number }) => number) =>
      [...js].reduce((worst, entry) => (pick(entry[1]) > pick(worst[1]) ? entry : worst));
    const [allPath, allJs] = heaviest((entry) => entry.allIslands);
    const [scrolledPath, scrolledJs] = heaviest((entry) => entry.scrolled);
    const goals: Goal[] = [
      // The goal is LCP as visitors get the pages, over HTTP/2; over wrangler dev's HTTP/1.1 it is reported.
      ...(audits ?? []).map(
        (audit): Goal => ({
          goal: `Lighthouse mobile LCP, ${audit.path}, ${audit.protocol} (median of ${audit.runs.length})`,
          target: audit.protocol === "HTTP/2" ? `≤ ${msText(LCP_GOAL_MS)}` : "reported",
          measured: `${msText(audit.median.lcp)} (runs ${lcpRunsText(audit)}; FCP ${msText(audit.median.fcp)}; document ${audit.documentBytes.toLocaleString("en-US")} B)`,
          met: audit.protocol === "HTTP/2" ? audit.median.lcp <= LCP_GOAL_MS : null,
        }),
      ),
      ...(audits
        ? [
            {
              goal: "Lighthouse Performance score, lowest page (either protocol)",
              target: "100",
              measured: String(Math.min(...audits.map((a) => a.median.performance))),
              met: audits.every((a) => a.median.performance === 100),
            },
            {
              goal: "Cumulative Layout Shift, highest page (either protocol)",
              target: "0",
              measured: Math.max(...audits.map((a) => a.median.cls)).toFixed(3),
              met: audits.every((a) => a.median.cls === 0),
            },
            {
              goal: "Total Blocking Time, highest page (either protocol)",
              target: "0 ms",
              measured: msText(Math.max(...audits.map((a) => a.median.tbt))),
              met: audits.every((a) => a.median.tbt === 0),
            },
          ]
        : [{ goal: "Lighthouse (LCP, Performance, CLS, TBT)", target: "see above", measured: "skipped (--no-lighthouse)" }]),
      ...hoveredLink,
      {
        goal: `Worker global-scope start-up CPU, \`wrangler check startup\` (median of ${startup.runsMs.length}: ${startup.runsMs.map((ms) => ms.toFixed(1)).join(", ")} ms; an empty Worker: ${emptyWorker.map((ms) => ms.toFixed(1)).join(", ")} ms)`,
        target: "≤ 15 ms",
        measured: startup.activeMs === undefined ? "n/a" : `${startup.activeMs.toFixed(1)} ms`,
        met: startup.activeMs === undefined ? undefined : startup.activeMs <= 15,
      },
      {
        goal: `Worker global-scope start-up CPU, profiled every 50 µs (median of ${coldStart.startup.runsMs.length}; see the Worker table)`,
        target: "reported",
        measured: `${coldStart.startup.medianMs.toFixed(1)} ms`,
        met: null,
      },
      {
        goal: "Worker upload, gzip (`wrangler check startup`)",
        target: "≤ 200 KiB",
        measured: startup.uploadGzipKiB === undefined ? "n/a" : `${startup.uploadGzipKiB.toFixed(1)} KiB`,
        met: startup.uploadGzipKiB === undefined ? undefined : startup.uploadGzipKiB <= 200,
      },
      {
        goal: `JavaScript with every island live, heaviest route (${allPath})`,
        target: "≤ 100 KiB",
        measured: kib(allJs.allIslands),
        met: allJs.allIslands <= 100 * 1024,
      },
      {
        goal: `JavaScript scrolled through, heaviest route (${scrolledPath})`,
        target: `≤ ${kib(FIRST_LOAD_JS_BUDGET)}`,
        measured: kib(scrolledJs.scrolled),
        met: scrolledJs.scrolled <= FIRST_LOAD_JS_BUDGET,
      },
      // The goal is judged as deployed; under wrangler dev, whose proxy rewrites every HTML response, it is reported.
      ...[deployed!, dev!].flatMap(({ server, lowestPageRatio, pageRatios, highestPageP99 }): Goal[] => [
        {
          goal: `SSR page throughput ÷ static asset's, lowest page, ${server} (spread over every page and round)`,
          target: server === DEPLOYED_SHAPE ? "≥ 0.85" : "reported",
          measured: `${lowestPageRatio.toFixed(2)} (${Math.min(...pageRatios).toFixed(2)}–${Math.max(...pageRatios).toFixed(2)})`,
          met: server === DEPLOYED_SHAPE ? lowestPageRatio >= 0.85 : null,
        },
        { goal: `SSR page p99 latency, highest page, ${server}`, target: "reported", measured: `${highestPageP99} ms`, met: null },
      ]),
    ];
    const goalsTable = table(
      ["goal", "target", "measured", ""],
      goals.map((g) => [g.goal, g.target, g.measured, verdict(g.met)]),
      (index) => index === 2,
    );
    const cacheControls = new Set([...html.values()].map((h) => h.cacheControl));
    const report = [
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\`: autocannon, ${connections} connections over loopback to the build in workerd as deployed (Miniflare, no dev proxy) and under \`wrangler dev\`, ${rounds} interleaved rounds of ${duration} s per target and server (median shown), on 2 cores shared with the server and other work (1-minute load average ${loadBefore.toFixed(1)} before the load runs, ${loadAfter.toFixed(1)} after); JavaScript measured in Chromium at 412×823 with the cache off; gzip -9.`,
      "",
      goalsTable,
      "",
      loadTable,
      "",
      routeTableText,
      "",
      `First-load budget: ${kib(FIRST_LOAD_JS_BUDGET)} gzip per route, checked on the first page of each kind by \`e2e/budget.e2e.ts\` in \`npm test\` (a kind's pages load the same scripts). Pages answer \`Cache-Control: ${[...cacheControls].join(", ")}\`.`,
      "",
      workerTable,
    ].join("\n");
    process.stdout.write(`\n${report}\n`);

    if (args.has("doc")) {
      const doc = readFileSync(FIGURES_DOC, "utf8");
      const start = "<!-- bench:start -->";
      const end = "<!-- bench:end -->";
      if (!doc.includes(start) || !doc.includes(end)) throw new Error(`${FIGURES_DOC} lacks the bench markers`);
      writeFileSync(
        FIGURES_DOC,
        doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => `${start}\n${report}\n${end}`),
      );
      log(`${FIGURES_DOC} updated`);
    }
  } finally {
    server.stop();
    workerd.stop();
  }
}

await main();
