/**
 * `npm run setup`: from a fresh clone, an empty Cloudflare account and a GitHub sign-in (`gh auth login`) to the
 * live site, every feature on (docs/operators.md, "Launch"). Each step looks before it makes anything, so a
 * second run makes nothing and says so, and a run that stops (naming the one page to visit) continues from
 * there when run again.
 *
 *   npm run setup                      asks what it cannot know, then sets up production
 *   npm run setup -- --answers FILE    takes the answers from FILE (JSON, as .setup/answers.json)
 *   npm run setup -- --dry-run         prints the plan, offline
 *   npm run setup -- --preview         the preview Worker, in its own account
 */
import { parseArgs } from "node:util";
import { MX_WARNING, gatherAnswers } from "./answers.ts";
import { CloudflareApi } from "./cloudflare.ts";
import { workerConfig } from "./config.ts";
import type { Context } from "./context.ts";
import { PREVIEW, PRODUCTION } from "./plan.ts";
import { State } from "./state.ts";
import { formFor } from "./steps/check-token.ts";
import { Stop } from "./stop.ts";

const { values } = parseArgs({ options: { answers: { type: "string" }, "dry-run": { type: "boolean" }, preview: { type: "boolean" } } });
const preview = values.preview === true;
const steps = preview ? PREVIEW : PRODUCTION;
const root = process.cwd();

if (values["dry-run"]) {
  console.log(
    `The set-up of ${preview ? "the preview Worker, in its own Cloudflare account" : "production"}, step by step (nothing is done now):\n`,
  );
  for (const [index, step] of steps.entries()) console.log(`${index + 1}. ${step.title}: ${step.does}.`);
  console.log(
    `\nIt needs CLOUDFLARE_API_TOKEN, a token made with this form (exactly the permissions the steps use; docs/deploying.md lists each):\n  ${formFor({ target: preview ? "preview" : "production", answers: {} })}`,
  );
  if (!preview)
    console.log(`\nWith the answer mail = routing, the attorney's notification goes through Email Routing instead. ${MX_WARNING}`);
  process.exit(0);
}

function stopped(index: number, stop: Stop): never {
  console.error(`\nStopped ${index < 0 ? "before the first step" : `at step ${index + 1} (${steps[index]!.title})`}: ${stop.message}`);
  console.error(`  Go to: ${stop.page}`);
  console.error("  Then run npm run setup again: it looks at every step afresh and continues from this one.");
  process.exit(2);
}

let context: Context;
try {
  const answers = await gatherAnswers(root, values.answers, preview);
  const token = process.env.CLOUDFLARE_API_TOKEN;
  const target = preview ? "preview" : "production";
  if (!token)
    throw new Stop("No Cloudflare API token: make one with this form, then set CLOUDFLARE_API_TOKEN to it", formFor({ target, answers }));
  const account = (preview ? answers.previewAccount : answers.account)!;
  const env = { ...process.env, CLOUDFLARE_ACCOUNT_ID: account, CLOUDFLARE_API_TOKEN: token };
  const worker = workerConfig(root, target).name;
  context = {
    root,
    target,
    answers,
    cloudflare: new CloudflareApi(token, account, process.env.CLOUDFLARE_API_BASE_URL),
    state: new State(root, target),
    env,
    worker,
    say: (line) => console.log(line),
  };
} catch (error) {
  if (error instanceof Stop) stopped(-1, error);
  throw error;
}

let changed = 0;
for (const [index, step] of steps.entries()) {
  console.log(`${index + 1}. ${step.title}…`);
  try {
    const outcome = await step.run(context);
    if (outcome.made) changed++;
    console.log(`   ${outcome.made ? "done" : "already so"}: ${outcome.note}`);
  } catch (error) {
    if (error instanceof Stop) stopped(index, error);
    console.error(`\nFailed at step ${index + 1} (${step.title}): ${error instanceof Error ? error.message : String(error)}`);
    console.error("  Nothing this step made is lost: run npm run setup again, and it continues from this step.");
    process.exit(1);
  }
}

console.log(
  changed === 0
    ? "\nNothing to do: every step was already done. Nothing was made or changed."
    : `\nDone: ${changed} step${changed > 1 ? "s" : ""} made changes.`,
);
const backupKey = context.state.secrets.BACKUP_KEY;
if (backupKey && !preview)
  console.log(
    `\nThe backups' key, which only you now hold outside Cloudflare: BACKUP_KEY=${backupKey}\nStore it offline now (the practice's password manager and a printed copy in the office safe): without it no backup can be read.\nThen delete ${context.state.secretsFile}.`,
  );
