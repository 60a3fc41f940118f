/**
 * `npm run content:check`: compiles every file under content/ as the build does and prints, one line each,
 * what is wrong (file, line or field, problem). Runs first in `npm run build` and `npm test`, so a bad file
 * stops them before anything is built or served.
 */
import { loadContent } from "../build/content/load.ts";
import { ContentError } from "../build/content/problems.ts";
import { draftsRequested } from "../build/content/vite-plugin.ts";

try {
  const { content, placeholders } = loadContent({ root: process.cwd(), drafts: draftsRequested() });
  const count = (items: readonly unknown[], noun: string) => `${items.length} ${noun}${items.length === 1 ? "" : "s"}`;
  console.log(
    `content: ${count(content.articles, "article")}, ${count(content.news, "news item")}, ${count(content.legal, "legal notice")}, ${count(content.services, "service")}${draftsRequested() ? " (drafts included)" : ""}; ${count(placeholders, "placeholder")} left to replace before launch (npm run launch-check)`,
  );
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  console.error(
    `\n${error.problems.length === 1 ? "1 problem" : `${error.problems.length} problems`} in content/: fix ${error.problems.length === 1 ? "it" : "them"} and run the command again (see content/README.md).`,
  );
  process.exit(1);
}
