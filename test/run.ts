/**
 * `npm test`: every check the project keeps, cheapest failure first, then each step's time. Steps in one
 * stage run side by side (their output is held and printed whole when each ends, so it never interleaves);
 * the first failing stage stops the run. `npm test -- --from=<step>` starts at a later stage.
 */
import { spawn } from "node:child_process";

interface Step {
  readonly name: string;
  readonly command: string;
}

/** npm scripts, by stage. A stage starts when the one before it has passed. */
const stages: readonly (readonly string[])[] = [
  ["lint", "content:check", "types:check", "typecheck"],
  ["test:worker"],
  ["build"],
  ["test:e2e", "deploy:check"],
  ["test:reliability:built"],
];

interface Outcome {
  readonly step: Step;
  readonly seconds: number;
  readonly ok: boolean;
}

function run(step: Step, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("close", (code) => {
      if (!alone) process.stdout.write(`\n── ${step.name} ──\n${output}`);
      resolve({ step, seconds: (performance.now() - started) / 1000, ok: code === 0 });
    });
  });
}

function startIndex(): number {
  const from = process.argv.find((argument) => argument.startsWith("--from="))?.slice("--from=".length);
  if (!from) return 0;
  const index = stages.findIndex((stage) => stage.includes(from));
  if (index < 0) throw new Error(`No step named ${from}; the steps are ${stages.flat().join(", ")}`);
  return index;
}

const outcomes: Outcome[] = [];
const started = performance.now();
for (const stage of stages.slice(startIndex())) {
  const steps = stage.map((name) => ({ name, command: `npm run --silent ${name}` }));
  outcomes.push(...(await Promise.all(steps.map((step) => run(step, steps.length === 1)))));
  if (outcomes.some((outcome) => !outcome.ok)) break;
}

const width = Math.max(...outcomes.map(({ step }) => step.name.length));
console.log("\nnpm test, step by step:");
for (const { step, seconds, ok } of outcomes)
  console.log(`  ${step.name.padEnd(width)}  ${seconds.toFixed(1).padStart(6)} s  ${ok ? "ok" : "FAILED"}`);
console.log(`  ${"total".padEnd(width)}  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
process.exitCode = outcomes.every((outcome) => outcome.ok) ? 0 : 1;
