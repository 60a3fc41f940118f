/**
 * `npm run bench:test-cpu -- <npm script> [its arguments]` (default `test`): runs the script, its output
 * passed through, and reads /proc once a second meanwhile; then prints its time, how busy the machine's
 * cores were, and the CPU each kind of process used (Chromium, workerd, each Node.js tool, the kernel's own
 * threads). Where `npm test`'s time goes (docs/contributing.md). A process that starts and ends within one
 * second is not seen: the groups add up to a little less than the machine's busy time.
 */
import { spawn } from "node:child_process";
import { cpus } from "node:os";
import { CpuLedger, busyTicks, readProcesses } from "./lib/process-cpu.ts";

const [script = "test", ...rest] = process.argv.slice(2);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux (proc(5))
const SHOWN_GROUPS = 15;

const ledger = new CpuLedger();
const busyBefore = busyTicks();
const started = performance.now();
ledger.record(readProcesses());
const child = spawn("npm", ["run", script, ...(rest.length > 0 ? ["--", ...rest] : [])], { stdio: "inherit" });
const reading = setInterval(() => ledger.record(readProcesses()), 1000);
const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
clearInterval(reading);
ledger.record(readProcesses());

const seconds = (performance.now() - started) / 1000;
const cores = cpus().length; // as many as /proc/stat counts
const busy = (busyTicks() - busyBefore) / TICKS_PER_SECOND;
const line = (label: string, value: number) => `  ${label.padEnd(32)} ${value.toFixed(1).padStart(7)}`;
console.log(`\nnpm run ${script}: ${seconds.toFixed(0)} s, exit code ${code}`);
console.log(
  `the ${cores} cores busy ${busy.toFixed(0)} of ${(cores * seconds).toFixed(0)} core-seconds (${((100 * busy) / (cores * seconds)).toFixed(0)}%); by process, core-seconds:`,
);
const groups = ledger.byGroup().filter(([, ticks]) => ticks > 0);
for (const [group, ticks] of groups.slice(0, SHOWN_GROUPS)) console.log(line(group, ticks / TICKS_PER_SECOND));
process.exitCode = code ?? 1;
