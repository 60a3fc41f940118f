/**
 * What the project says of itself is true (vitest project `docs`): a folder's README, a map of the folder,
 * names no file that does not exist; README.md and docs/ name only npm scripts, paths and links that exist.
 * Run in Node over the repository as git has it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file && existsSync(join(root, file)));
const trackedNames = new Set(tracked.map((file) => basename(file)));
const read = (file: string) => readFileSync(join(root, file), "utf8");

/** Whether a path exists in the repository (a glob's `*` matches within a name). */
function exists(path: string): boolean {
  const clean = normalize(path.replace(/[#?].*$/, "").replace(/:\d+(-\d+)?$/, "")).replace(/\/$/, "");
  if (!clean.includes("*")) return existsSync(join(root, clean));
  const pattern = new RegExp(`^${clean.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*\*?/g, "[^]*")}$`);
  return tracked.some((file) => pattern.test(file));
}

/** The code in backticks of a Markdown text. */
const codeSpans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

/** Folder READMEs: every README.md but the repository's own and the writers' guide (content/, its own test). */
const folderReadmes = tracked.filter((file) => file.endsWith("/README.md") && !file.startsWith("content/"));

describe.each(folderReadmes)("%s", (readme) => {
  const folder = dirname(readme);
  const text = read(readme);

  it("names no file that does not exist", () => {
    // A name with a leading slash is an address the site answers, and dist/ is what a build writes: neither is a
    // file of the repository.
    const files = codeSpans(text)
      .flatMap((span) => span.split(/[\s,()]+/))
      .filter((token) => !token.startsWith("/") && !token.startsWith("dist/"))
      .map((token) => token.replace(/^\.\//, ""))
      .filter((token) => /^[\w.@/*-]+\.(ts|tsx|js|json|md|yaml|yml|css|sql|sh|toml|html)$/.test(token));
    const missing = files.filter(
      (file) =>
        !exists(join(folder, file)) &&
        !exists(file) &&
        !exists(join("src", file)) &&
        !(file.includes("*") ? false : !file.includes("/") && trackedNames.has(file)),
    );
    expect(missing, `${readme} names files that do not exist`).toEqual([]);
  });
});

const scripts = new Set(Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts));
/** The repository's top-level files and folders: what a path named in the docs may start with (not node_modules/ nor dist/, which an install or a build writes). */
const topLevel = new Set(tracked.map((file) => file.split("/")[0]!));
const docs = ["README.md", ...tracked.filter((file) => /^docs\/[^/]+\.md$/.test(file))];

describe.each(docs)("%s", (doc) => {
  const text = read(doc);

  it("names only npm scripts that exist", () => {
    const code = [...codeSpans(text), ...[...text.matchAll(/```[\s\S]*?```/g)].map((match) => match[0])].join("\n");
    const named = [...code.matchAll(/\bnpm (?:run )?([\w:-]+)/g)]
      .map((match) => match[1]!)
      .filter((name) => !["install", "ci", "run", "i", "view", "exec"].includes(name));
    expect(named.filter((name) => !scripts.has(name))).toEqual([]);
  });

  it("names only paths of the repository that exist", () => {
    const paths = codeSpans(text)
      .flatMap((span) => span.split(/\s+/))
      .filter((token) => topLevel.has(token.split("/")[0]!) && token.includes("/") && !token.includes("<") && !token.includes("{"));
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });

  it("links only to files that exist", () => {
    const links = [...text.matchAll(/\]\((?!https?:|mailto:|#)([^)\s]+)\)/g)].map((match) => join(dirname(doc), match[1]!));
    expect(links.filter((link) => !exists(link))).toEqual([]);
  });
});
