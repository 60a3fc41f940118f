import { describe, expect, it } from "vitest";
import { CpuLedger, busyTicks, groupOf, parseStat } from "./process-cpu.ts";

describe("a process's CPU, as /proc shows it", () => {
  it("reads the name, user + system ticks and start time of a stat line, whatever the name holds", () => {
    const line = "4242 (Web Content (1)) S 1 4242 4242 0 -1 4194560 900 0 0 0 150 25 0 0 20 0 30 0 98765 0 0";
    expect(parseStat(line)).toEqual({ name: "Web Content (1)", ticks: 175, start: "98765" });
  });

  it("counts every Chromium process as Chromium, a Node.js process by its package or script, the rest by name", () => {
    expect(groupOf("chromium", ["/usr/lib/chromium/chromium", "--type=renderer"])).toBe("chromium");
    expect(groupOf("ThreadPoolForeg", ["/usr/lib/chromium/chromium", "--type=gpu-process"])).toBe("chromium");
    expect(groupOf("workerd", ["/x/node_modules/@cloudflare/workerd-linux-64/bin/workerd", "serve"])).toBe("workerd");
    expect(groupOf("MainThread", ["node", "/x/node_modules/vitest/vitest.mjs", "run"])).toBe("node: vitest");
    expect(groupOf("node", ["/usr/bin/node", "--no-warnings", "/x/node_modules/@playwright/test/cli.js", "test"])).toBe(
      "node: @playwright/test",
    );
    expect(groupOf("MainThread", ["node", "/x/node_modules/.bin/vitest", "run"])).toBe("node: vitest");
    expect(groupOf("MainThread", ["node", "test/run.ts"])).toBe("node: run.ts");
    expect(groupOf("node", ["node", "--conditions", ""])).toBe("node: (no script)");
    expect(groupOf("kdamond.0", [""])).toBe("kdamond.0");
  });

  it("adds up what each group used between the first reading and the last, a process started in between from zero", () => {
    const ledger = new CpuLedger();
    ledger.record([{ id: "1@10", group: "chromium", ticks: 500 }]);
    ledger.record([
      { id: "1@10", group: "chromium", ticks: 700 },
      { id: "2@20", group: "chromium", ticks: 30 },
      { id: "3@20", group: "workerd", ticks: 40 },
    ]);
    // Pid 2 reused by another process: a new start time, counted on its own.
    ledger.record([
      { id: "1@10", group: "chromium", ticks: 900 },
      { id: "2@30", group: "chromium", ticks: 5 },
    ]);
    expect(ledger.byGroup()).toEqual([
      ["chromium", 400 + 30 + 5],
      ["workerd", 40],
    ]);
  });

  it("counts the machine at work in user, nice, system, irq and softirq: not idle, waiting on the disk, stolen, nor guest twice", () => {
    expect(busyTicks("cpu  100 5 50 1000 20 3 2 7 40 0\ncpu0 50 2 25 500 10 1 1 0 0 0\n")).toBe(100 + 5 + 50 + 3 + 2);
  });
});
