/**
 * `npm run lcp-path [-- --runs=<n>]`: how Lighthouse's simulation arrives at each audited page's LCP (mobile
 * preset, HTTP/2, the build served as deployed; run `npm run build` first). Per run it lists what the
 * simulated page load waits for before the LCP, in simulated order: the requests (with their size) and the
 * main-thread tasks (their simulated time, and the real time they took in the trace).
 *
 * How to read it (Lantern, lighthouse/core/lib/lantern): LCP is the later of the simulated FCP and LCP. The
 * LCP's graph holds every request that ended before the LCP Chromium observed, and the tasks that ran before
 * it. Over HTTP/2 the simulation has one connection per origin and sends one request at a time on it, each
 * taking at least a round trip (150 ms): after the document, every font and script that had arrived before
 * the observed LCP adds one. A document above 14,600 B needs a second round trip itself.
 */
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { startHttp2Front } from "./lib/http2-front.ts";
import { launchAuditBrowser, productionHost } from "./lib/lighthouse.ts";
import { routeTable } from "./lib/site-routes.ts";
import { startWorkerd } from "./lib/workerd-server.ts";

const runs = Number(process.argv.find((arg) => arg.startsWith("--runs="))?.split("=")[1] ?? 3);
const paths = ["/", "/contact", routeTable.byKind.article[0]!.path];

/** The parts of a Lantern graph node this script reads. */
interface SimulatedNode {
  readonly type: "network" | "cpu";
  readonly request?: { readonly url: string; readonly transferSize: number; readonly priority: string };
  readonly duration?: number;
  readonly childEvents?: readonly { readonly name: string; readonly dur?: number }[];
}
interface Estimate {
  readonly timeInMs: number;
  readonly nodeTimings: Map<SimulatedNode, { readonly startTime: number; readonly endTime: number }>;
}
type LanternResult = { readonly timing: number; readonly pessimisticEstimate: Estimate };
const simulateLcp = LanternLargestContentfulPaint.request as unknown as (data: object, context: object) => Promise<LanternResult>;

/** A task's three longest kinds of work, from the trace. */
function taskSummary(node: SimulatedNode): string {
  const byName = new Map<string, number>();
  for (const event of node.childEvents ?? []) byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return `task, ${((node.duration ?? 0) / 1000).toFixed(0)} ms in the trace: ${top.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(", ")}`;
}

const host = productionHost();
const server = await startWorkerd({ https: true });
const front = await startHttp2Front(server.port);
const chrome = await launchAuditBrowser(host, front.port);
try {
  for (let run = 1; run <= runs; run++) {
    for (const path of paths) {
      const result = await lighthouse(`https://${host}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      if (!result) throw new Error(`no result for ${path}`);
      const { artifacts, lhr } = result as unknown as { artifacts: Record<string, unknown>; lhr: Result };
      const data = {
        trace: artifacts.Trace,
        devtoolsLog: artifacts.DevtoolsLog,
        gatherContext: artifacts.GatherContext,
        settings: lhr.configSettings,
        simulator: null,
        URL: artifacts.URL,
        SourceMaps: artifacts.SourceMaps,
        HostDPR: artifacts.HostDPR,
      };
      const lcp = await simulateLcp(data, { computedCache: new Map(), settings: lhr.configSettings });
      console.log(`\n${path}, run ${run}: LCP ${Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN)} ms (simulated LCP graph: ${Math.round(lcp.pessimisticEstimate.timeInMs)} ms)`);
      const timings = [...lcp.pessimisticEstimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime);
      for (const [node, { startTime, endTime }] of timings) {
        const what = node.request
          ? `${node.request.url.replace(/^https:\/\/[^/]+/, "")} (${node.request.transferSize.toLocaleString("en-US")} B, ${node.request.priority})`
          : taskSummary(node);
        console.log(`  ${String(Math.round(startTime)).padStart(5)}–${String(Math.round(endTime)).padEnd(5)} ${what}`);
      }
    }
  }
} finally {
  chrome.kill();
  front.stop();
  server.stop();
}
