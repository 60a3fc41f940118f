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
 * npm scripts. The Worker's tests run beside the build and the browser tests, and the reliability run beside
 * the browser tests: each waits on its own servers part of the time, so on two cores they take no longer
 * together than one after the other (the cores are busy throughout: docs/contributing.md).
 */
const plan = inOrder(
  sideBySide("lint", "content:check", "types:check", "typecheck"),
  sideBySide("test:worker", inOrder("build", sideBySide("test:e2e", "deploy:check", "test:reliability:built"))),
);

const stepsOf = (plan: Plan): string[] =>
  typeof plan === "string" ? [plan] : "inOrder" in plan ? plan.inOrder.flatMap(stepsOf) : plan.sideBySide.flatMap(stepsOf);

interface Outcome {
  readonly step: string;
  readonly seconds: number;
  /** "stopped": still running when another step failed. */
  readonly result: "ok" | "FAILED" | "stopped";
}

const outcomes: Outcome[] = [];
const running = new Set<ChildProcess>();
let failed = false;

async function runStep(step: string): Promise<void> {
  const started = performance.now();
  console.log(`▶ ${step}`);
  const { code, output } = await runScript(step);
  const seconds = (performance.now() - started) / 1000;
  const result = code === 0 ? "ok" : failed ? "stopped" : "FAILED";
  process.stdout.write(`\n── ${step}: ${result} in ${seconds.toFixed(1)} s ──\n${output}`);
  outcomes.push({ step, seconds, result });
  if (result === "FAILED") {
    failed = true;
    for (const other of running) process.kill(-other.pid!, "SIGINT");
  }
}

/** Runs a step's npm script: its exit code and output. */
function runScript(step: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // A process group of its own, so that stopping the step reaches all of it. SIGINT, as Ctrl-C would:
    // Playwright then stops the servers it started.
    const child = spawn(`npm run --silent ${step}`, { shell: true, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    running.add(child);
    let output = "";
    const hold = (chunk: Buffer) => void (output += chunk);
    child.stdout.on("data", hold);
    child.stderr.on("data", hold);
    child.on("close", (code) => {
      running.delete(child);
      resolve({ code, output });
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
for (const { step, seconds, result } of outcomes) console.log(`  ${step.padEnd(width)}  ${seconds.toFixed(1).padStart(6)} s  ${result}`);
console.log(`  ${"total".padEnd(width)}  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
process.exitCode = failed ? 1 : 0;
