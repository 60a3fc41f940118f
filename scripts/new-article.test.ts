import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "../build/content/load.ts";
import { project } from "../build/content/test-project.ts";

const script = resolve("scripts/new-article.ts");
const run = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [script, ...args], { cwd, encoding: "utf8" });

describe("npm run new:article", () => {
  it("writes a valid draft with today's date, named after the title", () => {
    const root = project();
    const result = run(root, "Law & the Artist’s Studio");
    expect(result.status).toBe(0);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
    const text = readFileSync(join(root, "content/articles/law-the-artists-studio.md"), "utf8");
    expect(text).toContain('title: "Law & the Artist’s Studio"');
    expect(text).toContain(`date: ${today}`);
    expect(text).toContain("status: draft");
    // Valid: the build accepts it, and leaves the draft out; a preview of drafts shows it.
    expect(loadContent({ root }).content.articles).toEqual([]);
    expect(loadContent({ root, drafts: true }).content.articles[0]).toMatchObject({
      slug: "law-the-artists-studio",
      title: "Law & the Artist’s Studio",
      date: today,
    });
  });

  it("refuses to overwrite an article, and says how to use it without a title", () => {
    const root = mkdtempSync(join(tmpdir(), "new-article-"));
    expect(run(root, "Twice").status).toBe(0);
    const again = run(root, "Twice");
    expect(again.status).toBe(2);
    expect(again.stderr).toContain("content/articles/twice.md already exists");
    expect(run(root).stderr).toContain('usage: npm run new:article -- "');
  });
});
