/**
 * `npm run bench`: builds the site, serves the build locally with `wrangler dev` (a free port, its own
 * --persist-to directory) and measures, in one run:
 *
 * - throughput (requests/second) and p50/p99 latency of server-rendered pages next to static assets of the
 *   same server, with autocannon over loopback (short runs: the machine has two cores, shared with workerd);
 * - the HTML and first-load JavaScript of each route, raw and gzip -9 (JavaScript measured in Chromium,
 *   see scripts/lib/first-load-js.ts);
 * - the Worker bundle and its start-up: the size `wrangler check startup` reports for the upload, the CPU
 *   time its profile of the Worker's global scope shows, and the wall time from spawning `wrangler dev` to
 *   the first 200 (which includes wrangler's and workerd's own start, not only the Worker's).
 *
 * Options: --no-build, --duration=<s> per run (default 5), --rounds=<n> (default 3; targets interleaved,
 * median reported), --connections=<n> (default 20), --readme (replace the tables in README.md between the
 * bench markers). These are local figures on a shared machine: compare runs made side by side, not with
 * Cloudflare's edge.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import { routeTable } from "./lib/site-routes.ts";
import { FIRST_LOAD_JS_BUDGET, measureAllIslandsJs, measureFirstLoadJs } from "./lib/first-load-js.ts";
import { bin, run, startServer } from "./lib/server.ts";

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

interface LoadResult {
  readonly label: string;
  readonly path: string;
  readonly kind: "page" | "static";
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly failures: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/**
 * Loads one target for `duration` seconds, `rounds` times, interleaved with the other targets by the
 * caller; the figures are the median round (the machine is shared, so single runs are noisy).
 */
async function loadRound(origin: string, path: string) {
  const result = await autocannon({ url: origin + path, connections, duration });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx };
}

/** The Worker bundle as wrangler would upload it, and the CPU its global scope takes to start. */
async function workerStartup(): Promise<{ upload?: string; active?: string; window?: string }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-startup-"));
  try {
    const output = await run(bin("wrangler"), ["check", "startup", "--outfile", join(dir, "startup.cpuprofile")]);
    return {
      upload: /Bundle:\s*([^\n│]+)/.exec(output)?.[1]?.trim(),
      active: /Active:\s*([^\n│]+)/.exec(output)?.[1]?.trim(),
      window: /Profile window:\s*([^\n│]+)/.exec(output)?.[1]?.trim(),
    };
  } catch (error) {
    log(`wrangler check startup failed: ${(error as Error).message.split("\n")[0]}`);
    return {};
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const table = (header: string[], rows: string[][]) =>
  [`| ${header.join(" | ")} |`, `|${header.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");

async function main() {
  if (args.get("build") !== "false" && !args.has("no-build")) {
    log("building…");
    await run(bin("vite"), ["build"]);
  }
  const worker = readFileSync("dist/worker/index.js");
  const css = readdirSync("dist/client/assets").find((name) => name.endsWith(".css"));
  if (!css) throw new Error("no stylesheet in dist/client/assets");

  log("profiling the Worker's start-up (wrangler check startup)…");
  const startup = await workerStartup();

  log("starting wrangler dev…");
  const server = await startServer({ persistTo: ".wrangler/bench" });
  const { origin, readyMs } = server;
  process.on("SIGINT", () => process.exit(130));

  try {
    log("measuring HTML and JavaScript per route…");
    const article = routeTable.byKind.article[0]!.path;
    const routes = routeTable.routes.map((route) => route.path);
    const html = new Map<string, { raw: number; gzip: number; cacheControl: string | null }>();
    for (const path of routes) {
      const response = await fetch(origin + path);
      const body = new Uint8Array(await response.arrayBuffer());
      html.set(path, { raw: body.length, gzip: gzipSize(body), cacheControl: response.headers.get("cache-control") });
    }
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
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

    log(`load: ${rounds} rounds of ${duration} s per target, ${connections} connections…`);
    const targets: [string, string, LoadResult["kind"]][] = [
      ["static: /favicon.svg", "/favicon.svg", "static"],
      ["static: hashed stylesheet", `/assets/${css}`, "static"],
      ["page: /", "/", "page"],
      ["page: /services", "/services", "page"],
      [`page: ${article}`, article, "page"],
      ["page: /contact", "/contact", "page"],
      // The router matches paths case-insensitively but the memo keeps exact paths only: this one is rendered
      // by React on every request, which shows what the memo saves.
      ["page: /Services (rendered each time)", "/Services", "page"],
    ];
    for (const [, path] of targets) await autocannon({ url: origin + path, connections: 2, amount: 200 });
    const runs = new Map<string, Awaited<ReturnType<typeof loadRound>>[]>();
    const loadBefore = loadavg()[0]!;
    for (let round = 1; round <= rounds; round++) {
      for (const [label, path] of targets) {
        log(`  round ${round}/${rounds}: ${label}`);
        runs.set(path, [...(runs.get(path) ?? []), await loadRound(origin, path)]);
      }
    }
    const loadAfter = loadavg()[0]!;
    const results: LoadResult[] = targets.map(([label, path, kind]) => {
      const r = runs.get(path)!;
      return {
        label,
        path,
        kind,
        rps: median(r.map((x) => x.rps)),
        p50: median(r.map((x) => x.p50)),
        p99: median(r.map((x) => x.p99)),
        failures: r.reduce((sum, x) => sum + x.failures, 0),
      };
    });

    const baseline = results.find((result) => result.path === "/favicon.svg")!.rps;
    const loadTable = table(
      ["target", "requests/s", "p50 ms", "p99 ms", "vs /favicon.svg", "failed"],
      results.map((r) => [r.label, r.rps.toFixed(0), String(r.p50), String(r.p99), `${((100 * r.rps) / baseline).toFixed(0)}%`, String(r.failures)]),
    );
    const routeTableText = table(
      ["route", "HTML", "HTML gzip", "JS at open (gzip)", "JS scrolled through (gzip)", "JS, every island live (gzip)"],
      routes.map((path) => {
        const h = html.get(path)!;
        const j = js.get(path)!;
        return [path, kib(h.raw), kib(h.gzip), kib(j.atOpen), `${kib(j.scrolled)}${j.scrolled > FIRST_LOAD_JS_BUDGET ? " ⚠" : ""}`, kib(j.allIslands)];
      }),
    );
    const workerTable = table(
      ["Worker", "value"],
      [
        ["bundle (dist/worker/index.js)", `${kib(worker.length)} (gzip ${kib(gzipSize(worker))})`],
        ["upload, as `wrangler check startup` builds it", startup.upload ?? "n/a"],
        ["global-scope start-up CPU (local profile, `wrangler check startup`)", startup.active ? `${startup.active} (window ${startup.window})` : "n/a"],
        ["`wrangler dev` spawn → first 200 on / (wrangler + workerd + Worker)", `${(readyMs / 1000).toFixed(2)} s`],
      ],
    );
    const cacheControls = new Set([...html.values()].map((h) => h.cacheControl));
    const report = [
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\`: autocannon, ${connections} connections over loopback to \`wrangler dev\`, ${rounds} interleaved rounds of ${duration} s per target (median shown), on 2 cores shared with the server and other work (1-minute load average ${loadBefore.toFixed(1)} before the load runs, ${loadAfter.toFixed(1)} after); JavaScript measured in Chromium at 412×823 with the cache off; gzip -9.`,
      "",
      loadTable,
      "",
      routeTableText,
      "",
      `First-load budget: ${kib(FIRST_LOAD_JS_BUDGET)} gzip per route, checked by \`e2e/budget.e2e.ts\` in \`npm test\`. Pages answer \`Cache-Control: ${[...cacheControls].join(", ")}\`.`,
      "",
      workerTable,
    ].join("\n");
    process.stdout.write(`\n${report}\n`);

    if (args.has("readme")) {
      const readme = readFileSync("README.md", "utf8");
      const start = "<!-- bench:start -->";
      const end = "<!-- bench:end -->";
      if (!readme.includes(start) || !readme.includes(end)) throw new Error("README.md lacks the bench markers");
      writeFileSync("README.md", readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => `${start}\n${report}\n${end}`));
      log("README.md updated");
    }
  } finally {
    server.stop();
  }
}

await main();
