import { readFileSync, readdirSync } from "node:fs";

/** One process as /proc shows it: who it is, and the CPU it has used so far (user and system, in clock ticks). */
export interface ProcessCpu {
  /** The pid with the process's start time: a pid the kernel reuses is another process. */
  readonly id: string;
  /** What the process is, for adding up: see groupOf. */
  readonly group: string;
  readonly ticks: number;
}

/**
 * What a process counts as: Chromium (its every process), workerd, a Node.js process by the package or
 * script it runs (`node: vitest`, `node: run.ts`), or else the kernel's own name for it (kernel threads such
 * as `kdamond.0` included).
 */
export function groupOf(name: string, commandLine: readonly string[]): string {
  const [program = "", ...rest] = commandLine;
  if (/chrom/i.test(name) || program.includes("chromium")) return "chromium";
  if (name === "workerd") return "workerd";
  if (name !== "node" && name !== "MainThread" && !program.endsWith("/node")) return name;
  const script = rest.find((argument) => !argument.startsWith("-")) ?? "";
  const inPackage = /node_modules\/(?:\.bin\/)?((?:@[^/]+\/)?[^/]+)/.exec(script);
  return `node: ${inPackage ? inPackage[1] : script.split("/").at(-1) || "(no script)"}`;
}

/** A /proc/<pid>/stat line read: the process's name, user + system ticks and start time (proc(5), fields 2, 14, 15, 22). */
export function parseStat(text: string): { name: string; ticks: number; start: string } {
  const name = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"));
  // Fields after the name, which may itself hold spaces or parentheses, start at field 3.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { name, ticks: Number(fields[11]) + Number(fields[12]), start: fields[19]! };
}

/** Every process running now. One that ends between two readings is not seen. */
export function readProcesses(): ProcessCpu[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const { name, ticks, start } = parseStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        return [{ id: `${pid}@${start}`, group: groupOf(name, commandLine), ticks }];
      } catch {
        return []; // it ended while being read
      }
    });
}

/**
 * The CPU each group of processes used between the first reading and the last: for each process, what it
 * had used when last seen, less what it had used when first seen (0 for one started in between).
 */
export class CpuLedger {
  readonly #first = new Map<string, number>();
  readonly #last = new Map<string, ProcessCpu>();
  #readings = 0;

  record(processes: readonly ProcessCpu[]) {
    for (const process of processes) {
      if (!this.#last.has(process.id)) this.#first.set(process.id, this.#readings === 0 ? process.ticks : 0);
      this.#last.set(process.id, process);
    }
    this.#readings += 1;
  }

  /** Ticks by group, largest first. */
  byGroup(): [group: string, ticks: number][] {
    const totals = new Map<string, number>();
    for (const [id, { group, ticks }] of this.#last) totals.set(group, (totals.get(group) ?? 0) + ticks - this.#first.get(id)!);
    return [...totals].sort((a, b) => b[1] - a[1]);
  }
}

/**
 * Ticks the machine's cores spent at work so far: user, nice, system, irq and softirq of /proc/stat's first
 * line (idle, iowait and steal are time not worked; guest time is counted within user already).
 */
export function busyTicks(procStat = readFileSync("/proc/stat", "utf8")): number {
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = procStat.split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return user + nice + system + irq + softirq;
}
