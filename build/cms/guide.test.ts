import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { factsOf } from "../../src/content/facts.ts";
import { loadContent } from "../content/load.ts";
import { editingGuide } from "./guide.ts";

/*
 * The guide page's compilation (guide.ts): the practice's facts filled in wherever docs/editing.md writes a
 * `{{fact}}` token, prose and code alike; an unknown token fails the build rather than reach the attorney.
 */

const FACTS = { practiceName: "Harbor & Kiln Law", email: "desk@harbor.example", city: "Tacoma" };

const guideFrom = (markdown: string) => {
  const path = join(mkdtempSync(join(tmpdir(), "guide-")), "editing.md");
  writeFileSync(path, markdown);
  return editingGuide(FACTS, path);
};

describe("the editor's guide", () => {
  it("fills in the facts, in prose and in code, and leaves no token", () => {
    const { title, html } = guideFrom("# Editing {{practiceName}}\n\nWrite to {{email}} in `{{city}}`.\n");
    expect(title).toBe("Editing Harbor & Kiln Law");
    expect(html).toContain("Write to desk@harbor.example in <code>Tacoma</code>.");
    expect(html).not.toContain("{{");
  });

  it("refuses a token that is no fact of the site", () => {
    expect(() => guideFrom("# Guide\n\nAsk {{practiceNmae}}.\n")).toThrow(/\{\{practiceNmae\}\} is not a fact of the site/);
  });

  it("compiles docs/editing.md itself with the practice's facts, no token left", () => {
    const { site } = loadContent({ root: process.cwd() }).content;
    const { html } = editingGuide(factsOf(site));
    expect(html).not.toContain("{{");
    expect(html).toContain(site.practiceName);
  });
});
