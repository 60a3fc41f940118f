/**
 * The CI workflow (.github/workflows/ci.yml) as GitHub reads it, and its jobs' shell steps run here as a
 * runner runs them (`bash --noprofile --norc -eo pipefail`), for the tests that hold what a job does: which
 * step sees which secret, what the editor check refuses, how the failure report quotes. Steps that use an
 * action (checkout, setup-node) are left out: the test has made the checkout and Node is this one.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parse } from "yaml";

export interface WorkflowStep {
  readonly id?: string;
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Readonly<Record<string, string>>;
  readonly env?: Readonly<Record<string, string>>;
}

export interface WorkflowJob {
  readonly if?: string;
  readonly needs?: string | readonly string[];
  readonly environment?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly steps: readonly WorkflowStep[];
}

export interface Workflow {
  readonly env?: Readonly<Record<string, string>>;
  readonly jobs: Readonly<Record<string, WorkflowJob>>;
}

export const WORKFLOW = join(import.meta.dirname, "../../.github/workflows/ci.yml");

export const readWorkflow = (): Workflow => parse(readFileSync(WORKFLOW, "utf8")) as Workflow;

/** What the steps run so far wrote to $GITHUB_OUTPUT, as `<step id>.<name>`. */
export type StepOutputs = Readonly<Record<string, string>>;

/**
 * The value of each `${{ … }}` expression a step's environment uses, by its text: a string, or one derived
 * from the outputs of the steps before it. An expression the test does not give fails the run, so a
 * workflow that grows one is not run with a guess.
 */
export type Expressions = Readonly<Record<string, string | ((outputs: StepOutputs) => string)>>;

const EXPRESSION = /\$\{\{\s*(.*?)\s*\}\}/g;

function resolve(value: string, expressions: Expressions, outputs: StepOutputs): string {
  return value.replace(EXPRESSION, (_, expression: string) => {
    const given = expressions[expression];
    if (given === undefined) throw new Error(`The test gives no value for \${{ ${expression} }}`);
    return typeof given === "string" ? given : given(outputs);
  });
}

export interface StepResult {
  readonly step: string;
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function runScript(script: string, cwd: string, env: Record<string, string | undefined>): Promise<Omit<StepResult, "step">> {
  return new Promise((done) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], { cwd, env: env as NodeJS.ProcessEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => void (stdout += chunk));
    child.stderr.on("data", (chunk) => void (stderr += chunk));
    child.on("close", (status) => done({ status, stdout, stderr }));
  });
}

/**
 * Runs `job`'s shell steps in order in `cwd`, each with the runner's variables (`env`, with RUNNER_TEMP and
 * GITHUB_OUTPUT made here) and its own environment resolved; stops after the first that fails.
 */
export async function runJob(
  job: WorkflowJob,
  { cwd, env, expressions }: { cwd: string; env: Readonly<Record<string, string>>; expressions: Expressions },
): Promise<StepResult[]> {
  const runner = mkdtempSync(join(tmpdir(), "runner-"));
  const outputs: Record<string, string> = {};
  const results: StepResult[] = [];
  try {
    for (const [index, step] of job.steps.entries()) {
      if (step.run === undefined) continue;
      const outputFile = join(runner, `output-${index}`);
      writeFileSync(outputFile, "");
      const stepEnv = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([name, value]) => [name, resolve(value, expressions, outputs)]),
      );
      const result = await runScript(step.run, cwd, {
        PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
        HOME: process.env.HOME,
        ...env,
        RUNNER_TEMP: runner,
        GITHUB_OUTPUT: outputFile,
        ...stepEnv,
      });
      results.push({ step: step.name ?? step.run, ...result });
      for (const line of readFileSync(outputFile, "utf8").split("\n").filter(Boolean)) {
        const [name, ...value] = line.split("=");
        outputs[`${step.id}.${name}`] = value.join("=");
      }
      if (result.status !== 0) break;
    }
  } finally {
    rmSync(runner, { recursive: true, force: true });
  }
  return results;
}
