import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { project, seedSite } from "./test-project.ts";
import { contentText } from "./text.ts";

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
  const text = contentText(join(project({ "articles/quoting-zines.md": article, "README.md": "# Never shown: Ω" }), "content"));

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
    for (const part of ["Quoting Zines", "Fair use, quotation", "IP Law", "before 9 a.m.", "Exhibit fees", "Keep copies.", seedSite.email])
      expect(text.all).toContain(part);
    expect(text.all).not.toContain("{{email}}");
  });

  it("leaves out what is not published: the folder's README", () => {
    expect(text.all).not.toContain("Ω");
  });

  it("sets each field in the face its schema names: headings in the serif, the quotation in its italic", () => {
    expect(text.headings).toContain("Protect What You Create");
    expect(text.headings).toContain("Meridian Creative Law");
    expect(text.headings).not.toContain("Clear, thoughtful legal guidance");
    expect(text.quotations).toContain("A good contract is like a frame.");
    expect(text.quotations).toContain("Photo coming soon!");
    expect(text.all).toContain("Clear, thoughtful legal guidance");
  });

  it("leaves out the letters, which are e-mails, not pages", () => {
    expect(text.all).not.toContain("we are not able to represent you");
  });
});
