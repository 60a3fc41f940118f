/**
 * `npm run launch-check`: lists every invented fact still marked placeholder() in src/content and every
 * production setting of wrangler.toml still on a reserved example domain or a placeholder database, and
 * exits 1 while any is left. `npm run deploy` runs it first, so a placeholder never goes live.
 * `--readme` rewrites README's "Before launch" checklist from the same list.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { checklist, launchItems } from "./lib/launch.ts";

const items = await launchItems();

if (process.argv.includes("--readme")) {
  const readme = readFileSync("README.md", "utf8");
  const start = "<!-- launch-check:start -->";
  const end = "<!-- launch-check:end -->";
  const body = items.length ? checklist(items) : "Nothing left: every fact is the practice's own and every setting is live.";
  writeFileSync("README.md", readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n${body}\n${end}`));
}

if (items.length === 0) {
  console.log("Ready to launch: no placeholders in src/content; wrangler.toml names real domains, database and Turnstile key.");
} else {
  console.error(`Not ready to launch: ${items.length} thing${items.length === 1 ? "" : "s"} to replace first.\n`);
  console.error(checklist(items).replaceAll("- [ ] ", "  - "));
  console.error(
    `\nReplace each (write the real value without placeholder() in src/content), then run this again.\nnpm run deploy refuses until the list is empty; see "Before launch" in README.md.`,
  );
  process.exit(1);
}
