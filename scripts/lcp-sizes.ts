/**
 * `npm run lcp-sizes -- --fonts=<first>,<second> [--runs=<n>]`: what the LCP of the same page loads would have
 * been with preloaded fonts of other sizes. It records n audits of each page (default 12; mobile preset,
 * HTTP/2, the build served as deployed, as `npm run lcp-path` does: run `npm run build` first) and has
 * Lighthouse's simulation (Lantern) work out each LCP twice: as recorded, and with the two preloaded fonts'
 * transfer sizes (response headers included, in the order the pages preload them) replaced by the given
 * ones. Both columns come from identical loads, so they differ by the font sizes alone; the recorded loads
 * differ from run to run in how long Chromium's tasks took, which moves the LCP by a round trip (README
 * "Where the LCP comes from").
 */
import { builtSubsetPrefix, preloadedFaces } from "./lib/built-fonts.ts";
import { recordLoads, simulateLcp } from "./lib/lantern.ts";
import { LCP_GOAL_MS } from "./lib/lighthouse.ts";
import { routeTable } from "./lib/site-routes.ts";

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const runs = Number(option("runs") ?? 12);
const given = (option("fonts") ?? "").split(",").map(Number);
if (given.length !== 2 || !given.every((bytes) => bytes > 0)) throw new Error("give the two fonts' sizes in bytes: --fonts=18893,19977");

// The preloaded fonts' requests, by the start of their file names.
const preloaded = preloadedFaces.map((face) => `/${builtSubsetPrefix(face)}`);
const transferSizes = new Map(preloaded.map((file, index) => [file, given[index]!]));

const paths = ["/", "/contact", routeTable.byKind.article[0]!.path];
const loads = await recordLoads(paths, runs, (message) => process.stderr.write(`lcp-sizes: ${message}\n`));

const ms = (value: number) => Math.round(value).toLocaleString("en-US");
const overGoal = (figures: readonly number[]) => `${figures.filter((figure) => figure > LCP_GOAL_MS).length} of ${figures.length}`;
const recordedSizes = (path: string) => {
  const requests = loads.find((load) => load.path === path)?.lhr.audits["network-requests"]?.details as
    | { items?: { url: string; transferSize?: number }[] }
    | undefined;
  return preloaded
    .map((file) => requests?.items?.find((request) => request.url.includes(file))?.transferSize?.toLocaleString("en-US") ?? "?")
    .join(" and ");
};

console.log(
  `Preloaded fonts as built: ${recordedSizes(paths[0]!)} B; compared with ${given.map((bytes) => bytes.toLocaleString("en-US")).join(" and ")} B.\n`,
);
console.log(
  `| page | LCP as built, each run (ms) | over ${ms(LCP_GOAL_MS)} ms | LCP with the given fonts, same runs (ms) | over ${ms(LCP_GOAL_MS)} ms |`,
);
console.log("|---|---|---:|---|---:|");
for (const path of paths) {
  const asBuilt: number[] = [];
  const withGiven: number[] = [];
  for (const load of loads.filter((load) => load.path === path)) {
    asBuilt.push((await simulateLcp(load)).timing);
    withGiven.push((await simulateLcp(load, transferSizes)).timing);
  }
  console.log(
    `| ${path} | ${asBuilt.map(ms).join(", ")} | ${overGoal(asBuilt)} | ${withGiven.map(ms).join(", ")} | ${overGoal(withGiven)} |`,
  );
}
