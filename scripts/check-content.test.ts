import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { project } from "../build/content/test-project.ts";

const script = resolve("scripts/check-content.ts");

/** Runs `npm run content:check` (the first step of build, start and test) in a project with these files. */
const check = (files: Record<string, string>) => spawnSync(process.execPath, [script], { cwd: project(files), encoding: "utf8" });

describe("npm run content:check", () => {
  it("fails with one line per problem, naming the file and field, and nothing else but a summary", () => {
    const result = check({ "articles/oops.md": "---\ntitle: Oops\ncategory: Poetry\n---\n\nText.\n" });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      "content/articles/oops.md: description: is missing",
      "content/articles/oops.md: category: must be one of Contracts, IP Law, General",
      "content/articles/oops.md: date: is missing",
      "content/articles/oops.md: status: is missing",
      "",
      "4 problems in content/: fix them and run the command again (see content/README.md).",
    ]);
    expect(result.stdout).toBe("");
  });

  it("passes and counts what it compiled when every file is good", () => {
    const result = check({ "news/hello.md": "---\ntitle: Hello\ndate: 2026-01-01\nstatus: published\n---\n\nWe opened.\n" });
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(
      /^content: 0 articles, 1 news item, 0 legal notices, 4 services; \d+ placeholders left to replace before launch \(npm run launch-check\)\n$/,
    );
    expect(result.status).toBe(0);
  });
});
