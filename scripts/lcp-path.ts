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
import { type SimulatedNode, recordLoads, simulateLcp } from "./lib/lantern.ts";
import { routeTable } from "./lib/site-routes.ts";

const runs = Number(process.argv.find((arg) => arg.startsWith("--runs="))?.split("=")[1] ?? 3);
const paths = ["/", "/contact", routeTable.byKind.article[0]!.path];

/** A task's three longest kinds of work, from the trace. */
function taskSummary(node: SimulatedNode): string {
  const byName = new Map<string, number>();
  for (const event of node.childEvents ?? []) byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return `task, ${((node.duration ?? 0) / 1000).toFixed(0)} ms in the trace: ${top.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(", ")}`;
}

for (const load of await recordLoads(paths, runs, (message) => process.stderr.write(`lcp-path: ${message}\n`))) {
  const lcp = await simulateLcp(load);
  console.log(
    `\n${load.path}, run ${load.run}: LCP ${Math.round(load.lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN)} ms (simulated LCP graph: ${Math.round(lcp.pessimisticEstimate.timeInMs)} ms)`,
  );
  const timings = [...lcp.pessimisticEstimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, { startTime, endTime }] of timings) {
    const what = node.request
      ? `${node.request.url.replace(/^https:\/\/[^/]+/, "")} (${node.request.transferSize.toLocaleString("en-US")} B, ${node.request.priority})`
      : taskSummary(node);
    console.log(`  ${String(Math.round(startTime)).padStart(5)}–${String(Math.round(endTime)).padEnd(5)} ${what}`);
  }
}
