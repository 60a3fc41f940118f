/**
 * `npm run bench:scale -- --articles=200,1000`: what the Worker costs as the practice writes for years. For
 * today's content and for each count of made-up articles added to it (src/test/many-articles/articles.ts,
 * 1,050–1,550 words each), in a temporary copy of the project, it builds the site and prints, side by side:
 * the build's time; the Worker's upload and start-up CPU (`wrangler check startup`, median of three, and new
 * isolates profiled finely, bench/lib/cold-start.ts); the
 * isolate's heap after a crawler has asked for every page of the sitemap (V8's inspector, after a garbage
 * collection); the HTML of /resources, a topic's page and the feed; and the CPU workerd spends per request
 * on each kind of page (its process's CPU time from /proc over `--requests` requests, after a warm-up).
 *
 * Options: --articles=<n,n,…> (200,1000), --requests=<n> (400). Local figures on a shared machine: compare
 * the columns of one run.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { paths } from "../src/routes/table.ts";
import { articleCategories } from "../src/content/schema/lists.ts";
import { madeUpArticles } from "../src/test/many-articles/articles.ts";
import { bin, run } from "./lib/server.ts";
import { measureColdStart } from "./lib/cold-start.ts";
import { workerStartup } from "./lib/startup.ts";
import { startWorkerd } from "./lib/workerd-server.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key!, value ?? "true"] as const;
  }),
);
const counts = [0, ...(args.get("articles") ?? "200,1000").split(",").map(Number)];
const requests = Number(args.get("requests") ?? 400);
const log = (message: string) => process.stderr.write(`bench:scale: ${message}\n`);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const project = process.cwd();

/** A copy of the project's files (as git has them, with this checkout's changes) with `count` made-up articles. */
function projectCopy(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), `bench-scale-${count}-`));
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(project, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(project, file), join(dir, file));
  }
  symlinkSync(join(project, "node_modules"), join(dir, "node_modules"));
  for (const article of madeUpArticles(count)) writeFileSync(join(dir, "content", article.file), article.text);
  return dir;
}

/** The CPU time workerd's processes (children of this one) have used, ms. */
function workerdCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8").trim();
    } catch {
      continue;
    }
    const [, comm, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat) ?? [];
    const fields = rest?.split(" ") ?? [];
    if (comm !== "workerd" || Number(fields[1]) !== process.pid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / 100;
}

interface Figures {
  readonly articles: number;
  readonly buildS: number;
  readonly upload?: number;
  readonly startupMs?: number;
  readonly profiledStartupMs: number;
  readonly pages: number;
  readonly heapMiB: number;
  readonly html: Readonly<Record<string, number>>;
  readonly cpuMs: Readonly<Record<string, number>>;
}

/** The pages whose HTML and CPU are compared: each kind the crawl meets, by the path of its first. */
const samplesOf = (sitemap: string[]) => ({
  home: "/",
  resources: paths.resources,
  topic: paths.topicPage(articleCategories[0]),
  article: sitemap.find((path) => path.startsWith(paths.article("")))!,
  feed: "/feed.xml",
  sitemap: "/sitemap.xml",
});

async function measure(count: number): Promise<Figures> {
  const dir = projectCopy(count);
  try {
    process.chdir(dir);
    log(`${count} made-up articles: building in ${dir}…`);
    const started = performance.now();
    await run(bin("vite"), ["build"]);
    const buildS = (performance.now() - started) / 1000;
    log(`${count}: wrangler check startup ×3…`);
    const startup = await workerStartup();
    log(`${count}: new isolates profiled every 50 µs ×7…`);
    const profiled = await measureColdStart([]);
    const server = await startWorkerd({ inspector: true });
    try {
      const get = async (path: string) => {
        const response = await fetch(new URL(path, server.origin));
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        return new Uint8Array(await response.arrayBuffer());
      };
      const sitemap = [...new TextDecoder().decode(await get("/sitemap.xml")).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => new URL(m[1]!).pathname,
      );
      log(`${count}: crawling ${sitemap.length} pages…`);
      for (const path of sitemap) await get(path);
      const heapMiB = (await server.heapUsed()) / 1024 / 1024;
      const samples = samplesOf(sitemap);
      const html: Record<string, number> = {};
      for (const [name, path] of Object.entries(samples)) html[name] = (await get(path)).byteLength;
      html["resources gzip"] = gzipSync(await get(samples.resources)).byteLength;
      const cpuMs: Record<string, number> = {};
      for (const [name, path] of Object.entries(samples)) {
        await autocannon({ url: new URL(path, server.origin).href, amount: 20, connections: 2 });
        const before = workerdCpuMs();
        await autocannon({ url: new URL(path, server.origin).href, amount: requests, connections: 4 });
        cpuMs[name] = (workerdCpuMs() - before) / requests;
      }
      return {
        articles: count,
        buildS,
        upload: startup.uploadGzipKiB,
        startupMs: startup.activeMs,
        profiledStartupMs: profiled.startup.medianMs,
        pages: sitemap.length,
        heapMiB,
        html,
        cpuMs,
      };
    } finally {
      server.stop();
    }
  } finally {
    process.chdir(project);
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Figures[] = [];
for (const count of counts) results.push(await measure(count));

const row = (label: string, value: (figures: Figures) => string) => `| ${label} | ${results.map(value).join(" | ")} |`;
console.log(`\nThe Worker as the articles grow (made-up articles added to today's content; ${requests} requests a page for CPU)\n`);
console.log(
  `| | ${results.map((figures) => (figures.articles === 0 ? "today's content" : `+${figures.articles.toLocaleString("en-US")} articles`)).join(" | ")} |`,
);
console.log(`|---|${results.map(() => "---:").join("|")}|`);
console.log(row("build", (f) => `${f.buildS.toFixed(0)} s`));
console.log(row("Worker upload, gzip", (f) => (f.upload === undefined ? "–" : `${f.upload.toFixed(1)} KiB`)));
console.log(
  row("start-up CPU (wrangler check startup, median of 3)", (f) => (f.startupMs === undefined ? "–" : `${f.startupMs.toFixed(1)} ms`)),
);
console.log(row("start-up CPU (new isolates profiled every 50 µs, median of 7)", (f) => `${f.profiledStartupMs.toFixed(1)} ms`));
console.log(row("pages in the sitemap", (f) => f.pages.toLocaleString("en-US")));
console.log(row("heap after every page was asked for", (f) => `${f.heapMiB.toFixed(1)} MiB`));
for (const name of Object.keys(results[0]!.html))
  console.log(row(`HTML: ${name}`, (f) => (name.endsWith("gzip") ? kib(f.html[name]!) : kb(f.html[name]!))));
for (const name of Object.keys(results[0]!.cpuMs)) console.log(row(`CPU a request: ${name}`, (f) => `${f.cpuMs[name]!.toFixed(2)} ms`));
