/** What the content check and the build say of content/: a summary when it is sound, every problem when not. */
import type { LoadedContent } from "./load.ts";
import type { ContentError } from "./problems.ts";

const count = (items: readonly unknown[], noun: string) => `${items.length} ${noun}${items.length === 1 ? "" : "s"}`;

/** "content: 3 articles, 1 news item, …; 32 placeholders left to replace before launch". */
export function contentSummary({ content, placeholders }: LoadedContent, drafts: boolean): string {
  return `content: ${count(content.articles, "article")}, ${count(content.news, "news item")}, ${count(content.legal, "legal notice")}, ${count(content.services, "service")}${drafts ? " (drafts included)" : ""}; ${count(placeholders, "placeholder")} left to replace before launch (npm run launch-check)`;
}

/** Every problem, one line each, and what to do about them. */
export function problemsReport(error: ContentError): string {
  const { length } = error.problems;
  return `${error.message}\n\n${length === 1 ? "1 problem" : `${length} problems`} in content/: fix ${length === 1 ? "it" : "them"} and run the command again (see content/README.md).`;
}
