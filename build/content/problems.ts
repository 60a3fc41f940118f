/**
 * What is wrong with a content file, said so that the person who wrote it can fix it: one line naming the
 * file (and line, where there is one), the field and the problem.
 */
export interface ContentProblem {
  /** Path from the project's root, e.g. content/articles/my-article.md. */
  readonly file: string;
  readonly line?: number;
  /** The frontmatter field, when the problem is in one. */
  readonly field?: string;
  readonly message: string;
}

/** A field's path as a writer reads it: items of a list counted from 1, e.g. careerHighlights.items[2].year. */
export const fieldName = (path: readonly PropertyKey[]): string =>
  path.map((key, index) => (typeof key === "number" ? `[${key + 1}]` : `${index > 0 ? "." : ""}${String(key)}`)).join("");

const formatProblem = ({ file, line, field, message }: ContentProblem) =>
  `${file}${line ? `:${line}` : ""}: ${field ? `${field}: ` : ""}${message}`;

/** Thrown when any content file is not valid; its message is one line per problem. */
export class ContentError extends Error {
  readonly problems: readonly ContentProblem[];
  constructor(problems: readonly ContentProblem[]) {
    super(problems.map(formatProblem).join("\n"));
    this.name = "ContentError";
    this.problems = problems;
  }
}
