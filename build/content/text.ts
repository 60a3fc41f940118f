/**
 * The text the files under content/ put on the site's pages, by the part of a page it fills. build/fonts.ts
 * adds each part to the subset of the face that sets it, so that the characters of an article are in the
 * web fonts the day it is published, with nothing to record first. Drafts count too: they go live later.
 */
import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { visit } from "unist-util-visit";
import { contentFacts } from "../../src/content/facts.ts";
import { calloutTitle, checkBody, fillFacts, parseFile, textOf } from "./markdown.ts";
import type { ContentProblem } from "./problems.ts";

export interface ContentText {
  /** Everything the pages show of the files: the frontmatter's text and the whole body. */
  readonly all: string;
  /** What the pages set as headings: titles, `##` headings and callout titles. */
  readonly headings: string;
  /** Block quotations. */
  readonly quotations: string;
}

export function contentText(dir: string): ContentText {
  const all: string[] = [];
  const headings: string[] = [];
  const quotations: string[] = [];
  // Problems are the content build's to report (build/content/load.ts); here a file is only read.
  const problems: ContentProblem[] = [];
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter(
    (path) => path.endsWith(".md") && basename(path) !== "README.md",
  );
  for (const file of files) {
    const { frontmatter, body } = parseFile(readFileSync(join(dir, file), "utf8"), file, problems);
    // Fills in the {{fact}} tokens, which the pages show as the facts' values.
    checkBody(body, contentFacts, file, problems);
    const fields = typeof frontmatter === "object" && frontmatter !== null ? (frontmatter as Record<string, unknown>) : {};
    for (const [field, value] of Object.entries(fields)) {
      if (typeof value !== "string") continue;
      const text = fillFacts(value, contentFacts, () => {});
      all.push(text);
      if (field === "title") headings.push(text);
    }
    all.push(textOf(body.children));
    visit(body, (node) => {
      if (node.type === "heading" && node.depth === 2) headings.push(textOf(node.children));
      else if (node.type === "containerDirective") headings.push(calloutTitle(node) ?? "");
      else if (node.type === "blockquote") quotations.push(textOf(node.children));
    });
  }
  return { all: all.join(" "), headings: headings.join(" "), quotations: quotations.join(" ") };
}
