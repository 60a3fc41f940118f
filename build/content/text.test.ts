import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { site } from "../../src/content/site.ts";
import { contentText } from "./text.ts";

/** A content folder holding these files (paths under it). */
function contentFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "content-text-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const article = [
  "---",
  'title: "Quoting Zines"',
  'description: "Fair use, quotation and credit for zine makers: what a short quote may take from another work."',
  "category: IP Law",
  "date: 2026-01-15",
  "status: draft",
  "---",
  "",
  "Write to {{email}} before 9 a.m.",
  "",
  "## Jurisdiction & Venue",
  "",
  "### Exhibit fees",
  "",
  "> Quiet excellence.",
  "",
  ":::callout[Extra tips]",
  "- Keep copies.",
  ":::",
  "",
].join("\n");

describe("the text content/ puts on pages", () => {
  const text = contentText(contentFolder({ "articles/quoting-zines.md": article, "README.md": "# Never shown: Ω" }));

  it("sets titles, ## headings and callout titles apart as headings, drafts included", () => {
    expect(text.headings).toContain("Quoting Zines");
    expect(text.headings).toContain("Jurisdiction & Venue");
    expect(text.headings).toContain("Extra tips");
    expect(text.headings).not.toContain("Exhibit fees");
    expect(text.headings).not.toContain("Quiet excellence.");
  });

  it("sets block quotations apart", () => {
    expect(text.quotations).toContain("Quiet excellence.");
    expect(text.quotations).not.toContain("Quoting Zines");
  });

  it("holds all of it, frontmatter and body, with the facts filled in as pages show them", () => {
    for (const part of ["Quoting Zines", "Fair use, quotation", "IP Law", "before 9 a.m.", "Exhibit fees", "Keep copies.", site.email])
      expect(text.all).toContain(part);
    expect(text.all).not.toContain("{{email}}");
  });

  it("leaves out what is not published: the folder's README", () => {
    expect(text.all).not.toContain("Ω");
  });
});
