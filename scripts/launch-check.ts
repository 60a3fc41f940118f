/**
 * `npm run launch-check`: lists every value under content/ still marked placeholder(…), every production
 * setting of wrangler.toml still on an example or empty (the domain, mail, Turnstile, Access, the editor's App),
 * and, when it can ask Cloudflare, every required secret the Worker lacks; exits 1 while any is left.
 * `npm run deploy`, `npm run setup` and CI's build run it, so a placeholder never goes live.
 */
import { experimental_readRawConfig } from "wrangler";
import { ContentError } from "../build/content/problems.ts";
import { type LaunchItem, launchItems } from "./lib/launch.ts";
import { secretsToSet } from "./lib/launch-secrets.ts";

const settings = (() => {
  try {
    return launchItems();
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`${error.message}\n\nNot ready to launch: content/ has problems to fix first (npm run content:check).`);
    process.exit(1);
  }
})();
const { rawConfig } = experimental_readRawConfig({ config: "wrangler.toml" });
const secrets = await secretsToSet(String(rawConfig.name), rawConfig.secrets?.required ?? []);
const items = [...settings, ...secrets.items];
if (secrets.note) console.log(secrets.note);

/** The list grouped by file, one line per item. */
const listed = (all: readonly LaunchItem[]) =>
  [...new Set(all.map((item) => item.where))]
    .map(
      (where) =>
        `${where}:\n${all
          .filter((item) => item.where === where)
          .map((item) => `  - ${item.text}`)
          .join("\n")}`,
    )
    .join("\n\n");

if (items.length === 0) {
  console.log(
    "Ready to launch: no placeholders left in content/; wrangler.toml names the real domain, mail, Turnstile, Access and the editor's App.",
  );
} else {
  console.error(`Not ready to launch: ${items.length} thing${items.length === 1 ? "" : "s"} to replace first.\n`);
  console.error(listed(items));
  console.error(
    '\nReplace each: in content/, write the real value without placeholder( and ); in wrangler.toml, the real setting (npm run setup writes them).\nnpm run deploy refuses until the list is empty; see "Before launch" in docs/operators.md and content/README.md.',
  );
  process.exit(1);
}
