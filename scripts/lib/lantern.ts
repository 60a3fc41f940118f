/**
 * Page loads recorded by Lighthouse (mobile preset, HTTP/2, the build served as deployed) and Lighthouse's own
 * simulation of their LCP (Lantern), run again on the recording: for `npm run lcp-path`, which lists what
 * the simulated load waits for, and `npm run lcp-sizes`, which asks what the same loads would have given
 * with other file sizes. Re-simulating a recording is deterministic; only the recording varies from run to run.
 */
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { startHttp2Front } from "./http2-front.ts";
import { launchAuditBrowser, productionHost } from "./lighthouse.ts";
import { missingFigure } from "./lighthouse-figures.ts";
import { startWorkerd } from "./workerd-server.ts";

/** One audited load: Lighthouse's report, and what Lantern needs to simulate it again. */
export interface RecordedLoad {
  readonly path: string;
  readonly run: number;
  readonly lhr: Result;
  readonly artifacts: LanternInput;
}

/** The artifacts of a Lighthouse run that its LCP simulation reads. */
interface LanternInput {
  readonly trace: unknown;
  readonly devtoolsLog: readonly DevtoolsEvent[];
  readonly settings: Result["configSettings"];
  readonly [artifact: string]: unknown;
}

interface DevtoolsEvent {
  readonly method: string;
  readonly params: { readonly requestId?: string; readonly request?: { readonly url: string }; encodedDataLength?: number };
}

/** The parts of a Lantern graph node the scripts read. */
export interface SimulatedNode {
  readonly type: "network" | "cpu";
  readonly request?: { readonly url: string; readonly transferSize: number; readonly priority: string };
  readonly duration?: number;
  readonly childEvents?: readonly { readonly name: string; readonly dur?: number }[];
}

interface Estimate {
  readonly timeInMs: number;
  readonly nodeTimings: Map<SimulatedNode, { readonly startTime: number; readonly endTime: number }>;
}

/** Lantern's LCP: `timing` is the figure Lighthouse reports; the pessimistic estimate's graph is what it waited for. */
export interface SimulatedLcp {
  readonly timing: number;
  readonly pessimisticEstimate: Estimate;
}

/** Audits each path `runs` times over HTTP/2 (paths interleaved), on the existing build. */
export async function recordLoads(paths: readonly string[], runs: number, log: (message: string) => void): Promise<RecordedLoad[]> {
  const host = productionHost();
  const server = await startWorkerd({ https: true });
  const front = await startHttp2Front(server.port);
  const chrome = await launchAuditBrowser(host, front.port);
  const loads: RecordedLoad[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      for (const path of paths) {
        const result = await lighthouse(`https://${host}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        if (!result) throw new Error(`no result for ${path}`);
        const { artifacts, lhr } = result as unknown as { artifacts: Record<string, unknown>; lhr: Result };
        const missing = missingFigure(lhr);
        if (missing) {
          log(`${path}, run ${run}: ${missing}; left out`);
          continue;
        }
        loads.push({
          path,
          run,
          lhr,
          artifacts: {
            trace: artifacts.Trace,
            devtoolsLog: artifacts.DevtoolsLog as DevtoolsEvent[],
            gatherContext: artifacts.GatherContext,
            settings: lhr.configSettings,
            URL: artifacts.URL,
            SourceMaps: artifacts.SourceMaps,
            HostDPR: artifacts.HostDPR,
          },
        });
      }
    }
  } finally {
    chrome.kill();
    front.stop();
    server.stop();
  }
  return loads;
}

/**
 * Lantern's LCP of a recorded load; with `transferSizes`, as if each request whose URL contains a key had
 * transferred that many bytes (response headers included) instead.
 */
export async function simulateLcp(load: RecordedLoad, transferSizes: ReadonlyMap<string, number> = new Map()): Promise<SimulatedLcp> {
  let devtoolsLog = load.artifacts.devtoolsLog;
  if (transferSizes.size > 0) {
    const sizeOf = new Map<string, number>();
    for (const event of devtoolsLog) {
      const url = event.method === "Network.requestWillBeSent" ? event.params.request?.url : undefined;
      for (const [part, bytes] of transferSizes) if (url?.includes(part)) sizeOf.set(event.params.requestId!, bytes);
    }
    devtoolsLog = devtoolsLog.map((event) =>
      event.method === "Network.loadingFinished" && sizeOf.has(event.params.requestId!)
        ? { ...event, params: { ...event.params, encodedDataLength: sizeOf.get(event.params.requestId!) } }
        : event,
    );
  }
  const request = LanternLargestContentfulPaint.request as unknown as (data: object, context: object) => Promise<SimulatedLcp>;
  return request({ ...load.artifacts, devtoolsLog, simulator: null }, { computedCache: new Map(), settings: load.artifacts.settings });
}
