import { describe, expect, it } from "vitest";
import { type GraphqlDecision, MAX_HEADLINE_LENGTH, graphqlDecision } from "./graphql-rules.ts";

/*
 * Which GraphQL the editor may send (graphql-rules.ts), rule by rule. Every query Sveltia CMS 0.221's GitHub
 * backend sends without open authoring or the editorial workflow (neither is configured: both need REST
 * writes the Worker refuses) passes, as its source writes them (node_modules/@sveltia/cms/dist/sveltia-cms.mjs,
 * its interpolations filled in); each refusal is shown next to the smallest change that makes it.
 * proxy.test.ts holds the same refusals through the Worker: 403, logged once.
 */

const TARGET = { owner: "meridian", name: "site", branch: "main" };
const EMAIL = "attorney@example.com";
const VARIABLES = { owner: "meridian", repo: "site", branch: "main" };
const HEAD = "a".repeat(40);

const decide = (query: string, variables: Record<string, unknown> = VARIABLES): GraphqlDecision =>
  graphqlDecision({ query, variables }, TARGET, EMAIL);

const reasonOf = (decision: GraphqlDecision) => (decision.allowed ? "allowed" : decision.reason);

/** A query of this repository, as Sveltia wraps its selections. */
const repositoryQuery = (selection: string) => `
  query($owner: String!, $repo: String!, $branch: String!) {
    repository(owner: $owner, name: $repo) { ${selection} }
  }`;

const COMMIT_DEPLOY_STATE = `commit_0: object(oid: "${HEAD}") { ... on Commit {
  status { contexts { context state targetUrl description } }
  deployments(
    last: 10
    orderBy: { field: CREATED_AT, direction: ASC }
  ) { nodes { environment latestStatus { state environmentUrl description } } }
  checkSuites(last: 10) { nodes { checkRuns(last: 20) { nodes { name status conclusion detailsUrl summary } } } }
} }`;

const COMMIT_MUTATION = `
  mutation($input: CreateCommitOnBranchInput!) {
    createCommitOnBranch(input: $input) {
      commit { oid committedDate file_0: file(path: "content/articles/a.md") { oid } }
    }
  }`;

const commit = (headline: string) => ({
  input: {
    branch: { repositoryNameWithOwner: "meridian/site", branchName: "main" },
    expectedHeadOid: HEAD,
    fileChanges: { additions: [{ path: "content/articles/a.md", contents: btoa("x") }], deletions: [] },
    message: { headline },
  },
});

describe("every query Sveltia CMS 0.221 sends", () => {
  it.each([
    [
      "the default branch",
      "query($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) { defaultBranchRef { name } } }",
    ],
    [
      "the last commit",
      repositoryQuery("ref(qualifiedName: $branch) { target { ... on Commit { history(first: 1) { nodes { oid message } } } } }"),
    ],
    ["the branch's head", repositoryQuery("ref(qualifiedName: $branch) { target { ... on Commit { oid } } }")],
    [
      "file contents, in a batch",
      repositoryQuery(`content_0: object(oid: "${HEAD}") { ... on Blob { text isTruncated } }
        content_1: object(oid: "${"b".repeat(40)}") { ... on Blob { text isTruncated } }`),
    ],
    [
      "each file's last author",
      repositoryQuery(`commit_0: ref(qualifiedName: $branch) { target { ... on Commit {
        history(first: 1, path: "content/site.yaml") { nodes { author { name email user { id: databaseId login } } committedDate } }
      } } }`),
    ],
    [
      "a file's history",
      repositoryQuery(`history_0: ref(qualifiedName: $branch) { target { ... on Commit {
        history(first: 100, path: "content/site.yaml") { nodes { oid author { name email avatarUrl user { login } } committedDate } }
      } } }`),
    ],
    ["a commit's deploy state", repositoryQuery(COMMIT_DEPLOY_STATE)],
  ])("%s", (_name, query) => expect(reasonOf(decide(query))).toBe("allowed"));

  it("and its commit, which gets the person's trailer", () => {
    const decision = decide(COMMIT_MUTATION, commit("Update Article “a”"));
    expect(decision.allowed && decision.body.variables.input).toMatchObject({
      message: { headline: "Update Article “a”", body: `Co-authored-by: ${EMAIL} <${EMAIL}>` },
    });
  });
});

describe("a GraphQL document the editor never sends", () => {
  it.each([
    [
      "an argument given twice",
      'query($owner: String!, $repo: String!) { repository(owner: $owner, name: "other", name: $repo) { defaultBranchRef { name } } }',
      "a GraphQL argument given twice (name)",
    ],
    [
      "an argument given twice below the repository",
      repositoryQuery('ref(qualifiedName: "refs/heads/x", qualifiedName: $branch) { name }'),
      "a GraphQL argument given twice (qualifiedName)",
    ],
    [
      "an input field given twice",
      repositoryQuery(COMMIT_DEPLOY_STATE.replace("direction: ASC", "direction: ASC, field: NAME")),
      "a GraphQL input field given twice (field)",
    ],
    [
      "a variable declared twice",
      "query($owner: String!, $repo: String!, $repo: String!) { repository(owner: $owner, name: $repo) { defaultBranchRef { name } } }",
      "a GraphQL variable given twice (repo)",
    ],
  ])("refuses %s", (_name, query, reason) => expect(reasonOf(decide(query))).toBe(reason));

  it.each([
    [
      "the operation",
      "query($owner: String!, $repo: String!) @cached { repository(owner: $owner, name: $repo) { defaultBranchRef { name } } }",
    ],
    [
      "the repository",
      "query($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) @skip(if: false) { defaultBranchRef { name } } }",
    ],
    ["a nested field", repositoryQuery("defaultBranchRef @include(if: true) { name }")],
    ["an inline fragment", repositoryQuery("ref(qualifiedName: $branch) { target { ... on Commit @include(if: true) { oid } } }")],
    ["a variable", "query($owner: String! @x, $repo: String!) { repository(owner: $owner, name: $repo) { defaultBranchRef { name } } }"],
    [
      "the commit",
      COMMIT_MUTATION.replace("createCommitOnBranch(input: $input)", "createCommitOnBranch(input: $input) @include(if: true)"),
    ],
  ])("refuses a directive on %s", (_name, query) => {
    const variables = query.includes("mutation") ? commit("Update") : VARIABLES;
    expect(reasonOf(decide(query, variables))).toMatch(/a GraphQL directive \(@\w+\)/);
  });

  it.each([
    [
      "the owner's other repository",
      'owner { repository(name: "secrets") { object(expression: "main:x") { ... on Blob { text } } } }',
      "owner",
    ],
    ["a repository below the repository", 'repository(owner: "meridian", name: "secrets") { name }', "repository"],
    [
      "an author's repositories",
      "ref(qualifiedName: $branch) { target { ... on Commit { author { user { repositories(first: 10) { nodes { name } } } } } } }",
      "repositories",
    ],
    [
      "an author's repository by name",
      'ref(qualifiedName: $branch) { target { ... on Commit { author { user { repository(name: "secrets") { name } } } } } }',
      "repository",
    ],
    ["the parent of a fork", 'parent { object(expression: "main:x") { ... on Blob { text } } }', "parent"],
    [
      "an organization",
      'ref(qualifiedName: $branch) { target { ... on Commit { author { user { organization(login: "x") { name } } } } } }',
      "organization",
    ],
    ["a pull request's head repository", "pullRequests(first: 1) { nodes { headRepository { name } } }", "pullRequests"],
    ["a node by id", 'ref(qualifiedName: $branch) { target { ... on Commit { node(id: "x") { id } } } }', "node"],
    ["introspection", "__typename", "__typename"],
  ])("refuses %s", (_name, selection, field) => {
    expect(reasonOf(decide(repositoryQuery(selection)))).toBe(`a GraphQL query of the field ${field}, which the editor never reads`);
  });

  it("refuses anything but the repository at the top: the viewer, an owner, a search, a node", () => {
    for (const query of [
      "query { viewer { login repositories(first: 1) { nodes { name } } } }",
      'query { repositoryOwner(login: "meridian") { repository(name: "secrets") { name } } }',
      'query { organization(login: "meridian") { name } }',
      'query { search(query: "x", type: REPOSITORY, first: 1) { repositoryCount } }',
      'query { node(id: "x") { id } }',
    ])
      expect(reasonOf(decide(query))).toBe("a GraphQL query of something other than this repository");
  });

  it("refuses a commit whose answer reaches beyond what the editor reads", () => {
    const query = COMMIT_MUTATION.replace("committedDate", "committedDate author { user { repositories(first: 1) { nodes { name } } } }");
    expect(reasonOf(decide(query, commit("Update")))).toBe("a GraphQL query of the field repositories, which the editor never reads");
  });
});

describe("a commit's headline", () => {
  it.each([
    ["a line feed, forging a trailer", "x\n\nCo-authored-by: someone <s@x>"],
    ["a carriage return", "x\rCo-authored-by: someone <s@x>"],
    ["a tab", "Update\tArticle"],
    ["a NUL", "Update\u0000"],
    ["DEL", "Update\u007f"],
    ["a C1 next-line", "Update\u0085Co-authored-by: someone <s@x>"],
    ["a line separator", "Update\u2028Co-authored-by: someone <s@x>"],
  ])("refuses %s", (_name, headline) => {
    expect(reasonOf(decide(COMMIT_MUTATION, commit(headline)))).toBe("a commit headline with a line break or another control character");
  });

  it(`takes ${MAX_HEADLINE_LENGTH} characters, counted as characters, and refuses one more`, () => {
    expect(reasonOf(decide(COMMIT_MUTATION, commit("x".repeat(MAX_HEADLINE_LENGTH))))).toBe("allowed");
    expect(reasonOf(decide(COMMIT_MUTATION, commit("é".repeat(MAX_HEADLINE_LENGTH))))).toBe("allowed");
    expect(reasonOf(decide(COMMIT_MUTATION, commit("🎨".repeat(MAX_HEADLINE_LENGTH))))).toBe("allowed");
    expect(reasonOf(decide(COMMIT_MUTATION, commit("x".repeat(MAX_HEADLINE_LENGTH + 1))))).toBe(
      `a commit headline longer than ${MAX_HEADLINE_LENGTH} characters`,
    );
  });

  it("refuses a body of its own, and an empty headline", () => {
    const withBody = commit("x");
    const input = { ...withBody.input, message: { headline: "x", body: "Co-authored-by: someone <s@x>" } };
    expect(reasonOf(decide(COMMIT_MUTATION, { input }))).toBe("a commit whose message is not a single headline");
    expect(reasonOf(decide(COMMIT_MUTATION, commit(" ")))).toBe("a commit whose message is not a single headline");
  });
});
