/**
 * `npm run content:check`: compiles every file under content/ as the build does and prints, one line each,
 * what is wrong (file, line or field, problem). Runs first in `npm test` and in CI, so a bad file stops them
 * before anything is built or served; the build itself (build/content/vite-plugin.ts) says the same.
 */
import { loadContent } from "../build/content/load.ts";
import { ContentError } from "../build/content/problems.ts";
import { contentSummary, problemsReport } from "../build/content/report.ts";
import { draftsRequested } from "../build/content/vite-plugin.ts";

try {
  console.log(contentSummary(loadContent({ root: process.cwd(), drafts: draftsRequested() }), draftsRequested()));
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(problemsReport(error));
  process.exit(1);
}
