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

export const formatProblem = ({ file, line, field, message }: ContentProblem) =>
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
