/**
 * `npm run lcp-window`: why the same build's LCP is either about 1,060 or about 1,205 ms (README "Performance").
 * It asks Lighthouse's own HTTP/2 model (Lantern's TCPConnection, mobile preset) how long the second
 * preloaded font of the build takes to download (run `npm run build` first), given the bytes the first font
 * left unused in the congestion window and how many main-thread tasks end while it downloads. The simulator
 * takes a step at each such task, and each step spends that leftover again without counting it as downloaded.
 */
import { statSync } from "node:fs";
import { Simulation } from "lighthouse/core/lib/lantern/lantern.js";
import { builtSubsetPath, preloadedFaces } from "./lib/built-fonts.ts";
import { FIRST_ROUND_TRIP_BYTES } from "./lib/lighthouse.ts";

const { rttMs, throughputKbps } = Simulation.Constants.throttling.mobileSlow4G;
const SEGMENT_BYTES = 1460;
/** The window doubles each round trip: 10 segments for the document, 20 for the first font. */
const FIRST_FONT_WINDOW_BYTES = 2 * FIRST_ROUND_TRIP_BYTES;
/** Where the tasks end, ms after the second font's request: one every 10 ms, all within its round trip. */
const TASK_SPACING_MS = 10;

const [first, second] = preloadedFaces.map((face) => statSync(builtSubsetPath(face)).size);
if (first === undefined || second === undefined) throw new Error("build/fonts.ts should declare two upright faces");

/** Simulated time to download `bytes` on a warm HTTP/2 connection, stepping at each task that ends. */
function downloadMs(bytes: number, leftover: number, tasksEnding: number): number {
  const connection = new Simulation.TCPConnection(rttMs, throughputKbps * 1024, 0, true, true);
  connection.setWarmed(true);
  connection.setCongestionWindow(FIRST_FONT_WINDOW_BYTES / SEGMENT_BYTES);
  connection.setH2OverflowBytesDownloaded(leftover);
  // The same bookkeeping as Simulator.updateProgressMadeInTimePeriod.
  let downloaded = 0;
  let elapsed = 0;
  let overshoot = 0;
  for (let task = 0; task < tasksEnding; task++) {
    const step = connection.simulateDownloadUntil(bytes - downloaded, {
      timeAlreadyElapsed: elapsed,
      maximumTimeToElapse: TASK_SPACING_MS - overshoot,
    });
    connection.setCongestionWindow(step.congestionWindow);
    connection.setH2OverflowBytesDownloaded(step.extraBytesDownloaded);
    elapsed += step.timeElapsed;
    overshoot += step.timeElapsed - TASK_SPACING_MS;
    downloaded += step.bytesDownloaded;
  }
  const rest = connection.simulateDownloadUntil(bytes - downloaded, { timeAlreadyElapsed: elapsed });
  return tasksEnding * TASK_SPACING_MS + rest.timeElapsed + overshoot;
}

console.log(
  `Fonts of this build: first ${first.toLocaleString("en-US")} B, second ${second.toLocaleString("en-US")} B (Lantern adds ~85 B of headers).`,
);
console.log(
  `With one task ending while it downloads, the first font leaves ${(FIRST_FONT_WINDOW_BYTES - first).toLocaleString("en-US")} B of its window (more with none, less with more).`,
);
const tasks = [0, 1, 2, 3, 4, 5, 6];
console.log(`\nSecond font's download, ms, by the bytes left over and the main-thread tasks ending while it downloads:\n`);
console.log(`| left over \\ tasks ending | ${tasks.join(" | ")} |`);
console.log(`|---:|${tasks.map(() => "---:").join("|")}|`);
for (const leftover of [0, 2_000, 4_000, 6_000, 8_000, 10_000, 12_000])
  console.log(
    `| ${leftover.toLocaleString("en-US")} B | ${tasks.map((count) => Math.round(downloadMs(second, leftover, count))).join(" | ")} |`,
  );
