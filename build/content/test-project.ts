/**
 * For the content build's tests: a project folder whose content/ holds the seed's own files (site facts,
 * pages, services, letters; test/fixtures/seed-content) and no articles, news or legal notices but the
 * test's, so each test sees exactly the pieces it wrote.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parse } from "yaml";
import { loadContent } from "./load.ts";
import { ContentError } from "./problems.ts";

export const SEED = join(import.meta.dirname, "../../test/fixtures/seed-content");

/** A file of the seed, as written. */
export const readSeed = (path: string) => readFileSync(join(SEED, path), "utf8");

/** The seed's public e-mail address, as the site shows it. */
export const seedSite = {
  email: (parse(readFileSync(join(SEED, "site.yaml"), "utf8")) as { email: string }).email.replace(/^placeholder\((.*)\)$/, "$1"),
};

/** A project folder with content/ as above, plus `files` (paths under content/; an empty text removes a file). */
export function project(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "content-test-"));
  const content = join(root, "content");
  cpSync(SEED, content, { recursive: true });
  for (const pieces of ["articles", "news", "legal"]) rmSync(join(content, pieces), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    if (text === "") rmSync(join(content, path));
    else {
      mkdirSync(dirname(join(content, path)), { recursive: true });
      writeFileSync(join(content, path), text);
    }
  }
  return root;
}

/** The lines a content error prints for the project at `root`; fails the test when its content is accepted. */
export function problemLines(root: string): string[] {
  try {
    loadContent({ root });
  } catch (error) {
    if (error instanceof ContentError) return error.message.split("\n");
    throw error;
  }
  throw new Error("expected the content to be refused");
}
