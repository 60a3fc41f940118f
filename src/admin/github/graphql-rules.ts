import {
  type DocumentNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  parse,
  print,
  visit,
} from "@0no-co/graphql.web";
import { GIT_OBJECT_ID, pathProblem } from "./content-paths.ts";

/*
 * What the editor may ask of GitHub's GraphQL API through the Worker (proxy.ts), deny by default. It may read
 * this one repository (every query Sveltia CMS 0.221 sends is `repository(owner: $owner, name: $repo) {…}`:
 * the last commit, file contents in batches, each file's history, deploy state), and write with one mutation,
 * `createCommitOnBranch`, to the configured branch, adding or deleting files under content/ only, with a
 * headline of one line. Below `repository` and the commit, only the fields the editor reads may be asked for
 * (FIELDS_THE_EDITOR_READS): none of them leads to another repository or its owner. Anything else is refused:
 * another repository, another field (`owner`, `user { repositories }`…), another mutation (`createRef`,
 * `updateRef` with `force`, `deleteRef`, merges…), a second operation or a fragment in the document, a
 * directive, an argument or input field given twice, a subscription.
 *
 * What is forwarded is the parsed document printed again (@0no-co/graphql.web, a spec-compliant parser and
 * printer of 5 KB), never the text as sent, so GitHub runs exactly what was checked, whatever a parser might
 * read differently; and only the variables it declares. A commit's message gets the person's
 * `Co-authored-by:` trailer: commits through a GitHub App are authored by its bot.
 */

/** The repository and branch the editor works on (CMS_GITHUB_REPO, CMS_GITHUB_BRANCH). */
export interface EditorTarget {
  readonly owner: string;
  readonly name: string;
  readonly branch: string;
}

/** What GitHub is to be sent, and what a commit changes, or why nothing is sent. */
export type GraphqlDecision =
  | { readonly allowed: true; readonly body: { query: string; variables: Record<string, unknown> }; readonly commit?: CommitSummary }
  | { readonly allowed: false; readonly reason: string };

/** A commit the editor is about to make, for the activity log. */
export interface CommitSummary {
  readonly headline: string;
  readonly paths: readonly string[];
}

const refuse = (reason: string): GraphqlDecision => ({ allowed: false, reason });

const NOT_ONE_OPERATION = "a GraphQL document with more than one operation, or with fragments";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** True when `value` has no keys but `allowed` ones (and every `required` one). */
const onlyKeys = (value: Record<string, unknown>, allowed: readonly string[], required: readonly string[] = []) =>
  Object.keys(value).every((key) => allowed.includes(key)) && required.every((key) => key in value);

/**
 * Every field the editor asks for below `repository` or `createCommitOnBranch`, as Sveltia CMS 0.221's GitHub
 * backend writes its queries: the default branch, the last commit, file contents, each file's history and
 * last author, a commit's deploy state (statuses, deployments, check runs), and the commit it made. None
 * leads to another repository or to an owner's (no `owner`, `repository`, `repositories`, `parent`, `forks`,
 * `organization`…); `user`, a commit author's account, is read only through these same fields.
 */
const FIELDS_THE_EDITOR_READS = new Set([
  ...["defaultBranchRef", "name", "ref", "target", "oid", "message", "history", "nodes", "committedDate"],
  ...["author", "email", "avatarUrl", "user", "databaseId", "login"],
  ...["object", "text", "isTruncated"],
  ...["status", "contexts", "context", "state", "targetUrl", "description"],
  ...["deployments", "environment", "latestStatus", "environmentUrl"],
  ...["checkSuites", "checkRuns", "conclusion", "detailsUrl", "summary"],
  ...["commit", "file"],
]);

/** A headline longer than this (in characters) is refused: the editor's are a few words and a file's name. */
export const MAX_HEADLINE_LENGTH = 200;

/** Control characters (C0, DEL, C1) and Unicode's line and paragraph separators: none belongs in a headline. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The trailer that names the person in a commit's message. */
export const coAuthorTrailer = (email: string) => `Co-authored-by: ${email} <${email}>`;

/** Checks a GraphQL request body (`{ query, variables }`) from the editor. */
export function graphqlDecision(body: unknown, target: EditorTarget, email: string): GraphqlDecision {
  if (!isObject(body) || typeof body.query !== "string" || !onlyKeys(body, ["query", "variables", "operationName"]))
    return refuse("a GraphQL request without a query");
  const sent = body.variables ?? {};
  if (!isObject(sent)) return refuse("GraphQL variables that are not an object");
  let document: DocumentNode;
  try {
    document = parse(body.query, { noLocation: true });
  } catch {
    return refuse("a GraphQL request that is not valid GraphQL");
  }
  const [operation, ...others] = document.definitions;
  if (operation?.kind !== Kind.OPERATION_DEFINITION || others.length > 0) return refuse(NOT_ONE_OPERATION);
  const problem = documentProblem(document);
  if (problem) return refuse(problem);
  if (operation.variableDefinitions?.some((definition) => definition.defaultValue))
    return refuse("a GraphQL variable with a default value");
  // Only the variables the operation declares go on to GitHub.
  const variables = Object.fromEntries(
    (operation.variableDefinitions ?? []).map((definition) => [definition.variable.name.value, sent[definition.variable.name.value]]),
  );
  const forward = (vars: Record<string, unknown>) => ({ query: print(document), variables: vars });
  if (operation.operation === "query") {
    const problem = queryProblem(operation, variables, target);
    return problem ? refuse(problem) : { allowed: true, body: forward(variables) };
  }
  if (operation.operation === "mutation") return commitDecision(operation, variables, target, email, forward);
  return refuse(`a GraphQL ${operation.operation}`);
}

/**
 * Why a document holds what no query of the editor's has, anywhere in it: a directive, a fragment spread, an
 * argument, input field or variable named twice (a checker and GitHub could each read a different one).
 */
function documentProblem(document: DocumentNode): string | undefined {
  let problem: string | undefined;
  const note = (found: string | undefined) => {
    problem ??= found;
  };
  visit(document, {
    [Kind.DIRECTIVE]: (node) => note(`a GraphQL directive (@${node.name.value})`),
    [Kind.FRAGMENT_SPREAD]: () => note(NOT_ONE_OPERATION),
    [Kind.OPERATION_DEFINITION]: (node) =>
      note(
        repeatedName(
          "variable",
          node.variableDefinitions?.map(({ variable }) => variable),
        ),
      ),
    [Kind.FIELD]: (node) => note(repeatedName("argument", node.arguments)),
    [Kind.OBJECT]: (node) => note(repeatedName("input field", node.fields)),
  });
  return problem;
}

/** Why a list of named things is refused (a name given twice), or undefined. */
function repeatedName(what: string, named: readonly { readonly name: { readonly value: string } }[] = []): string | undefined {
  const names = named.map(({ name }) => name.value);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  return twice === undefined ? undefined : `a GraphQL ${what} given twice (${twice})`;
}

/** Why a selection below `repository` or the commit asks for more than the editor reads, or undefined. */
function selectionProblem(selectionSet: SelectionSetNode | undefined): string | undefined {
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FRAGMENT_SPREAD) return NOT_ONE_OPERATION;
    if (selection.kind === Kind.FIELD && !FIELDS_THE_EDITOR_READS.has(selection.name.value))
      return `a GraphQL query of the field ${selection.name.value}, which the editor never reads`;
    const problem = selectionProblem(selection.selectionSet);
    if (problem) return problem;
  }
  return undefined;
}

/** A string argument's value: written in the query, or a variable's. */
function stringOf(node: ValueNode, variables: Record<string, unknown>): string | undefined {
  if (node.kind === Kind.STRING) return node.value;
  if (node.kind === Kind.VARIABLE) {
    const value = variables[node.name.value];
    return typeof value === "string" ? value : undefined;
  }
  return undefined;
}

/** Why a query is not one of this repository's reads; undefined if it is. */
function queryProblem(operation: OperationDefinitionNode, variables: Record<string, unknown>, target: EditorTarget): string | undefined {
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.name.value !== "repository")
      return "a GraphQL query of something other than this repository";
    const args = Object.fromEntries((selection.arguments ?? []).map((argument) => [argument.name.value, argument.value]));
    if (!onlyKeys(args, ["owner", "name"], ["owner", "name"])) return "a GraphQL query of a repository named another way";
    const owner = stringOf(args.owner!, variables);
    const name = stringOf(args.name!, variables);
    if (owner?.toLowerCase() !== target.owner.toLowerCase() || name?.toLowerCase() !== target.name.toLowerCase())
      return `a GraphQL query of another repository (${String(owner)}/${String(name)})`;
    const problem = selectionProblem(selection.selectionSet);
    if (problem) return problem;
  }
  return undefined;
}

/** The one mutation the editor may send: a commit on the configured branch, under content/ only. */
function commitDecision(
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  target: EditorTarget,
  email: string,
  forward: (vars: Record<string, unknown>) => { query: string; variables: Record<string, unknown> },
): GraphqlDecision {
  const [field, ...more] = operation.selectionSet.selections;
  if (field?.kind !== Kind.FIELD || more.length > 0) return refuse("a GraphQL mutation with more than one change");
  if (field.name.value !== "createCommitOnBranch") return refuse(`the GraphQL mutation ${field.name.value}`);
  const problem = selectionProblem(field.selectionSet);
  if (problem) return refuse(problem);
  const [argument, ...extra] = field.arguments ?? [];
  if (argument?.name.value !== "input" || argument.value.kind !== Kind.VARIABLE || extra.length > 0)
    return refuse("a commit whose input is not passed as a variable");
  const name = argument.value.name.value;
  const checked = checkedCommit(variables[name], target, email);
  if ("problem" in checked) return refuse(checked.problem);
  return { allowed: true, body: forward({ ...variables, [name]: checked.input }), commit: checked.summary };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A createCommitOnBranch input the editor may send, with the person's trailer added; or why not. */
function checkedCommit(
  input: unknown,
  target: EditorTarget,
  email: string,
): { input: Record<string, unknown>; summary: CommitSummary } | { problem: string } {
  if (
    !isObject(input) ||
    !onlyKeys(input, ["branch", "expectedHeadOid", "fileChanges", "message"], ["branch", "expectedHeadOid", "message"])
  )
    return { problem: "a commit with settings the editor never sends" };
  const { branch, expectedHeadOid, fileChanges = {}, message } = input;
  if (!isObject(branch) || !onlyKeys(branch, ["repositoryNameWithOwner", "branchName"], ["repositoryNameWithOwner", "branchName"]))
    return { problem: "a commit to a branch named another way" };
  if (String(branch.repositoryNameWithOwner).toLowerCase() !== `${target.owner}/${target.name}`.toLowerCase())
    return { problem: `a commit to another repository (${String(branch.repositoryNameWithOwner)})` };
  if (branch.branchName !== target.branch)
    return { problem: `a commit to the branch ${JSON.stringify(String(branch.branchName))}, not ${target.branch}` };
  // Without the head it was made on, a commit could replace whatever is there: GitHub requires it, and so does this.
  if (typeof expectedHeadOid !== "string" || !GIT_OBJECT_ID.test(expectedHeadOid))
    return { problem: "a commit without the head it was made on" };
  if (
    !isObject(message) ||
    !onlyKeys(message, ["headline"], ["headline"]) ||
    typeof message.headline !== "string" ||
    !message.headline.trim()
  )
    return { problem: "a commit whose message is not a single headline" };
  const headlineProblem = headlineProblemOf(message.headline);
  if (headlineProblem) return { problem: headlineProblem };
  if (!isObject(fileChanges) || !onlyKeys(fileChanges, ["additions", "deletions"]))
    return { problem: "a commit with changes of another kind" };
  const { additions = [], deletions = [] } = fileChanges;
  if (!Array.isArray(additions) || !Array.isArray(deletions)) return { problem: "a commit with changes of another kind" };
  const paths: string[] = [];
  for (const addition of additions) {
    if (!isObject(addition) || !onlyKeys(addition, ["path", "contents"], ["path", "contents"]))
      return { problem: "a file added with settings the editor never sends" };
    if (typeof addition.contents !== "string" || !BASE64.test(addition.contents))
      return { problem: "a file whose contents are not Base64" };
    paths.push(addition.path as string);
  }
  for (const deletion of deletions) {
    if (!isObject(deletion) || !onlyKeys(deletion, ["path"], ["path"]))
      return { problem: "a file deleted with settings the editor never sends" };
    paths.push(deletion.path as string);
  }
  if (paths.length === 0) return { problem: "a commit that changes nothing" };
  for (const path of paths) {
    const problem = pathProblem(path);
    if (problem) return { problem };
  }
  const headline = message.headline;
  return {
    input: { ...input, message: { headline, body: coAuthorTrailer(email) } },
    summary: { headline, paths: [...new Set(paths)] },
  };
}

/** Why a commit's headline is refused: a line break would let it write trailers of its own above the Worker's. */
function headlineProblemOf(headline: string): string | undefined {
  if (CONTROL_CHARACTER.test(headline)) return "a commit headline with a line break or another control character";
  if ([...headline].length > MAX_HEADLINE_LENGTH) return `a commit headline longer than ${MAX_HEADLINE_LENGTH} characters`;
  return undefined;
}
