import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { logText } from "../../log-text.ts";
import { audit } from "../shared/audit.ts";
import type { AdminEnv } from "../gate.ts";
import { GITHUB_HEADERS, GithubUnavailable, installationToken } from "./app-token.ts";
import { type GithubConnection, githubConnection } from "./connection.ts";
import { GIT_OBJECT_ID } from "./content-paths.ts";

/*
 * /admin/content/github/: the part of GitHub's API the browser editor (Sveltia CMS, its `api_root`) needs,
 * served by the Worker behind the inbox's gate, so the attorney signs in once, as for the inbox, and no
 * GitHub credential ever reaches the browser. The Worker calls GitHub with its App's installation token
 * (app-token.ts); what the editor holds is a marker that opens nothing (src/cms/main.ts).
 *
 * Deny by default. Allowed: GET /user and the collaborator check, answered here from the signed-in e-mail
 * (an installation token cannot call /user); GET of this repository's git trees and blobs; POST of GraphQL
 * that graphql-rules.ts accepts (reads of this repository; a commit on CMS_GITHUB_BRANCH under content/,
 * with the person's Co-authored-by: trailer). Everything else is answered 403 and written to the activity log
 * once; a request from another site is answered 403 with one console line only, so that no page the attorney
 * visits can fill the activity log. Each commit is logged there too, with the files it changed.
 */

type ProxyContext = Context<AdminEnv>;

export const githubProxy = new Hono<AdminEnv>();

/** The connection, which the middleware below has checked is complete before any route runs. */
const connectionOf = (c: ProxyContext) => githubConnection(c.env) as GithubConnection;

/** Requests larger than this are refused (413): a commit of the largest files content/ takes fits well within. */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

/** Answers 403 with a message the editor shows, and writes the refusal to the activity log. */
async function refuse(c: ProxyContext, reason: string) {
  await audit(c, { action: "site-edit-refused", detail: reason });
  return refusal(c, reason);
}

/** Answers 403 to a request another site made the browser send, logged on the console only. */
function refuseCrossSite(c: ProxyContext, from: string) {
  console.warn(`Editor: refused ${logText(c.req.method)} ${logText(c.req.path)} from another site (${logText(from)})`);
  return refusal(c, "a request from another site");
}

/** The 403 answer, with a message the editor shows. */
function refusal(c: ProxyContext, reason: string) {
  const connection = githubConnection(c.env);
  const branch = "missing" in connection ? "main" : connection.branch;
  return c.json(
    {
      message: `The editor refused this: ${reason}. It may read the site's repository and change only the files under content/, on the branch ${branch}.`,
    },
    403,
  );
}

/** A percent-encoded slash, backslash or dot, a NUL, a `..` or `.` segment, or an empty one: never in what the editor asks. */
const CROOKED_PATH = /%(2f|5c|2e|00)|\\|\/\.{1,2}(\/|$)|\/\//i;

githubProxy.use(
  createMiddleware<AdminEnv>(async (c, next) => {
    if ("missing" in githubConnection(c.env)) return c.json({ message: "The editor is not connected to GitHub." }, 404);
    // Only the editor's own page may call this: a request another site made the browser send is refused.
    const fetchSite = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const own = new URL(c.req.url).origin;
    if ((fetchSite && fetchSite !== "same-origin") || (origin && origin !== own) || (c.req.method !== "GET" && !fetchSite && !origin))
      return refuseCrossSite(c, origin ?? fetchSite ?? "no origin");
    if (CROOKED_PATH.test(new URL(c.req.url).pathname)) return refuse(c, `the address ${JSON.stringify(c.req.path.slice(0, 200))}`);
    await next();
  }),
);

/** Is this the connection's repository? GitHub's names ignore case. */
const isTarget = (connection: GithubConnection, owner: string, name: string) =>
  owner.toLowerCase() === connection.owner.toLowerCase() && name.toLowerCase() === connection.name.toLowerCase();

/**
 * GET /user, as GitHub answers it, for the person signed in: their e-mail is their login here. Their "profile"
 * is the editor's first screen, which says who is signed in.
 * https://docs.github.com/en/rest/users/users#get-the-authenticated-user
 */
githubProxy.get("/api/v3/user", async (c) => {
  const email = c.var.adminEmail;
  return c.json({
    login: email,
    id: await numericId(email),
    name: email,
    email,
    avatar_url: null,
    html_url: new URL("/admin/content/", c.req.url).href,
    type: "User",
    site_admin: false,
  });
});

/** A stable number for an address (GitHub's users have one): 48 bits of its SHA-256. */
async function numericId(email: string): Promise<number> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email)));
  return digest.slice(0, 6).reduce((id, byte) => id * 256 + byte, 0);
}

/**
 * The collaborator check the editor makes after /user: 204 for the person signed in (the gate let them in),
 * 404 for anyone else, as GitHub answers a non-collaborator.
 * https://docs.github.com/en/rest/collaborators/collaborators#check-if-a-user-is-a-repository-collaborator
 */
githubProxy.get("/api/v3/repos/:owner/:name/collaborators/:login", (c) => {
  const { owner, name, login } = c.req.param();
  if (!isTarget(connectionOf(c), owner, name)) return refuse(c, `another repository (${owner}/${name})`);
  return login.toLowerCase() === c.var.adminEmail ? c.body(null, 204) : c.json({ message: "Not Found" }, 404);
});

/** The repository's file list at a commit (or the branch). https://docs.github.com/en/rest/git/trees#get-a-tree */
githubProxy.get("/api/v3/repos/:owner/:name/git/trees/:ref", async (c) => {
  const { owner, name, ref } = c.req.param();
  const connection = connectionOf(c);
  if (!isTarget(connection, owner, name)) return refuse(c, `another repository (${owner}/${name})`);
  if (!GIT_OBJECT_ID.test(ref) && ref !== connection.branch) return refuse(c, `the file list of ${JSON.stringify(ref)}`);
  const query = new URL(c.req.url).search;
  if (query !== "" && query !== "?recursive=1") return refuse(c, `a file list with the options ${JSON.stringify(query)}`);
  return relay(await callGithub(connection, `/repos/${connection.owner}/${connection.name}/git/trees/${ref}${query}`));
});

/** One file's contents, raw or as JSON, as the editor asks. https://docs.github.com/en/rest/git/blobs#get-a-blob */
githubProxy.get("/api/v3/repos/:owner/:name/git/blobs/:sha", async (c) => {
  const { owner, name, sha } = c.req.param();
  const connection = connectionOf(c);
  if (!isTarget(connection, owner, name)) return refuse(c, `another repository (${owner}/${name})`);
  if (!GIT_OBJECT_ID.test(sha)) return refuse(c, `the file ${JSON.stringify(sha)}`);
  const raw = /application\/vnd\.github\.raw/.test(c.req.header("accept") ?? "");
  return relay(
    await callGithub(connection, `/repos/${connection.owner}/${connection.name}/git/blobs/${sha}`, {
      headers: raw ? { Accept: "application/vnd.github.raw" } : {},
    }),
  );
});

/** GraphQL: this repository's reads, and commits under content/ (graphql-rules.ts). */
githubProxy.post("/api/graphql", async (c) => {
  const connection = connectionOf(c);
  if (!/^application\/json\b/i.test(c.req.header("content-type") ?? "")) return refuse(c, "a GraphQL request that is not JSON");
  if (Number(c.req.header("content-length") ?? 0) > MAX_REQUEST_BYTES)
    return c.json({ message: "This change is too large to save at once." }, 413);
  const text = await c.req.text();
  if (text.length > MAX_REQUEST_BYTES) return c.json({ message: "This change is too large to save at once." }, 413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(c, "a GraphQL request that is not JSON");
  }
  // The GraphQL parser (with these rules, a chunk of its own) loads with the editor's first GraphQL request, not with the inbox.
  const { graphqlDecision } = await import("./graphql-rules.ts");
  const decision = graphqlDecision(body, connection, c.var.adminEmail);
  if (!decision.allowed) return refuse(c, decision.reason);
  const response = await callGithub(connection, "/graphql", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(decision.body),
  });
  if (!decision.commit) return relay(response);
  // A commit: logged once GitHub has made it, with what it changed.
  const answer = await response.text();
  const oid = committedOid(answer);
  if (response.ok && oid)
    await audit(c, {
      action: "site-edit",
      detail: `${decision.commit.headline} (${decision.commit.paths.join(", ")}), commit ${oid.slice(0, 12)}`,
    });
  return c.body(answer, response.status as 200, { "Content-Type": response.headers.get("content-type") ?? "application/json" });
});

/** The new commit's id in GitHub's answer to createCommitOnBranch, if it made one. */
function committedOid(answer: string): string | undefined {
  try {
    const oid = (JSON.parse(answer) as { data?: { createCommitOnBranch?: { commit?: { oid?: unknown } } } }).data?.createCommitOnBranch
      ?.commit?.oid;
    return typeof oid === "string" ? oid : undefined;
  } catch {
    return undefined;
  }
}

githubProxy.all("*", (c) =>
  refuse(c, `${c.req.method} ${c.req.path.replace(/^.*?\/github/, "").slice(0, 200)}, which the editor never needs`),
);

/**
 * Calls GitHub with the installation token. A 401 means the cached token was revoked: one more try with a
 * new one (GitHub did nothing with a request it refused as unauthenticated).
 */
async function callGithub(
  connection: GithubConnection,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  const send = (token: string) =>
    fetch(`${connection.api}${path}`, {
      method: init.method ?? "GET",
      headers: { ...GITHUB_HEADERS, ...init.headers, Authorization: `Bearer ${token}` },
      body: init.body,
    });
  const token = await installationToken(connection);
  const response = await send(token);
  if (response.status !== 401) return response;
  await response.body?.cancel();
  return send(await installationToken(connection, token));
}

/** GitHub's answer passed on with its status and type only: no header of GitHub's reaches the browser. */
const relay = (response: Response) =>
  new Response(response.body, {
    status: response.status,
    headers: { "Content-Type": response.headers.get("content-type") ?? "application/json" },
  });

githubProxy.onError((error, c) => {
  if (!(error instanceof GithubUnavailable)) throw error;
  console.error(`Editor: GitHub unavailable: ${logText(error.message)}`);
  return c.json({ message: `The editor could not reach GitHub: ${error.message}.` }, 502);
});
