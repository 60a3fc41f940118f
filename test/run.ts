/**
 * `npm test`: every check the project keeps, cheapest failure first, then each step's time. The plan below
 * runs steps in order or side by side; a step's output is held and printed whole when it ends, so outputs
 * never interleave. The first failing step stops the run (the steps still running are stopped too).
 * `npm test -- --from=<step>` skips the steps listed before that one.
 */
import { type ChildProcess, spawn } from "node:child_process";

type Plan = string | { readonly inOrder: readonly Plan[] } | { readonly sideBySide: readonly Plan[] };
const inOrder = (...plans: Plan[]): Plan => ({ inOrder: plans });
const sideBySide = (...plans: Plan[]): Plan => ({ sideBySide: plans });

/**
 * npm scripts. The Worker's tests run beside the build and the browser tests: each of them waits on its
 * own servers and browsers part of the time, so on two cores they take less together than one after the
 * other. The reliability run likewise waits on its server far more than it computes.
 */
const plan = inOrder(
  sideBySide("lint", "content:check", "types:check", "typecheck"),
  sideBySide("test:worker", inOrder("build", sideBySide("test:e2e", "deploy:check", "test:reliability:built"))),
);

/**
 * Steps that can stall, silent and never ending, and how many seconds of silence mean they have: the
 * Worker's tests meet an open bug of @cloudflare/vitest-pool-workers, a run that stops after one file,
 * mid-suite, with no error (cloudflare/workers-sdk#15498; seen once in a fresh clone's `npm test`). A
 * stalled step is stopped and run once more. Its files print as they finish, a few seconds apart, and a
 * hung test fails after 30 s (vitest.config.ts), so two minutes of silence is a stall.
 */
const STALL_SECONDS: Readonly<Record<string, number>> = { "test:worker": 120 };

const stepsOf = (plan: Plan): string[] =>
  typeof plan === "string" ? [plan] : "inOrder" in plan ? plan.inOrder.flatMap(stepsOf) : plan.sideBySide.flatMap(stepsOf);

interface Outcome {
  readonly step: string;
  readonly seconds: number;
  /** "stopped": still running when another step failed. */
  readonly result: "ok" | "FAILED" | "stopped";
  /** Whether it stalled once and was run again (the seconds count both runs). */
  readonly rerun?: true;
}

const outcomes: Outcome[] = [];
const running = new Set<ChildProcess>();
let failed = false;

async function runStep(step: string): Promise<void> {
  const started = performance.now();
  console.log(`▶ ${step}`);
  let run = await runOnce(step);
  // Not when another step has failed meanwhile: the run is over.
  const rerun = (run.stalled && !failed) || undefined;
  if (rerun) {
    process.stdout.write(`\n── ${step}: stalled, silent for ${STALL_SECONDS[step]} s; stopped and run again ──\n${run.output}`);
    run = await runOnce(step);
  }
  const seconds = (performance.now() - started) / 1000;
  const result = run.code === 0 ? "ok" : failed ? "stopped" : "FAILED";
  process.stdout.write(`\n── ${step}: ${result} in ${seconds.toFixed(1)} s${rerun ? " (run twice)" : ""} ──\n${run.output}`);
  outcomes.push({ step, seconds, result, rerun });
  if (result === "FAILED") {
    failed = true;
    for (const other of running) process.kill(-other.pid!, "SIGINT");
  }
}

/** One run of a step: its exit code and output, and whether it was stopped for stalling. */
function runOnce(step: string): Promise<{ code: number | null; output: string; stalled: boolean }> {
  return new Promise((resolve) => {
    // A process group of its own, so that stopping the step reaches all of it. SIGINT, as Ctrl-C would:
    // Playwright then stops the servers it started.
    const child = spawn(`npm run --silent ${step}`, { shell: true, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    running.add(child);
    let output = "";
    let heard = performance.now();
    let stalled = false;
    const hold = (chunk: Buffer) => {
      output += chunk;
      heard = performance.now();
    };
    child.stdout.on("data", hold);
    child.stderr.on("data", hold);
    const limit = STALL_SECONDS[step];
    const watch =
      limit === undefined
        ? undefined
        : setInterval(() => {
            if (stalled || performance.now() - heard < limit * 1000) return;
            stalled = true;
            // A stalled run heeds no SIGINT.
            process.kill(-child.pid!, "SIGKILL");
          }, 1000);
    child.on("close", (code) => {
      clearInterval(watch);
      running.delete(child);
      resolve({ code, output, stalled });
    });
  });
}

async function run(plan: Plan, skipped: ReadonlySet<string>): Promise<void> {
  if (typeof plan === "string") {
    if (!skipped.has(plan) && !failed) await runStep(plan);
  } else if ("inOrder" in plan) {
    for (const part of plan.inOrder) await run(part, skipped);
  } else {
    await Promise.all(plan.sideBySide.map((part) => run(part, skipped)));
  }
}

/** The steps before `--from=<step>`, in the plan's order. */
function skippedSteps(): Set<string> {
  const steps = stepsOf(plan);
  const from = process.argv.find((argument) => argument.startsWith("--from="))?.slice("--from=".length);
  if (!from) return new Set();
  const index = steps.indexOf(from);
  if (index < 0) throw new Error(`No step named ${from}; the steps are ${steps.join(", ")}`);
  return new Set(steps.slice(0, index));
}

const started = performance.now();
await run(plan, skippedSteps());

const width = Math.max(...outcomes.map(({ step }) => step.length), "total".length);
console.log("\nnpm test, step by step (side by side where the plan says so, so the steps add up to more than the total):");
for (const { step, seconds, result, rerun } of outcomes)
  console.log(`  ${step.padEnd(width)}  ${seconds.toFixed(1).padStart(6)} s  ${result}${rerun ? " (stalled once, run again)" : ""}`);
console.log(`  ${"total".padEnd(width)}  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
process.exitCode = failed ? 1 : 0;
