/**
 * `npm run launch-check`: lists every value under content/ still marked placeholder(…) and every production
 * setting of wrangler.toml still on a reserved example domain or a placeholder database, and exits 1 while
 * any is left. `npm run deploy` runs it first, so a placeholder never goes live.
 */
import { ContentError } from "../build/content/problems.ts";
import { type LaunchItem, launchItems } from "./lib/launch.ts";

const items = (() => {
  try {
    return launchItems();
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(`${error.message}\n\nNot ready to launch: content/ has problems to fix first (npm run content:check).`);
    process.exit(1);
  }
})();

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
  console.log("Ready to launch: no placeholders left in content/; wrangler.toml names real domains, a real database and a Turnstile key.");
} else {
  console.error(`Not ready to launch: ${items.length} thing${items.length === 1 ? "" : "s"} to replace first.\n`);
  console.error(listed(items));
  console.error(
    '\nReplace each: in content/, write the real value without placeholder( and ); in wrangler.toml, the real setting.\nnpm run deploy refuses until the list is empty; see "Before launch" in README.md and content/README.md.',
  );
  process.exit(1);
}
