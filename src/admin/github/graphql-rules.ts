import { type DocumentNode, Kind, type OperationDefinitionNode, type ValueNode, parse, print } from "@0no-co/graphql.web";
import { GIT_OBJECT_ID, pathProblem } from "./content-paths.ts";

/*
 * What the editor may ask of GitHub's GraphQL API through the Worker (proxy.ts), deny by default. It may read
 * this one repository (every query Sveltia CMS 0.221 sends is `repository(owner: $owner, name: $repo) {…}`:
 * the last commit, file contents in batches, each file's history, deploy state), and write with one mutation,
 * `createCommitOnBranch`, to the configured branch, adding or deleting files under content/ only. Anything
 * else is refused: another repository, another mutation (`createRef`, `updateRef` with `force`, `deleteRef`,
 * merges…), a second operation or a fragment in the document, a subscription.
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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** True when `value` has no keys but `allowed` ones (and every `required` one). */
const onlyKeys = (value: Record<string, unknown>, allowed: readonly string[], required: readonly string[] = []) =>
  Object.keys(value).every((key) => allowed.includes(key)) && required.every((key) => key in value);

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
  if (operation?.kind !== Kind.OPERATION_DEFINITION || others.length > 0)
    return refuse("a GraphQL document with more than one operation, or with fragments");
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
    if (selection.kind !== Kind.FIELD || selection.name.value !== "repository" || selection.directives?.length)
      return "a GraphQL query of something other than this repository";
    const args = Object.fromEntries((selection.arguments ?? []).map((argument) => [argument.name.value, argument.value]));
    if (!onlyKeys(args, ["owner", "name"], ["owner", "name"])) return "a GraphQL query of a repository named another way";
    const owner = stringOf(args.owner!, variables);
    const name = stringOf(args.name!, variables);
    if (owner?.toLowerCase() !== target.owner.toLowerCase() || name?.toLowerCase() !== target.name.toLowerCase())
      return `a GraphQL query of another repository (${String(owner)}/${String(name)})`;
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
  if (field?.kind !== Kind.FIELD || more.length > 0 || field.directives?.length)
    return refuse("a GraphQL mutation with more than one change");
  if (field.name.value !== "createCommitOnBranch") return refuse(`the GraphQL mutation ${field.name.value}`);
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
