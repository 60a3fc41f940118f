/**
 * The first deploy: the build and the launch check (production), then `wrangler deploy --secrets-file`, which
 * creates the database, queues and buckets by name, attaches the Custom Domain and sends the secrets with the
 * Worker's first version. A Worker that is deployed and holds every required secret is left to CI's deploys.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { workerConfig } from "../config.ts";
import { type Context, type Step, dashboard, kept, made } from "../context.ts";
import { Stop } from "../stop.ts";
import { wrangler } from "../wrangler.ts";
import { workerSecrets } from "./secrets.ts";

const lastLines = (text: string, count = 12) => text.trim().split("\n").slice(-count).join("\n  ");

async function npmRun(context: Context, script: string) {
  try {
    await promisify(execFile)("npm", ["run", script], {
      cwd: context.root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: { ...context.env, ...(context.target === "preview" ? { CLOUDFLARE_ENV: "preview" } : {}) } as NodeJS.ProcessEnv,
    });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return `${stdout}\n${stderr}`;
  }
  return null;
}

/** wrangler's refusal, as the one thing to do about it. */
function stopFor(context: Context, output: string): Stop {
  if (/\b10042\b/.test(output))
    return new Stop("R2 is not switched on for the account (10042): enable it", dashboard(context, "r2/overview"));
  if (/\b11002\b/.test(output))
    return new Stop("Queues is not switched on for the account (11002): enable it", dashboard(context, "workers/queues"));
  return new Stop(`wrangler deploy failed:\n  ${lastLines(output)}`, dashboard(context, "workers-and-pages"));
}

export const deploy: Step = {
  title: "Build and deploy the Worker",
  does: "npm run build and (production) npm run launch-check, then wrangler deploy --secrets-file .setup/<target>.secrets.json, which creates the D1 database, both queues and both buckets by name and attaches the Custom Domain; skipped once the Worker is deployed with every required secret",
  async run(context) {
    const required = workerConfig(context.root, context.target).requiredSecrets;
    const held = await workerSecrets(context);
    const deployed =
      (await context.cloudflare.find(`/accounts/{account}/workers/services/${context.worker}`).catch(() => undefined)) !== undefined;
    if (deployed && required.every((name) => held.has(name)))
      return kept(`${context.worker} is deployed with its secrets; CI deploys from now on`);
    const missing = required.filter((name) => !held.has(name) && context.state.secrets[name] === undefined);
    if (missing.length)
      throw new Stop(
        `No value for the required secret${missing.length > 1 ? "s" : ""} ${missing.join(", ")}: the steps before give them; add any other to ${context.state.secretsFile} ({"NAME": "value"})`,
        join(context.root, context.state.secretsFile),
      );
    const built = await npmRun(context, "build");
    if (built !== null) throw new Stop(`npm run build failed:\n  ${lastLines(built)}`, "content/README.md");
    if (context.target === "production") {
      const refused = await npmRun(context, "launch-check");
      if (refused !== null)
        throw new Stop(
          `The launch check refuses:\n  ${lastLines(refused, 30)}\nReplace what it names (content/README.md explains each field)`,
          "content/README.md",
        );
    }
    const run = await wrangler(["deploy", "--secrets-file", context.state.secretsFile], context.root, context.env);
    if (run.code !== 0) throw stopFor(context, `${run.stdout}\n${run.stderr}`);
    return made(`${context.worker} deployed, with ${required.join(", ")}`);
  },
};
