/**
 * The engagement letters (content/letters/engagement-*.md), compiled and checked: each `{{token}}` of a letter
 * is a fact of the site, `{{date}}`, or one of the fields its frontmatter declares, and each declared field is
 * used; the flat-fee letter holds the five statements RPC 1.5(f)(2) requires (src/content/engagement.ts). The
 * compiled template keeps its fields and `{{date}}` as tokens, each wrapped paragraph on one line.
 */
import type { EngagementTemplate } from "../../src/content/collections.ts";
import {
  type EngagementKind,
  collapseSpaces,
  engagementKinds,
  engagementLetterPaths,
  engagementSystemTokens,
  flatFeeStatements,
  tokensOf,
} from "../../src/content/engagement.ts";
import type { ContentFacts } from "../../src/content/facts.ts";
import { fillFacts } from "./markdown.ts";
import { type ContentProblem, fieldName } from "./problems.ts";
import type { ContentTree } from "./tree.ts";
import { unwrapParagraphs } from "../../src/content/paragraphs.ts";

/** The single file (src/content/schema's singleFiles) of each kind's letter. */
const fileOfKind = {
  hourly: "engagementHourlyLetter",
  "flat-fee": "engagementFlatFeeLetter",
  "limited-scope": "engagementLimitedScopeLetter",
} as const satisfies Record<EngagementKind, keyof ContentTree["singles"]>;

/** The engagement letters' paths from the project's root, as problems name them. */
const letterFiles = (contentDir: string) => new Set(Object.values(engagementLetterPaths).map((path) => `${contentDir}/${path}`));

/** What the tree reports of a token that is not a fact (build/content/markdown.ts, fillFacts). */
const UNKNOWN_TOKEN = /^\{\{\s*[A-Za-z]+\s*\}\} is not a fact of the site/;

/**
 * The tree's problems but those of an engagement letter's text that name a token as no fact of the site: a
 * letter's own fields are such tokens, and engagementTemplates() below says of each token what it is instead.
 */
export function withoutLetterTokenProblems(problems: readonly ContentProblem[], contentDir: string): ContentProblem[] {
  const files = letterFiles(contentDir);
  return problems.filter(
    (problem) =>
      !(files.has(problem.file) && problem.line === undefined && problem.field === undefined && UNKNOWN_TOKEN.test(problem.message)),
  );
}

/**
 * The engagement letters' templates, by kind, each checked; every problem is added to `problems`. Undefined
 * when a letter could not be read (its problem is the tree's).
 */
export function engagementTemplates(
  singles: ContentTree["singles"],
  facts: ContentFacts | undefined,
  problems: ContentProblem[],
): Record<EngagementKind, EngagementTemplate> | undefined {
  const templates: Partial<Record<EngagementKind, EngagementTemplate>> = {};
  for (const kind of engagementKinds) {
    const entry = singles[fileOfKind[kind]];
    // A letter whose frontmatter did not pass has that problem to fix first: what it declares is not known yet.
    if (!entry?.value || entry.bodyText === undefined || !facts) continue;
    const { file, bodyText, value } = entry;
    const problem = (message: string, field?: string) => problems.push({ file, message, ...(field ? { field } : {}) });
    const factNames = Object.keys(facts);
    const declared = value.fields.map((field) => field.name);
    const used = tokensOf(bodyText);
    const reserved = new Set<string>([...factNames, ...engagementSystemTokens]);

    for (const [i, name] of declared.entries()) {
      const field = fieldName(["fields", i, "name"]);
      if (reserved.has(name))
        problem(`{{${name}}} is ${name in facts ? "a fact of the site" : "filled in by the site"}: name the field otherwise`, field);
      else if (!used.includes(name))
        problem(`{{${name}}} is declared, but the letter never says it: use it in the text, or remove the field`, field);
    }
    const undeclared = used.filter((name) => !reserved.has(name) && !declared.includes(name));
    for (const name of undeclared)
      problem(
        `{{${name}}} is not a field this letter declares, nor a fact of the site: declare it under fields (the fields are: ${declared.join(", ") || "none"}), or write one of the facts (${factNames.join(", ")}) or {{date}}`,
      );

    if (kind === "flat-fee") {
      const text = collapseSpaces(bodyText);
      for (const statement of flatFeeStatements) {
        const sentence = collapseSpaces(fillFacts(statement.sentence, facts, () => {}));
        if (!text.includes(sentence))
          problem(
            `must state ${statement.name} (${statement.rule}), in these words: "${statement.sentence}" (a flat fee is the practice's on receipt only if the letter says so)`,
          );
      }
    }
    templates[kind] = { kind, title: value.title, subject: value.subject, fields: value.fields, body: unwrapParagraphs(bodyText).trim() };
  }
  return engagementKinds.every((kind) => templates[kind]) ? (templates as Record<EngagementKind, EngagementTemplate>) : undefined;
}
