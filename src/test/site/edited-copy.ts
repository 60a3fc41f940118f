/** Writes the copy of content/ with a day's edits (./edits.ts) applied: for vitest.config.ts, in Node. */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { contentCopy } from "../../../build/content/fixture-copy.ts";
import { articleFile, edits, newsFile } from "./edits.ts";

/** A YAML text (a file or a frontmatter) with one field set, keeping the rest as written. */
function setField(yaml: string, path: readonly string[], value: string): string {
  const document = parseDocument(yaml);
  document.setIn(path, value);
  return document.toString();
}

/** A Markdown file with one frontmatter field set. */
function setFrontmatter(file: string, path: readonly string[], value: string): string {
  const [, frontmatter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(file)!;
  return `---\n${setField(frontmatter!, path, value)}---\n${body}`;
}

/**
 * The edited files, given the files of content/ by path under it: new ones, and changed ones. `service`
 * names the service file to rename.
 */
function editedFiles(read: (path: string) => string, service: string): Record<string, string> {
  return {
    [`articles/${edits.article.slug}.md`]: articleFile,
    [`news/${edits.news.slug}.md`]: newsFile,
    [service]: setFrontmatter(read(service), ["title"], edits.serviceTitle),
    "site.yaml": setField(setField(read("site.yaml"), ["founder", "name"], edits.founderName), ["email"], edits.email),
  };
}

/** A temporary copy of a content folder with the day's edits; the first service (by file name) is renamed. */
export function editedContentCopy(from: string): string {
  const read = (path: string) => readFileSync(join(from, path), "utf8");
  const service = `services/${
    readdirSync(join(from, "services"))
      .filter((name) => name.endsWith(".md"))
      .sort()[0]
  }`;
  return contentCopy(from, editedFiles(read, service));
}
