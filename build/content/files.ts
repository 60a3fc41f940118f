/**
 * Reading one content file: a YAML file's data, or a Markdown file's frontmatter and text. Placeholders are
 * unwrapped and recorded as they are read; the site's facts are filled in afterwards (fillData, and
 * markdown.ts's checkBody for a text), once content/site.yaml has given them. Every problem is one line
 * naming the file and the line or field.
 */
import type { Root as MdastRoot } from "mdast";
import { YAMLParseError, parse as parseYaml } from "yaml";
import * as z from "zod";
import { schemaAt } from "./describe.ts";
import { fillFacts, parseMarkdown } from "./markdown.ts";
import { type Placeholder, unwrapData, unwrapText } from "./placeholders.ts";
import { type ContentProblem, fieldName } from "./problems.ts";

export interface ReadFile {
  /** The YAML file's data or the Markdown file's frontmatter; undefined when it could not be read. */
  readonly data: unknown;
  /** A Markdown file's text below the frontmatter, parsed (positions are the file's own lines). */
  readonly body?: MdastRoot;
  /** The same text as written, for letters, which are plain text. */
  readonly bodyText?: string;
}

/** What reading a file reports: its problems, and the placeholders it still holds. */
export interface Findings {
  readonly problems: ContentProblem[];
  readonly placeholders: Placeholder[];
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split("\n").length;

function yamlData(source: string, file: string, firstLine: number, findings: Findings, what: string): unknown {
  try {
    const data = parseYaml(source, { uniqueKeys: true }) ?? {};
    return unwrapData(
      data,
      (field, value) => findings.placeholders.push({ file, field, value }),
      (field) => findings.problems.push({ file, field, message: "placeholder( has no closing bracket )" }),
    );
  } catch (error) {
    if (!(error instanceof YAMLParseError)) throw error;
    const line = (error.linePos?.[0].line ?? 1) + firstLine - 1;
    // The commonest slip: a value beginning with {{, [ or " (a fact, say) must be written in quotes.
    const unquoted = /^\s*[\w.-]+:\s*[{[]/.test(source.split("\n")[line - firstLine] ?? "");
    const hint = unquoted ? ` (a value that begins with {{ or [ must be written in quotes: title: "{{practiceName}} …")` : "";
    findings.problems.push({ file, line, message: `${what} is not valid YAML: ${error.message.split("\n")[0]}${hint}` });
    return undefined;
  }
}

/** A content file, read: YAML by its extension, Markdown otherwise. */
export function readContentFile(source: string, file: string, findings: Findings): ReadFile {
  if (/\.ya?ml$/.test(file)) return { data: yamlData(source, file, 1, findings, "the file") };

  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!frontmatter) {
    findings.problems.push({
      file,
      line: 1,
      message: "the file must begin with its frontmatter: a line ---, the fields, and a line --- (see content/README.md)",
    });
    return { data: undefined, body: parseMarkdown(source) };
  }
  const data = yamlData(frontmatter[1]!, file, 2, findings, "the frontmatter");
  // The text keeps its place in the file (the frontmatter becomes blank lines), so problems name the file's lines.
  const blanked = frontmatter[0].replace(/[^\n]/g, "") + source.slice(frontmatter[0].length);
  const text = unwrapText(
    blanked,
    (value, offset) => findings.placeholders.push({ file, line: lineOf(blanked, offset), value }),
    (offset) => findings.problems.push({ file, line: lineOf(blanked, offset), message: "placeholder( has no closing bracket )" }),
  );
  return { data, body: parseMarkdown(text), bodyText: text.trim() };
}

/** Data with the `{{fact}}` tokens of its texts filled in; an unknown one is reported with its field. */
export function fillData(
  data: unknown,
  facts: Readonly<Record<string, string>>,
  report: (field: string, message: string) => void,
  path: readonly (string | number)[] = [],
): unknown {
  if (typeof data === "string") return fillFacts(data, facts, (message) => report(fieldName(path), message));
  if (Array.isArray(data)) return data.map((item, index) => fillData(item, facts, report, [...path, index]));
  if (typeof data === "object" && data !== null) {
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, fillData(value, facts, report, [...path, key])]));
  }
  return data;
}

/** The fields an object schema knows, for the message about one it does not. */
function knownFields(schema: z.ZodType, path: readonly PropertyKey[]): string {
  let target = path.length ? schemaAt(schema, fieldName(path)) : schema;
  while (target instanceof z.ZodOptional || target instanceof z.ZodDefault) target = target.unwrap() as z.ZodType;
  return target instanceof z.ZodObject ? Object.keys(target.shape).join(", ") : "";
}

/** Checks data against a schema; each problem names its field (e.g. offerings.items.2.title). */
export function checkData<Schema extends z.ZodType>(
  schema: Schema,
  data: unknown,
  file: string,
): { ok: true; value: z.output<Schema> } | { ok: false; problems: ContentProblem[] } {
  // YAML that did not parse: that problem is already reported, and is the one to fix.
  if (data === undefined) return { ok: false, problems: [] };
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  const problems = result.error.issues.flatMap((issue): ContentProblem[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        file,
        field: fieldName([...issue.path, key]),
        message:
          key === "slug"
            ? "is not a field: the slug is the file's name"
            : `is not a known field (the fields are: ${knownFields(schema, issue.path)})`,
      }));
    }
    const field = fieldName(issue.path) || undefined;
    return [{ file, field, message: isMissing(data, issue.path) ? "is missing" : issue.message }];
  });
  return { ok: false, problems };
}

function isMissing(data: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let current = data;
  for (const key of path) {
    if (typeof current !== "object" || current === null || !(key in current)) return true;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current === undefined || current === null;
}

/** `updated` must not come before the date it updates. */
export function checkUpdatedAfter(first: string, updated: string | undefined, file: string, firstField: string): ContentProblem[] {
  return updated !== undefined && updated < first
    ? [{ file, field: "updated", message: `(${updated}) is before ${firstField} (${first})` }]
    : [];
}
