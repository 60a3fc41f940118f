import { type ExecutionResult, buildSchema, graphql } from "graphql";
import { type JWTVerifyGetKey, jwtVerify } from "jose";

/*
 * A stand-in for GitHub at the network edge, for the browser editor's tests (GitHub cannot be reached here):
 * one repository kept in memory as git keeps it (blobs by their SHA-1, commits on a branch), and the part of
 * GitHub's API the Worker calls for the editor, answering as GitHub documents it:
 * - POST /app/installations/{id}/access_tokens, with the App's JWT (RS256, issued by its client ID, at most
 *   ten minutes long), verified here against the App's public key: 201 and a new installation token;
 * - with that token: GET /repos/{o}/{r}/git/trees/{ref}?recursive=1, GET …/git/blobs/{sha} (raw or JSON),
 *   POST /graphql over a subset of GitHub's schema (the fields Sveltia CMS reads, and createCommitOnBranch);
 *   GET /user answers 403, as GitHub answers an installation token; GET …/commits?sha={branch} (the branch's
 *   history, newest first); and, only while `checks` is "read" (the App's Checks permission; else 403 as
 *   GitHub answers), GET …/commits/{ref}/check-runs and …/check-runs/{id}/annotations, from the check runs a
 *   test sets with setCheckRuns();
 * - any other token: 401 "Bad credentials".
 * It records every request, every token it issued and every commit made, for the tests to read. It is a
 * function from Request to Response, so it runs inside workerd (standing in for fetch) and behind a Node
 * server (the browser test, e2e/github-stub-server.ts).
 * https://docs.github.com/en/rest/git/trees, …/git/blobs, https://docs.github.com/en/graphql/reference
 */

export interface StubOptions {
  readonly owner: string;
  readonly name: string;
  readonly branch: string;
  /** The repository's files at its first commit: path → text. */
  readonly files: Readonly<Record<string, string>>;
  readonly clientId: string;
  readonly installationId: string;
  /** The App's public key (verifies the JWTs). */
  readonly appKey: CryptoKey | JWTVerifyGetKey;
  /** The App's bot, the author of the commits it makes. */
  readonly bot?: string;
}

/** A commit made through createCommitOnBranch, as the stub recorded it. */
export interface RecordedCommit {
  readonly oid: string;
  readonly branch: string;
  readonly headline: string;
  readonly body: string;
  readonly added: readonly string[];
  readonly deleted: readonly string[];
}

export interface RecordedRequest {
  readonly method: string;
  /** Path and query. */
  readonly path: string;
  /** What authorized it: the App's JWT, an installation token, or neither. */
  readonly credential: "jwt" | "installation-token" | "none";
  readonly body?: string;
}

/** A check run of a commit, as a test sets it (CI's jobs: test, editor-check, deploy…). */
export interface StubCheckRun {
  readonly name: string;
  readonly status: "queued" | "in_progress" | "completed";
  readonly conclusion?: "success" | "failure" | "cancelled" | "skipped" | "timed_out";
  /** Its annotations, as CI's problem matcher makes them of the content check's lines. */
  readonly annotations?: readonly { readonly path: string; readonly message: string }[];
}

interface Commit {
  readonly oid: string;
  readonly parent?: Commit;
  readonly files: ReadonlyMap<string, string>;
  readonly message: string;
  readonly author: { readonly name: string; readonly email: string; readonly login?: string };
  readonly date: string;
}

const SCHEMA = buildSchema(`
  scalar GitObjectID
  scalar URI
  scalar DateTime
  scalar Base64String
  type Query { repository(owner: String!, name: String!): Repository }
  type Mutation { createCommitOnBranch(input: CreateCommitOnBranchInput!): CreateCommitOnBranchPayload }
  type Repository {
    nameWithOwner: String!
    defaultBranchRef: Ref
    ref(qualifiedName: String!): Ref
    object(oid: GitObjectID, expression: String): GitObject
  }
  type Ref { name: String!, prefix: String!, target: GitObject }
  interface GitObject { oid: GitObjectID!, abbreviatedOid: String! }
  type Commit implements GitObject {
    oid: GitObjectID!
    abbreviatedOid: String!
    message: String!
    messageHeadline: String!
    committedDate: DateTime!
    author: GitActor
    history(first: Int, path: String): CommitHistoryConnection!
    file(path: String!): TreeEntry
    status: Status
    deployments(last: Int, first: Int, orderBy: DeploymentOrder): DeploymentConnection
    checkSuites(last: Int, first: Int): CheckSuiteConnection
  }
  type Blob implements GitObject { oid: GitObjectID!, abbreviatedOid: String!, text: String, isTruncated: Boolean!, isBinary: Boolean, byteSize: Int! }
  type CommitHistoryConnection { nodes: [Commit], totalCount: Int! }
  type GitActor { name: String, email: String, date: DateTime, user: User, avatarUrl(size: Int): URI! }
  type User { id: ID!, databaseId: Int, login: String! }
  type TreeEntry { oid: GitObjectID!, path: String, name: String!, mode: Int!, type: String! }
  type Status { contexts: [StatusContext!]! }
  type StatusContext { context: String!, state: String!, targetUrl: URI, description: String }
  input DeploymentOrder { field: DeploymentOrderField!, direction: OrderDirection! }
  enum DeploymentOrderField { CREATED_AT }
  enum OrderDirection { ASC DESC }
  type DeploymentConnection { nodes: [Deployment] }
  type Deployment { environment: String, latestStatus: DeploymentStatus }
  type DeploymentStatus { state: String!, environmentUrl: URI, description: String }
  type CheckSuiteConnection { nodes: [CheckSuite] }
  type CheckSuite { checkRuns(last: Int, first: Int): CheckRunConnection }
  type CheckRunConnection { nodes: [CheckRun] }
  type CheckRun { name: String!, status: String!, conclusion: String, detailsUrl: URI, summary: String }
  input CreateCommitOnBranchInput {
    branch: CommittableBranch!
    clientMutationId: String
    expectedHeadOid: GitObjectID!
    fileChanges: FileChanges
    message: CommitMessage!
  }
  input CommittableBranch { branchName: String, id: ID, repositoryNameWithOwner: String }
  input FileChanges { additions: [FileAddition!], deletions: [FileDeletion!] }
  input FileAddition { contents: Base64String!, path: String! }
  input FileDeletion { path: String! }
  input CommitMessage { body: String, headline: String! }
  type CreateCommitOnBranchPayload { clientMutationId: String, commit: Commit, ref: Ref }
`);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** A git object's id: SHA-1 of `<type> <length>\0<content>`. */
async function gitOid(type: string, content: Uint8Array): Promise<string> {
  const header = encoder.encode(`${type} ${content.length}\0`);
  const whole = new Uint8Array(header.length + content.length);
  whole.set(header);
  whole.set(content, header.length);
  return hex(await crypto.subtle.digest("SHA-1", whole));
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));

const json = (body: unknown, status = 200) => Response.json(body, { status });

export class GithubStub {
  readonly requests: RecordedRequest[] = [];
  readonly tokens: string[] = [];
  readonly commits: RecordedCommit[] = [];
  /** How many token requests to refuse before answering (a test of GitHub refusing the App). */
  refuseTokens = 0;
  /** The App's Checks permission: without it GitHub answers 403 to a check run's read. */
  checks: "read" | "none" = "none";
  private readonly checkRuns = new Map<string, (StubCheckRun & { readonly id: number })[]>();
  private checkRunIds = 0;
  private readonly blobs = new Map<string, Uint8Array>();
  private readonly branches = new Map<string, Commit>();
  private ready: Promise<void>;

  private readonly options: StubOptions;

  constructor(options: StubOptions) {
    this.options = options;
    this.ready = this.init();
  }

  private async init() {
    const files = new Map<string, string>();
    for (const [path, text] of Object.entries(this.options.files)) files.set(path, await this.store(encoder.encode(text)));
    const author = { name: "The practice", email: "practice@example.com", login: "practice" };
    const first: Commit = { oid: "", files, message: "The site as it stands", author, date: "2026-11-01T12:00:00Z" };
    this.branches.set(this.options.branch, { ...first, oid: await gitOid("commit", encoder.encode(JSON.stringify([...files]))) });
  }

  private async store(bytes: Uint8Array): Promise<string> {
    const oid = await gitOid("blob", bytes);
    this.blobs.set(oid, bytes);
    return oid;
  }

  /** The head commit's id of a branch. */
  async head(branch = this.options.branch): Promise<string | undefined> {
    await this.ready;
    return this.branches.get(branch)?.oid;
  }

  /** When a commit (its id, or a branch's head) was made (ISO 8601). */
  async commitDate(ref = this.options.branch): Promise<string | undefined> {
    await this.ready;
    return this.commitFor(ref)?.date;
  }

  /** A file's text at the head of the branch. */
  async file(path: string, branch = this.options.branch): Promise<string | undefined> {
    const bytes = await this.bytes(path, branch);
    return bytes && decoder.decode(bytes);
  }

  /** A file's bytes at the head of the branch (a picture, say). */
  async bytes(path: string, branch = this.options.branch): Promise<Uint8Array | undefined> {
    await this.ready;
    const oid = this.branches.get(branch)?.files.get(path);
    return oid ? this.blobs.get(oid) : undefined;
  }

  /** Every path at the head of the branch. */
  async paths(branch = this.options.branch): Promise<string[]> {
    await this.ready;
    return [...(this.branches.get(branch)?.files.keys() ?? [])];
  }

  /**
   * A commit on the branch as createCommitOnBranch makes it (by the App's bot), without going through the
   * GraphQL API: a save some earlier test or person made. Its id.
   */
  async commit(message: { headline: string; body?: string }, files: Readonly<Record<string, string>>): Promise<string> {
    const additions = Object.entries(files).map(([path, text]) => ({ path, contents: toBase64(encoder.encode(text)) }));
    const { branch, owner, name } = this.options;
    const made = await this.createCommit({
      branch: { repositoryNameWithOwner: `${owner}/${name}`, branchName: branch },
      expectedHeadOid: (await this.head())!,
      fileChanges: { additions },
      message,
    });
    return made.commit.oid as string;
  }

  /** Sets the check runs of a commit (its id), as CI's jobs would leave them. */
  setCheckRuns(oid: string, runs: readonly StubCheckRun[]) {
    this.checkRuns.set(
      oid,
      runs.map((run) => ({ ...run, id: (this.checkRunIds += 1) })),
    );
  }

  /** Answers a request to GitHub's API as GitHub would. */
  fetch = async (request: Request): Promise<Response> => {
    await this.ready;
    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}`;
    const authorization = request.headers.get("authorization") ?? "";
    const credential = /^bearer ey/i.test(authorization) ? "jwt" : authorization ? "installation-token" : "none";
    const body = request.method === "GET" ? undefined : await request.text();
    this.requests.push({ method: request.method, path, credential, ...(body === undefined ? {} : { body }) });
    if (!request.headers.get("user-agent")) return json({ message: "Request forbidden by administrative rules." }, 403);

    const tokenRequest = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(url.pathname);
    if (tokenRequest && request.method === "POST") return this.issueToken(authorization, tokenRequest[1]!, body ?? "");
    const token = /^(?:bearer|token) (.+)$/i.exec(authorization)?.[1];
    if (!token || !this.tokens.includes(token)) return json({ message: "Bad credentials" }, 401);
    if (url.pathname === "/user") return json({ message: "Resource not accessible by integration" }, 403);
    if (url.pathname === "/graphql" && request.method === "POST") return this.graphql(body ?? "");
    const repo = `/repos/${this.options.owner}/${this.options.name}`;
    if (request.method === "GET" && url.pathname.startsWith(`${repo}/git/trees/`))
      return this.tree(url.pathname.slice(`${repo}/git/trees/`.length));
    if (request.method === "GET" && url.pathname.startsWith(`${repo}/git/blobs/`))
      return this.blob(url.pathname.slice(`${repo}/git/blobs/`.length), request.headers.get("accept") ?? "");
    if (request.method === "GET" && url.pathname === `${repo}/commits`) return this.commitList(url.searchParams);
    const checks = /^\/commits\/([^/]+)\/check-runs$|^\/check-runs\/(\d+)\/annotations$/.exec(url.pathname.slice(repo.length));
    if (request.method === "GET" && url.pathname.startsWith(`${repo}/`) && checks) {
      if (this.checks !== "read") return json({ message: "Resource not accessible by integration", status: "403" }, 403);
      return checks[1] ? this.checkRunList(checks[1]) : this.annotations(Number(checks[2]));
    }
    return json({ message: "Not Found" }, 404);
  };

  private commitList(query: URLSearchParams): Response {
    const tip = this.commitFor(query.get("sha") ?? this.options.branch);
    if (!tip) return json({ message: "Not Found" }, 404);
    const items: unknown[] = [];
    for (let at: Commit | undefined = tip; at && items.length < Number(query.get("per_page") ?? 30); at = at.parent)
      items.push({
        sha: at.oid,
        commit: {
          message: at.message,
          author: { name: at.author.name, email: at.author.email, date: at.date },
          committer: { name: "GitHub", email: "noreply@github.com", date: at.date },
        },
        author: at.author.login ? { login: at.author.login, type: at.author.login.endsWith("[bot]") ? "Bot" : "User" } : null,
      });
    return json(items);
  }

  private checkRunList(ref: string): Response {
    const commit = this.commitFor(ref);
    if (!commit) return json({ message: `No commit found for SHA: ${ref}` }, 422);
    const runs = (this.checkRuns.get(commit.oid) ?? []).map(({ id, name, status, conclusion, annotations }) => ({
      id,
      name,
      head_sha: commit.oid,
      status,
      conclusion: status === "completed" ? conclusion : null,
      output: { title: null, summary: null, annotations_count: annotations?.length ?? 0 },
    }));
    return json({ total_count: runs.length, check_runs: runs });
  }

  private annotations(id: number): Response {
    const run = [...this.checkRuns.values()].flat().find((candidate) => candidate.id === id);
    if (!run) return json({ message: "Not Found" }, 404);
    return json(
      (run.annotations ?? []).map(({ path, message }) => ({
        path,
        start_line: 1,
        end_line: 1,
        annotation_level: "failure",
        message,
        title: "",
      })),
    );
  }

  private async issueToken(authorization: string, installationId: string, body: string): Promise<Response> {
    const jwt = /^bearer (.+)$/i.exec(authorization)?.[1];
    try {
      if (!jwt || installationId !== this.options.installationId) throw new Error("no JWT, or another installation");
      const { payload } = await jwtVerify(jwt, this.options.appKey as JWTVerifyGetKey, {
        issuer: this.options.clientId,
        algorithms: ["RS256"],
      });
      if (payload.exp! - payload.iat! > 600) throw new Error("a JWT longer than ten minutes");
    } catch {
      return json({ message: "A JSON web token could not be decoded" }, 401);
    }
    if (this.refuseTokens > 0) {
      this.refuseTokens -= 1;
      return json({ message: "Not Found" }, 404);
    }
    const { repositories } = JSON.parse(body || "{}") as { repositories?: string[] };
    if (repositories && !repositories.every((name) => name === this.options.name))
      return json(
        { message: "There is at least one repository that does not exist or is not accessible to the parent installation." },
        422,
      );
    const token = `ghs_${crypto.randomUUID().replaceAll("-", "")}${crypto.randomUUID().replaceAll("-", "")}`;
    this.tokens.push(token);
    return json(
      {
        token,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        permissions: { contents: "write", metadata: "read", ...(this.checks === "read" ? { checks: "read" } : {}) },
        repository_selection: "selected",
      },
      201,
    );
  }

  private commitFor(ref: string): Commit | undefined {
    const branch = this.branches.get(ref.replace(/^refs\/heads\//, ""));
    if (branch) return branch;
    for (const tip of this.branches.values())
      for (let commit: Commit | undefined = tip; commit; commit = commit.parent) if (commit.oid === ref) return commit;
    return undefined;
  }

  private tree(ref: string): Response {
    const commit = this.commitFor(ref);
    if (!commit) return json({ message: "Not Found" }, 404);
    const folders = new Set(
      [...commit.files.keys()].flatMap((path) =>
        path
          .split("/")
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
      ),
    );
    const tree = [
      ...[...folders].map((path) => ({ path, mode: "040000", type: "tree", sha: "0".repeat(40) })),
      ...[...commit.files].map(([path, sha]) => ({ path, mode: "100644", type: "blob", sha, size: this.blobs.get(sha)!.length })),
    ].sort((a, b) => a.path.localeCompare(b.path));
    return json({ sha: commit.oid, tree, truncated: false });
  }

  private blob(sha: string, accept: string): Response {
    const bytes = this.blobs.get(sha);
    if (!bytes) return json({ message: "Not Found" }, 404);
    if (accept.includes("application/vnd.github.raw"))
      return new Response(bytes.slice().buffer, { headers: { "Content-Type": "application/vnd.github.raw" } });
    return json({ sha, size: bytes.length, content: toBase64(bytes), encoding: "base64" });
  }

  private async graphql(body: string): Promise<Response> {
    const { query, variables } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
    const result: ExecutionResult = await graphql({ schema: SCHEMA, source: query, rootValue: this.root(), variableValues: variables });
    return json(result);
  }

  private root() {
    const repository = ({ owner, name }: { owner: string; name: string }) =>
      owner.toLowerCase() === this.options.owner.toLowerCase() && name.toLowerCase() === this.options.name.toLowerCase()
        ? this.repositoryNode()
        : null;
    return { repository, createCommitOnBranch: ({ input }: { input: CommitInput }) => this.createCommit(input) };
  }

  private repositoryNode() {
    const ref = ({ qualifiedName }: { qualifiedName: string }) => this.refNode(qualifiedName.replace(/^refs\/heads\//, ""));
    return {
      nameWithOwner: `${this.options.owner}/${this.options.name}`,
      defaultBranchRef: () => this.refNode(this.options.branch),
      ref,
      object: ({ oid }: { oid?: string }) => {
        if (!oid) return null;
        const bytes = this.blobs.get(oid);
        if (bytes) return this.blobNode(oid, bytes);
        const commit = this.commitFor(oid);
        return commit ? this.commitNode(commit) : null;
      },
    };
  }

  private refNode(name: string) {
    const commit = this.branches.get(name);
    return commit ? { name, prefix: "refs/heads/", target: this.commitNode(commit) } : null;
  }

  private blobNode(oid: string, bytes: Uint8Array) {
    return {
      __typename: "Blob",
      oid,
      abbreviatedOid: oid.slice(0, 7),
      text: decoder.decode(bytes),
      isTruncated: false,
      isBinary: false,
      byteSize: bytes.length,
    };
  }

  private commitNode(commit: Commit): Record<string, unknown> {
    return {
      __typename: "Commit",
      oid: commit.oid,
      abbreviatedOid: commit.oid.slice(0, 7),
      message: commit.message,
      messageHeadline: commit.message.split("\n")[0],
      committedDate: commit.date,
      author: {
        name: commit.author.name,
        email: commit.author.email,
        date: commit.date,
        avatarUrl: "",
        user: commit.author.login ? { id: commit.author.login, databaseId: 1, login: commit.author.login } : null,
      },
      history: ({ first = 100, path }: { first?: number; path?: string }) => {
        const nodes: Record<string, unknown>[] = [];
        for (let at: Commit | undefined = commit; at && nodes.length < first; at = at.parent)
          if (!path || (at.files.get(path) !== undefined && at.files.get(path) !== at.parent?.files.get(path)))
            nodes.push(this.commitNode(at));
        return { nodes, totalCount: nodes.length };
      },
      file: ({ path }: { path: string }) => {
        const oid = commit.files.get(path);
        return oid ? { oid, path, name: path.split("/").at(-1), mode: 33188, type: "blob" } : null;
      },
      status: null,
      deployments: () => ({ nodes: [] }),
      checkSuites: () => ({ nodes: [] }),
    };
  }

  private async createCommit(input: CommitInput) {
    const { branch, expectedHeadOid, fileChanges = {}, message } = input;
    if (branch.repositoryNameWithOwner?.toLowerCase() !== `${this.options.owner}/${this.options.name}`.toLowerCase())
      throw new Error("Could not resolve to a Repository");
    const head = this.branches.get(branch.branchName ?? "");
    if (!head) throw new Error(`A ref named "${branch.branchName}" does not exist`);
    if (head.oid !== expectedHeadOid)
      throw new Error(`Expected branch to point to "${expectedHeadOid}" but it did not. Pull and try again.`);
    const files = new Map(head.files);
    for (const { path } of fileChanges.deletions ?? []) files.delete(path);
    for (const { path, contents } of fileChanges.additions ?? []) files.set(path, await this.store(fromBase64(contents)));
    const text = message.body ? `${message.headline}\n\n${message.body}` : message.headline;
    const bot = this.options.bot ?? "site-editor[bot]";
    const commit: Commit = {
      oid: await gitOid("commit", encoder.encode(JSON.stringify([head.oid, text, ...files]))),
      parent: head,
      files,
      message: text,
      author: { name: bot, email: `${bot}@users.noreply.github.com`, login: bot },
      date: new Date().toISOString(),
    };
    this.branches.set(branch.branchName!, commit);
    this.commits.push({
      oid: commit.oid,
      branch: branch.branchName!,
      headline: message.headline,
      body: message.body ?? "",
      added: (fileChanges.additions ?? []).map(({ path }) => path),
      deleted: (fileChanges.deletions ?? []).map(({ path }) => path),
    });
    return { commit: this.commitNode(commit), ref: this.refNode(branch.branchName!) };
  }
}

interface CommitInput {
  readonly branch: { readonly repositoryNameWithOwner?: string; readonly branchName?: string };
  readonly expectedHeadOid: string;
  readonly fileChanges?: {
    readonly additions?: readonly { path: string; contents: string }[];
    readonly deletions?: readonly { path: string }[];
  };
  readonly message: { readonly headline: string; readonly body?: string };
}
