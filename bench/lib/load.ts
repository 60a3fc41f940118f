/**
 * Throughput and latency of pages next to static assets of the same server, for the bench: autocannon over
 * loopback, several short rounds per target with the targets (and servers) interleaved, the median round
 * reported (the machine has two cores, shared with workerd, so single runs are noisy).
 */
import autocannon from "autocannon";
import { median } from "./median.ts";

export interface LoadTarget {
  readonly label: string;
  readonly path: string;
  readonly kind: "page" | "static";
  /** Shown in the table but left out of the page goal (e.g. a path rendered on every request on purpose). */
  readonly reportedOnly?: boolean;
}

export interface LoadResult extends LoadTarget {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly failures: number;
}

export interface ServerLoad {
  readonly server: string;
  readonly results: LoadResult[];
  /** The lowest page's median requests/s over the static baseline's. */
  readonly lowestPageRatio: number;
  /** Every page's ratio to the baseline in the same round: the spread shows the noise. */
  readonly pageRatios: number[];
  /** The highest page p99 latency, ms. */
  readonly highestPageP99: number;
}

/** The static asset pages are compared with. */
export const BASELINE_PATH = "/favicon.svg";

interface Round {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly failures: number;
}

/**
 * Loads every target of every server `rounds` times for `duration` seconds each, interleaved, after a short
 * warm-up of each; `onRound` reports progress.
 */
export async function measureLoad(
  servers: readonly { readonly name: string; readonly origin: string }[],
  targets: readonly LoadTarget[],
  { rounds, duration, connections, onRound }: { rounds: number; duration: number; connections: number; onRound: (text: string) => void },
): Promise<ServerLoad[]> {
  for (const { origin } of servers) for (const { path } of targets) await autocannon({ url: origin + path, connections: 2, amount: 200 });
  const runs = new Map<string, Round[]>();
  for (let round = 1; round <= rounds; round++) {
    for (const { name, origin } of servers) {
      for (const { label, path } of targets) {
        onRound(`round ${round}/${rounds}: ${name}, ${label}`);
        const result = await autocannon({ url: origin + path, connections, duration });
        const key = `${name} ${path}`;
        runs.set(key, [
          ...(runs.get(key) ?? []),
          {
            rps: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            failures: result.errors + result.timeouts + result.non2xx,
          },
        ]);
      }
    }
  }
  return servers.map(({ name }) => {
    const roundsOf = (path: string) => runs.get(`${name} ${path}`)!;
    const results = targets.map((target): LoadResult => {
      const r = roundsOf(target.path);
      return {
        ...target,
        rps: median(r.map((x) => x.rps)),
        p50: median(r.map((x) => x.p50)),
        p99: median(r.map((x) => x.p99)),
        failures: r.reduce((sum, x) => sum + x.failures, 0),
      };
    });
    const baseline = results.find((result) => result.path === BASELINE_PATH)!.rps;
    const baselineRounds = roundsOf(BASELINE_PATH);
    const pages = results.filter((result) => result.kind === "page" && !result.reportedOnly);
    return {
      server: name,
      results,
      lowestPageRatio: Math.min(...pages.map((page) => page.rps / baseline)),
      pageRatios: pages.flatMap((page) => roundsOf(page.path).map((round, index) => round.rps / baselineRounds[index]!.rps)),
      highestPageP99: Math.max(...pages.map((page) => page.p99)),
    };
  });
}
