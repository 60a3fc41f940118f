/**
 * What a new isolate of the build spends before its first answer, profiled finely: the CPU its global scope
 * takes, and that plus rendering its first page. Like `wrangler check startup`, it imports the built Worker
 * from a fresh Miniflare with V8's profiler on, but samples every 50 µs instead of every millisecond, and
 * counts samples instead of the time since the one before.
 *
 * Why: wrangler's "Active" figure adds to the first busy sample all the time since the previous one, and the
 * profiled isolate takes no samples at all while the request travels to it (about 10 ms here). Whenever the
 * first sample after that lands in the Worker's code, the wait is counted as its CPU: `wrangler check
 * startup` reports 0 or about 10 ms for a Worker that is only `export default {}` (`emptyWorkerStartup`).
 */
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { median } from "./median.ts";
import { bin, run } from "./server.ts";
import { wranglersMiniflare } from "./workerd-server.ts";

const BUILT_WORKER = "dist/worker";
const SAMPLING_INTERVAL_US = 50;

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** CPU time in a profile: busy samples times the sampling period (the median time between samples). */
function busyMs(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id));
  const busySamples = profile.samples.filter((id) => !idle.has(id)).length;
  return (busySamples * median(profile.timeDeltas.slice(1))) / 1000;
}

type WorkerOptions = ReturnType<typeof unstable_getMiniflareWorkerOptions>["workerOptions"];

/** One new isolate: the Worker imported (and, given a path, asked for that page), profiled. */
async function profileNewIsolate(workerOptions: WorkerOptions, path: string | undefined): Promise<number> {
  const { Miniflare, convertV4MiniflareOptions } = wranglersMiniflare();
  const root = resolve(BUILT_WORKER);
  const persistTo = mkdtempSync(join(tmpdir(), "bench-cold-start-"));
  // The entry wrangler's profiler uses, which imports the Worker when the request arrives; here it then
  // hands the request for `path` to the Worker's own fetch handler.
  const entry = `export default { async fetch(request, env, ctx) {
    const worker = await import("./index.js");
    return ${path === undefined ? `new Response("ok")` : `worker.default.fetch(new Request(new URL(${JSON.stringify(path)}, env.SITE_ORIGIN)), env, ctx)`};
  } }`;
  const modules = readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ type: "ESModule" as const, path: join(root, file) }));
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      inspectorPort: 0,
      d1Persist: persistTo,
      handleStructuredLogs: () => {},
      workers: [
        {
          ...workerOptions,
          modulesRules: undefined,
          name: "cold-start",
          modulesRoot: root,
          modules: [{ type: "ESModule", path: join(root, "cold-start-entry.js"), contents: entry }, ...modules],
        },
      ],
    }),
  );
  try {
    await miniflare.ready;
    const inspector = new WebSocket(new URL("/core:user:cold-start", await miniflare.getInspectorURL()));
    await new Promise((opened, failed) => {
      inspector.onopen = opened;
      inspector.onerror = failed;
    });
    let nextId = 0;
    const send = (method: string, params?: object) =>
      new Promise<{ profile?: CpuProfile }>((answered) => {
        const id = ++nextId;
        inspector.addEventListener("message", function onMessage(event) {
          const message = JSON.parse(String(event.data)) as { id?: number; result: { profile?: CpuProfile } };
          if (message.id !== id) return;
          inspector.removeEventListener("message", onMessage);
          answered(message.result);
        });
        inspector.send(JSON.stringify({ id, method, params }));
      });
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
    await send("Profiler.start");
    const response = await miniflare.dispatchFetch("http://localhost/");
    await response.text();
    if (!response.ok) throw new Error(`a new isolate answered ${path ?? "its import"} with ${response.status}`);
    const { profile } = await send("Profiler.stop");
    inspector.close();
    if (!profile) throw new Error("the profiler returned no profile");
    return busyMs(profile);
  } finally {
    await miniflare.dispose();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

export interface ColdStart {
  /** The global scope alone, median and runs, ms. */
  readonly startup: { readonly medianMs: number; readonly runsMs: readonly number[] };
  /** The global scope and the first request for each path (none of it cached yet), median ms. */
  readonly firstPage: ReadonlyMap<string, number>;
}

/** Profiles `runs` new isolates of the build (run `vite build` first) for the start-up and for each path. */
export async function measureColdStart(paths: readonly string[], runs = 7): Promise<ColdStart> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(BUILT_WORKER, "wrangler.json"));
  const sample = async (path?: string) => {
    const runsMs: number[] = [];
    for (let index = 0; index < runs; index++) runsMs.push(await profileNewIsolate(workerOptions, path));
    return runsMs;
  };
  const startupRuns = await sample();
  const firstPage = new Map<string, number>();
  for (const path of paths) firstPage.set(path, median(await sample(path)));
  return { startup: { medianMs: median(startupRuns), runsMs: startupRuns }, firstPage };
}

/** `wrangler check startup`'s "Active" figure for a Worker that is only `export default {}`: the tool's floor. */
export async function emptyWorkerStartup(runs = 3): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-empty-worker-"));
  try {
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src", "index.js"), "export default {};\n");
    writeFileSync(join(dir, "wrangler.json"), JSON.stringify({ name: "empty", main: "src/index.js", compatibility_date: "2026-08-01" }));
    const runsMs: number[] = [];
    for (let index = 0; index < runs; index++) {
      const output = await run(bin("wrangler"), ["check", "startup", "--cwd", dir, "--outfile", join(dir, "startup.cpuprofile")]);
      const active = Number(/Active:\s*([\d.]+)/.exec(output)?.[1]);
      if (Number.isFinite(active)) runsMs.push(active);
    }
    return runsMs;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
