/**
 * The Worker as wrangler would upload it, and the CPU its global scope takes to start, as `wrangler check
 * startup` reports them for the build in the current folder (run `vite build` first): the median of three
 * runs, the tool varying by about a third from run to run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./median.ts";
import { bin, run } from "./server.ts";

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

/** The Worker as wrangler would upload it, and the CPU its global scope takes to start: the median of three runs. */
export async function workerStartup(): Promise<{ upload?: string; uploadGzipKiB?: number; activeMs?: number; runsMs: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-startup-"));
  const runsMs: number[] = [];
  let upload: string | undefined;
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const output = await run(bin("wrangler"), ["check", "startup", "--outfile", join(dir, "startup.cpuprofile")]);
      upload = /Bundle:\s*([^\n│]+)/.exec(output)?.[1]?.trim();
      const active = Number(/Active:\s*([\d.]+)/.exec(output)?.[1]);
      if (Number.isFinite(active)) runsMs.push(active);
    }
  } catch (error) {
    log(`wrangler check startup failed: ${(error as Error).message.split("\n")[0]}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const uploadGzipKiB = Number(/gzip:\s*([\d.]+)\s*KiB/.exec(upload ?? "")?.[1]);
  return {
    upload,
    uploadGzipKiB: Number.isFinite(uploadGzipKiB) ? uploadGzipKiB : undefined,
    activeMs: runsMs.length ? median(runsMs) : undefined,
    runsMs,
  };
}
