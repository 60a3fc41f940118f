import { describe, expect, it } from "vitest";
import { disclosureParts, engagementKinds, engagementLetterPaths, flatFeeStatements, tokensOf } from "../../src/content/engagement.ts";
import { loadContent } from "./load.ts";
import { problemLines, project, readSeed } from "./test-project.ts";

/*
 * The engagement letters and the signing page's disclosure (content/letters/engagement-*.md,
 * content/pages/engagement.yaml), as the content check holds them: every token declared or a fact, every
 * field used, the flat fee's five statements, every part of the ESIGN disclosure.
 */

const problemsOf = (files: Record<string, string>) => problemLines(project(files));
const compile = (files: Record<string, string> = {}) => loadContent({ root: project(files) }).content;

const FLAT_FEE = engagementLetterPaths["flat-fee"];
const HOURLY = engagementLetterPaths.hourly;

/** A letter file with `change` made to its text only, not to the notes of its frontmatter. */
const inText = (path: string, change: (text: string) => string) => {
  const file = readSeed(path);
  const end = file.indexOf("\n---\n", 4) + 5;
  return file.slice(0, end) + change(file.slice(end));
};

/** A sentence as a file may wrap it: any run of spaces and line breaks between its words. */
const asWritten = (sentence: string) =>
  new RegExp(
    sentence
      .split(" ")
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("\\s+"),
  );

describe("the engagement letters", () => {
  it("compile to templates by kind: facts filled in, paragraphs on one line, fields and {{date}} left for the inbox", () => {
    const { engagementLetters, site } = compile();
    expect(Object.keys(engagementLetters).sort()).toEqual([...engagementKinds].sort());
    for (const kind of engagementKinds) {
      const template = engagementLetters[kind];
      expect(template.kind).toBe(kind);
      expect(template.subject).toContain(site.practiceName);
      expect(template.body).toContain(site.practiceName);
      expect(template.body).not.toContain("placeholder(");
      expect(template.body.startsWith("{{date}}")).toBe(true);
      // Every token left is the date or a declared field, and every declared field is there.
      expect(new Set(tokensOf(template.body))).toEqual(new Set(["date", ...template.fields.map((field) => field.name)]));
      // Its wrapped paragraphs are one line each; the signature keeps its short lines.
      expect(template.body).toMatch(/\n\nThank you for choosing [^\n]+ once you sign, it is our agreement\.\n/);
      expect(template.body.trimEnd().endsWith(`${site.founder.name}\n${site.practiceName}\n${site.email}`)).toBe(true);
    }
    const flatFee = engagementLetters["flat-fee"];
    expect(flatFee.fields.find((field) => field.name === "scope")).toMatchObject({ multiline: true });
    expect(flatFee.fields.find((field) => field.name === "flatFee")).toMatchObject({ multiline: false });
    expect(flatFee.fields.find((field) => field.name === "clientName")).toMatchObject({ prefill: "name" });
  });

  it.each(flatFeeStatements.map((statement, i) => [i + 1, statement] as const))(
    "refuse a flat-fee letter without statement %i of RPC 1.5(f)(2), naming it",
    (_number, statement) => {
      const without = inText(FLAT_FEE, (text) => {
        expect(text).toMatch(asWritten(statement.sentence));
        // Reworded, keeping the letter's own fields: only the statement is missing.
        const fields = tokensOf(statement.sentence).filter((name) => name !== "practiceName");
        return text.replace(asWritten(statement.sentence), `We will talk about this. ${fields.map((name) => `{{${name}}}`).join(" ")}`);
      });
      const problems = problemsOf({ [FLAT_FEE]: without });
      expect(problems).toEqual([
        expect.stringContaining(
          `content/${FLAT_FEE}: must state ${statement.name} (${statement.rule}), in these words: "${statement.sentence}"`,
        ),
      ]);
    },
  );

  it("take a statement rewrapped, or with a fact written out, as written", () => {
    const sentence = flatFeeStatements[2]!.sentence;
    const practiceName = compile().site.practiceName;
    const rewritten = sentence.replaceAll("{{practiceName}}", practiceName).replace(/ /g, (space, at) => (at % 3 ? space : "\n"));
    const letter = inText(FLAT_FEE, (text) => text.replace(asWritten(sentence), rewritten));
    expect(letter).toContain(practiceName);
    expect(() => compile({ [FLAT_FEE]: letter })).not.toThrow();
  });

  it("refuse a token the letter does not declare, a declared field it never uses, and a field named as a fact", () => {
    const letter = readSeed(HOURLY);
    expect(problemsOf({ [HOURLY]: letter.replace("{{hourlyRate}} an hour", "{{hourlyFee}} an hour") })).toEqual([
      `content/${HOURLY}: fields[6].name: {{hourlyRate}} is declared, but the letter never says it: use it in the text, or remove the field`,
      expect.stringMatching(
        new RegExp(
          `^content/${HOURLY}: \\{\\{hourlyFee\\}\\} is not a field this letter declares, nor a fact of the site: declare it under fields \\(the fields are: clientName, client, matter, scope, exclusions, hourlyRate, deposit\\)`,
        ),
      ),
    ]);
    // The consultation offer's own tokens are not filled in an engagement letter.
    expect(problemsOf({ [HOURLY]: letter.replace("Warm regards,", "Book a call at {{bookingLink}}.\n\nWarm regards,") })).toEqual([
      expect.stringContaining(`content/${HOURLY}: {{bookingLink}} is not a field this letter declares`),
    ]);
    const factField = letter.replace("  - name: deposit\n", "  - name: email\n    label: An address\n  - name: deposit\n");
    expect(problemsOf({ [HOURLY]: factField })).toEqual([
      `content/${HOURLY}: fields[7].name: {{email}} is a fact of the site: name the field otherwise`,
    ]);
    const twice = letter.replace("  - name: deposit\n", "  - name: scope\n    label: Again\n  - name: deposit\n");
    expect(problemsOf({ [HOURLY]: twice })).toEqual([`content/${HOURLY}: fields[7].name: scope is declared twice`]);
  });

  it("refuse a letter filed as another kind, and a field whose name is not a token's", () => {
    const letter = readSeed(HOURLY);
    expect(problemsOf({ [HOURLY]: letter.replace("kind: hourly", "kind: flat-fee") })).toEqual([
      `content/${HOURLY}: kind: must be hourly: this file is the hourly letter`,
    ]);
    expect(problemsOf({ [HOURLY]: letter.replace("name: deposit", "name: advance-deposit") })).toEqual([
      expect.stringMatching(new RegExp(`^content/${HOURLY}: fields\\[7\\]\\.name: must be a token's name`)),
    ]);
  });
});

describe("the signing page's disclosure", () => {
  it.each(Object.keys(disclosureParts))("is refused without its part %s, named by its field", (part) => {
    const page = readSeed("pages/engagement.yaml");
    const without = page.replace(new RegExp(`^ {2}${part}: .*\\n`, "m"), "");
    expect(without).not.toBe(page);
    expect(problemsOf({ "pages/engagement.yaml": without })).toEqual([`content/pages/engagement.yaml: disclosure.${part}: is missing`]);
  });

  it("is refused with a part left empty", () => {
    const page = readSeed("pages/engagement.yaml").replace(/^ {2}paperCopy: .*$/m, '  paperCopy: ""');
    expect(problemsOf({ "pages/engagement.yaml": page })).toEqual([
      "content/pages/engagement.yaml: disclosure.paperCopy: must not be empty",
    ]);
  });
});

describe("the engagement records' retention", () => {
  it("is stated by the privacy policy, and outlives the inquiry's records", () => {
    const policy = readSeed("legal/privacy-policy.md");
    expect(problemsOf({ "legal/privacy-policy.md": policy.replace("{{engagementRecordPeriod}}", "ten years") })).toEqual([
      expect.stringContaining(
        "content/legal/privacy-policy.md: must state how long the website keeps each record: write {{engagementRecordPeriod}}",
      ),
    ]);
    const site = readSeed("site.yaml").replace(/engagementRecordMonths: .*/, "engagementRecordMonths: 60");
    expect(problemsOf({ "site.yaml": site })).toEqual([
      "content/site.yaml: retention.engagementRecordMonths: engagementRecordMonths must be at least conflictRecordMonths: a signed engagement record outlives the inquiry's records",
    ]);
  });
});
