import { env } from "cloudflare:workers";
import { desc, like } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../../db/client.ts";
import { adminActivity } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import { accessTeam } from "../../test/access-team.ts";
import { fetchApp } from "../../test/admin.ts";
import { type EditorKeys, TEST_APP, editorKeys, stubbedGithub } from "../../test/github-app.ts";
import type { GithubStub } from "../../test/github-stub.ts";
import { LOCAL_DEVELOPER_EMAIL } from "../local-signer.ts";

/*
 * The editor's GitHub API at /admin/content/github/ (proxy.ts), with GitHub stubbed at the network edge: the
 * Worker's own fetch reaches src/test/github-stub.ts for the API's origin, which answers as GitHub documents.
 * The requests are the ones Sveltia CMS 0.221 sends (their shapes read from its source: backends/git/github/
 * files.js, commits.js, repository.js, user.js). The editor's full round trip, each refusal (403 and a line
 * in the activity log, nothing reaching GitHub), no token in any answer, and the gate before all of it.
 */

const ORIGIN = "http://localhost:8787";
const API = `${ORIGIN}/admin/content/github`;
const { owner: OWNER, name: REPO, branch: BRANCH, installationId: INSTALLATION } = TEST_APP;

const seed = import.meta.glob<string>("/test/fixtures/seed-content/articles/*.md", { query: "?raw", import: "default", eager: true });
const FILES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(seed).map(([path, text]) => [path.replace("/test/fixtures/seed-content/", "content/"), text])),
  "package.json": '{ "name": "creative-law-site" }\n',
  ".github/workflows/ci.yml": "name: CI\n",
};
const ARTICLE = Object.keys(FILES).find((path) => path.startsWith("content/articles/"))!;

let keys: EditorKeys;
let stub: GithubStub;
let settings: Partial<Env>;
/** Every answer of the proxy in a test, to look for tokens in. */
let answers: { status: number; headers: [string, string][]; body: string }[];

beforeAll(async () => {
  keys = await editorKeys();
});

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
  ({ stub, settings } = stubbedGithub(FILES, keys));
  answers = [];
});

afterEach(() => {
  // No answer of the proxy carries a token GitHub issued, in its body or its headers.
  for (const token of stub.tokens) for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(token);
  vi.restoreAllMocks();
});

/** A request of the editor's page to the proxy: same origin, its "token" the marker, as Sveltia sends it. */
async function call(path: string, init: RequestInit = {}, overrides: Partial<Env> = {}) {
  const headers = new Headers({
    authorization: "token signed-in-through-the-site",
    "sec-fetch-site": "same-origin",
    ...Object.fromEntries(new Headers(init.headers)),
  });
  const response = await fetchApp(`${API}${path}`, { ...init, headers }, { ...settings, ...overrides });
  const body = new TextDecoder().decode(await response.arrayBuffer());
  answers.push({ status: response.status, headers: [...response.headers], body });
  return { status: response.status, headers: response.headers, body, json: () => JSON.parse(body) };
}

const graphql = (query: string, variables: Record<string, unknown> = {}, init: RequestInit = {}) =>
  call("/api/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...Object.fromEntries(new Headers(init.headers)) },
    body: JSON.stringify({ query: query.replace(/\n\s*/g, " "), variables }),
  });

// The editor's queries, as Sveltia CMS 0.221 writes them.
const LAST_COMMIT = `
  query($owner: String!, $repo: String!, $branch: String!) {
    repository(owner: $owner, name: $repo) {
      ref(qualifiedName: $branch) { target { ... on Commit { history(first: 1) { nodes { oid message } } } } }
    }
  }`;
const contentsQuery = (oids: string[]) => `
  query($owner: String!, $repo: String!) {
    repository(owner: $owner, name: $repo) {
      ${oids.map((oid, index) => `content_${index}: object(oid: ${JSON.stringify(oid)}) { ... on Blob { text isTruncated } }`).join("\n")}
    }
  }`;
const metadataQuery = (paths: string[]) => `
  query($owner: String!, $repo: String!, $branch: String!) {
    repository(owner: $owner, name: $repo) {
      ${paths
        .map(
          (path, index) => `commit_${index}: ref(qualifiedName: $branch) { target { ... on Commit {
            history(first: 1, path: ${JSON.stringify(path)}) { nodes { author { name email user { id: databaseId login } } committedDate } } } } }`,
        )
        .join("\n")}
    }
  }`;
const commitMutation = (paths: string[]) => `
  mutation($input: CreateCommitOnBranchInput!) {
    createCommitOnBranch(input: $input) {
      commit { oid committedDate ${paths.map((path, index) => `file_${index}: file(path: ${JSON.stringify(path)}) { oid }`).join(" ")} }
    }
  }`;
const repoVars = { owner: OWNER, repo: REPO };
const encode = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** A commit as the editor sends it: on the branch, on top of `head`, with a headline. */
const commitInput = (head: string, additions: { path: string; text: string }[], extra: Record<string, unknown> = {}) => ({
  branch: { repositoryNameWithOwner: `${OWNER}/${REPO}`, branchName: BRANCH },
  expectedHeadOid: head,
  fileChanges: { additions: additions.map(({ path, text }) => ({ path, contents: encode(text) })), deletions: [] },
  message: { headline: "Update Article “a”" },
  ...extra,
});

const lastCommit = async () =>
  (await graphql(LAST_COMMIT, { ...repoVars, branch: BRANCH })).json().data.repository.ref.target.history.nodes[0].oid as string;

async function activity(action: "site-edit" | "site-edit-refused") {
  return database(env.DB).select().from(adminActivity).where(like(adminActivity.action, action)).orderBy(desc(adminActivity.id));
}

describe("the editor's round trip through the Worker", () => {
  it("signs in as the person the gate let in: /user and the collaborator check, answered here", async () => {
    const user = await call("/api/v3/user");
    expect(user.status).toBe(200);
    expect(user.json()).toMatchObject({
      login: LOCAL_DEVELOPER_EMAIL,
      email: LOCAL_DEVELOPER_EMAIL,
      name: LOCAL_DEVELOPER_EMAIL,
      type: "User",
    });
    expect(typeof user.json().id).toBe("number");
    const collaborators = `/api/v3/repos/${OWNER}/${REPO}/collaborators`;
    expect((await call(`${collaborators}/${encodeURIComponent(LOCAL_DEVELOPER_EMAIL)}`)).status).toBe(204);
    expect((await call(`${collaborators}/someone-else`)).status).toBe(404);
    // GitHub was asked nothing: an installation token cannot call /user.
    expect(stub.requests).toEqual([]);
  });

  it("lists the files, opens an article, saves a change to it and creates another, each commit naming the person", async () => {
    const head = await lastCommit();
    expect(head).toBe(await stub.head());

    // List.
    const tree = await call(`/api/v3/repos/${OWNER}/${REPO}/git/trees/${head}?recursive=1`);
    expect(tree.status).toBe(200);
    const blobs = (tree.json().tree as { path: string; type: string; sha: string }[]).filter(({ type }) => type === "blob");
    expect(blobs.map(({ path }) => path)).toContain(ARTICLE);
    const article = blobs.find(({ path }) => path === ARTICLE)!;

    // Open: the contents in a batch, the last commit of each file, and one file raw.
    const contents = (await graphql(contentsQuery([article.sha]), repoVars)).json();
    expect(contents.data.repository.content_0).toEqual({ text: FILES[ARTICLE], isTruncated: false });
    const metadata = (await graphql(metadataQuery([ARTICLE]), { ...repoVars, branch: BRANCH })).json();
    expect(metadata.data.repository.commit_0.target.history.nodes).toHaveLength(1);
    const raw = await call(`/api/v3/repos/${OWNER}/${REPO}/git/blobs/${article.sha}`, {
      headers: { accept: "application/vnd.github.raw" },
    });
    expect(raw.body).toBe(FILES[ARTICLE]);

    // Save a change to its title.
    const edited = FILES[ARTICLE]!.replace(/^title: .*$/m, "title: A New Title");
    const saved = await graphql(commitMutation([ARTICLE]), { input: commitInput(head, [{ path: ARTICLE, text: edited }]) });
    expect(saved.status).toBe(200);
    const commit = saved.json().data.createCommitOnBranch.commit;
    expect(commit.oid).toBe(await stub.head());
    expect(commit.file_0.oid).toMatch(/^[0-9a-f]{40}$/);
    expect(await stub.file(ARTICLE)).toBe(edited);

    // Create an article.
    const created = "content/articles/licensing-a-mural.md";
    const text = "---\ntitle: Licensing a Mural\nstatus: draft\n---\nA first paragraph.\n";
    const second = await graphql(commitMutation([created]), {
      input: commitInput(commit.oid, [{ path: created, text }], { message: { headline: "Create Article “licensing-a-mural”" } }),
    });
    expect(second.json().data.createCommitOnBranch.commit.oid).toBe(await stub.head());
    expect(await stub.file(created)).toBe(text);

    // Two commits, each touching only its file, each naming the signed-in person.
    expect(stub.commits.map(({ added, deleted, branch }) => ({ added, deleted, branch }))).toEqual([
      { added: [ARTICLE], deleted: [], branch: BRANCH },
      { added: [created], deleted: [], branch: BRANCH },
    ]);
    for (const { body } of stub.commits) expect(body).toBe(`Co-authored-by: ${LOCAL_DEVELOPER_EMAIL} <${LOCAL_DEVELOPER_EMAIL}>`);
    // And the activity log says who changed what.
    const log = await activity("site-edit");
    expect(log[0]).toMatchObject({ actor: LOCAL_DEVELOPER_EMAIL, detail: expect.stringContaining(created) });
    expect(log[1]).toMatchObject({ actor: LOCAL_DEVELOPER_EMAIL, detail: expect.stringContaining(ARTICLE) });
  });

  it("calls GitHub as the App's installation, limited to the repository, minting one token and reusing it", async () => {
    await lastCommit();
    await lastCommit();
    const minted = stub.requests.filter(({ path }) => path === `/app/installations/${INSTALLATION}/access_tokens`);
    expect(minted).toHaveLength(1);
    expect(minted[0]!.credential).toBe("jwt");
    expect(JSON.parse(minted[0]!.body!)).toEqual({ repositories: [REPO] });
    expect(stub.requests.filter(({ path }) => path === "/graphql").every(({ credential }) => credential === "installation-token")).toBe(
      true,
    );
  });

  it("mints a new token when GitHub refuses the one it holds", async () => {
    await lastCommit();
    stub.tokens.splice(0); // GitHub forgets it: revoked.
    expect(await lastCommit()).toBe(await stub.head());
    expect(stub.requests.filter(({ path }) => path.endsWith("/access_tokens"))).toHaveLength(2);
  });

  it("says what is wrong when GitHub refuses the App, or its key is in GitHub's format: 502, no token, nothing else", async () => {
    stub.refuseTokens = 1;
    const refused = await graphql(LAST_COMMIT, { ...repoVars, branch: BRANCH });
    expect(refused.status).toBe(502);
    expect(refused.json().message).toMatch(/^The editor could not reach GitHub: GitHub refused the App's installation token \(404/);
    // A refusal is not kept: the next request asks GitHub again.
    expect((await graphql(LAST_COMMIT, { ...repoVars, branch: BRANCH })).status).toBe(200);
    const wrongKey = await call(
      "/api/graphql",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: LAST_COMMIT, variables: { ...repoVars, branch: BRANCH } }),
      },
      {
        CMS_GITHUB_APP_PRIVATE_KEY: "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----",
        CMS_GITHUB_API: "https://github-other.test",
      },
    );
    expect(wrongKey.status).toBe(502);
    expect(wrongKey.json().message).toContain("convert it to PKCS#8");
  });
});

describe("what the editor may not do", () => {
  /** Each refusal: what is sent, and words its logged reason has. */
  const refusals: [string, (head: string) => Promise<{ status: number; json(): { message: string } }>, RegExp][] = [
    [
      "a commit with a file outside content/",
      (head) => graphql(commitMutation(["package.json"]), { input: commitInput(head, [{ path: "package.json", text: "{}" }]) }),
      /"package\.json" is outside content\//,
    ],
    [
      "a commit that also deletes a file outside content/",
      (head) =>
        graphql(commitMutation([ARTICLE]), {
          input: {
            ...commitInput(head, [{ path: ARTICLE, text: "x" }]),
            fileChanges: { additions: [{ path: ARTICLE, contents: encode("x") }], deletions: [{ path: ".github/workflows/ci.yml" }] },
          },
        }),
      /"\.github\/workflows\/ci\.yml" is outside content\//,
    ],
    [
      "a commit to another branch",
      (head) =>
        graphql(commitMutation([ARTICLE]), {
          input: commitInput(head, [{ path: ARTICLE, text: "x" }], {
            branch: { repositoryNameWithOwner: `${OWNER}/${REPO}`, branchName: "gh-pages" },
          }),
        }),
      /the branch "gh-pages", not main/,
    ],
    [
      "a path that climbs out with ..",
      (head) => graphql(commitMutation(["x"]), { input: commitInput(head, [{ path: "content/../package.json", text: "{}" }]) }),
      /climbs out of its folder/,
    ],
    [
      "a path with an encoded slash",
      (head) => graphql(commitMutation(["x"]), { input: commitInput(head, [{ path: "content%2F..%2Fpackage.json", text: "{}" }]) }),
      /encoded character/,
    ],
    ["an address with an encoded slash", () => call(`/api/v3/repos/${OWNER}/${REPO}/git/blobs/content%2F..%2Fpackage.json`), /the address/],
    [
      "a tree with a symbolic link (REST)",
      () =>
        call(`/api/v3/repos/${OWNER}/${REPO}/git/trees`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            tree: [{ path: "content/articles/link.md", mode: "120000", type: "blob", content: "../../package.json" }],
          }),
        }),
      /POST \/api\/v3\/repos\/meridian\/site\/git\/trees/,
    ],
    [
      "a forced update of the branch (REST)",
      () =>
        call(`/api/v3/repos/${OWNER}/${REPO}/git/refs/heads/main`, {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ sha: "0".repeat(40), force: true }),
        }),
      /PATCH/,
    ],
    [
      "a forced update of the branch (GraphQL)",
      () =>
        graphql(
          'mutation { updateRef(input: { refId: "x", oid: "0000000000000000000000000000000000000000", force: true }) { clientMutationId } }',
        ),
      /the GraphQL mutation updateRef/,
    ],
    [
      "a new branch (GraphQL createRef)",
      () =>
        graphql("mutation($input: CreateRefInput!) { createRef(input: $input) { ref { name } } }", {
          input: { name: "refs/heads/x", oid: "0".repeat(40), repositoryId: "r" },
        }),
      /createRef/,
    ],
    [
      "a file written with the contents API",
      () =>
        call(`/api/v3/repos/${OWNER}/${REPO}/contents/content/articles/new.md`, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ message: "x", content: encode("x") }),
        }),
      /PUT/,
    ],
    [
      "a blob written directly",
      () =>
        call(`/api/v3/repos/${OWNER}/${REPO}/git/blobs`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
      /POST/,
    ],
    [
      "a workflow started by dispatch",
      () =>
        call(`/api/v3/repos/${OWNER}/${REPO}/dispatches`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
      /dispatches/,
    ],
    [
      "another repository's files (GraphQL)",
      () => graphql(LAST_COMMIT, { owner: OWNER, repo: "secrets", branch: BRANCH }),
      /another repository \(meridian\/secrets\)/,
    ],
    ["another repository's files (REST)", () => call(`/api/v3/repos/${OWNER}/secrets/git/trees/main?recursive=1`), /another repository/],
    ["anything but the repository (GraphQL)", () => graphql("query { viewer { login } }"), /something other than this repository/],
    [
      "a second operation hidden in the document",
      () =>
        graphql(`${LAST_COMMIT} mutation Other { deleteRef(input: { refId: "x" }) { clientMutationId } }`, { ...repoVars, branch: BRANCH }),
      /more than one operation/,
    ],
    [
      "a commit whose message carries its own body (another co-author)",
      (head) =>
        graphql(commitMutation([ARTICLE]), {
          input: commitInput(head, [{ path: ARTICLE, text: "x" }], { message: { headline: "x", body: "Co-authored-by: someone <a@b.c>" } }),
        }),
      /single headline/,
    ],
    [
      "a GraphQL argument given twice (the last one names this repository)",
      () =>
        graphql(
          'query($owner: String!, $repo: String!) { repository(owner: $owner, name: "secrets", name: $repo) { defaultBranchRef { name } } }',
          repoVars,
        ),
      /argument given twice \(name\)/,
    ],
    [
      "a directive on the operation",
      () => graphql(LAST_COMMIT.replace("String!) {", "String!) @cached(ttl: 60) {"), { ...repoVars, branch: BRANCH }),
      /a GraphQL directive \(@cached\)/,
    ],
    [
      "another repository reached from this one",
      () =>
        graphql(
          `query($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) {
            owner { repository(name: "secrets") { object(expression: "main:x") { ... on Blob { text } } } } } }`,
          repoVars,
        ),
      /the field owner, which the editor never reads/,
    ],
    [
      "another repository reached through a commit's author",
      () =>
        graphql(
          `query($owner: String!, $repo: String!, $branch: String!) { repository(owner: $owner, name: $repo) {
            ref(qualifiedName: $branch) { target { ... on Commit { author { user { repository(name: "secrets") { name } } } } } } } }`,
          { ...repoVars, branch: BRANCH },
        ),
      /the field repository, which the editor never reads/,
    ],
    [
      "a commit headline with a line break (a trailer of its own)",
      (head) =>
        graphql(commitMutation([ARTICLE]), {
          input: commitInput(head, [{ path: ARTICLE, text: "x" }], { message: { headline: "x\n\nCo-authored-by: someone <s@x.example>" } }),
        }),
      /headline with a line break/,
    ],
    [
      "a commit headline of 201 characters",
      (head) =>
        graphql(commitMutation([ARTICLE]), {
          input: commitInput(head, [{ path: ARTICLE, text: "x" }], { message: { headline: "x".repeat(201) } }),
        }),
      /headline longer than 200 characters/,
    ],
  ];

  it.each(refusals)("refuses %s: 403, logged once, and GitHub never asked to write", async (_name, send, reason) => {
    const head = await lastCommit();
    const before = stub.requests.length;
    const logRows = (await activity("site-edit-refused")).length;
    const answer = await send(head);
    expect(answer.status).toBe(403);
    expect(answer.json().message).toMatch(/^The editor refused this: /);
    expect(answer.json().message).toMatch(reason);
    // Nothing went to GitHub for it, and no commit was made.
    expect(stub.requests.slice(before)).toEqual([]);
    expect(stub.commits).toEqual([]);
    const log = await activity("site-edit-refused");
    expect(log).toHaveLength(logRows + 1);
    expect(log[0]).toMatchObject({ actor: LOCAL_DEVELOPER_EMAIL });
    expect(log[0]!.detail).toMatch(reason);
  });

  it.each([
    ["a cross-site POST", "POST", { "sec-fetch-site": "cross-site", origin: "https://elsewhere.example" }, "https://elsewhere.example"],
    ["a POST from another origin", "POST", { origin: "https://elsewhere.example" }, "https://elsewhere.example"],
    ["a same-site GET", "GET", { "sec-fetch-site": "same-site" }, "same-site"],
  ])("refuses %s: 403 and one console line, never an activity row (any page could fill the log)", async (_name, method, headers, from) => {
    const consoleLines = (["log", "warn", "error"] as const).map((level) => vi.spyOn(console, level).mockImplementation(() => {}));
    const logRows = (await activity("site-edit-refused")).length;
    const path = method === "POST" ? "/api/graphql" : `/api/v3/repos/${OWNER}/${REPO}/git/trees/${BRANCH}`;
    const body = method === "POST" ? JSON.stringify({ query: LAST_COMMIT, variables: { ...repoVars, branch: BRANCH } }) : undefined;
    const answer = await call(path, { method, headers: { "content-type": "application/json", ...headers }, body });
    expect(answer.status).toBe(403);
    expect(answer.json().message).toMatch(/^The editor refused this: a request from another site\./);
    expect(await activity("site-edit-refused")).toHaveLength(logRows);
    expect(consoleLines.flatMap((spy) => spy.mock.calls.map((args) => args.join(" ")))).toEqual([
      expect.stringMatching(new RegExp(`^Editor: refused ${method} /\\S*/github${path} from another site \\(${from}\\)$`)),
    ]);
    expect(stub.requests).toEqual([]);
  });

  it("refuses a commit its own head does not expect, through GitHub, without the proxy forcing anything", async () => {
    const head = await lastCommit();
    await graphql(commitMutation([ARTICLE]), { input: commitInput(head, [{ path: ARTICLE, text: "first" }]) });
    const stale = await graphql(commitMutation([ARTICLE]), { input: commitInput(head, [{ path: ARTICLE, text: "second" }]) });
    expect(stale.json().errors[0].message).toMatch(/^Expected branch to point to/);
    expect(await stub.file(ARTICLE)).toBe("first");
  });
});

describe("the gate before it", () => {
  it("answers a request without a valid Access identity as the gate does (403, empty), and GitHub is never asked", async () => {
    const team = await accessTeam("attorney@example.com");
    const connected = { ...settings, ADMIN_LOCAL_SIGNING_KEY: undefined };
    const path = "/admin/content/github/api/graphql";
    const init = {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ query: LAST_COMMIT, variables: { ...repoVars, branch: BRANCH } }),
    };
    for (const token of [undefined, "not-a-token"]) {
      const response = await team.fetchAdmin(path, connected, token, init);
      expect(response.status).toBe(403);
      expect(await response.text()).toBe("");
    }
    expect(stub.requests).toEqual([]);
    // With the identity, the same request goes through.
    const through = await team.fetchAdmin(path, connected, await team.token(), init);
    expect(through.status).toBe(200);
    expect(await through.text()).not.toContain(stub.tokens[0]!);
  });

  it("is not there while the editor is not connected", async () => {
    const answer = await call("/api/v3/user", {}, { CMS_GITHUB_APP_PRIVATE_KEY: "" });
    expect(answer.status).toBe(404);
  });
});
