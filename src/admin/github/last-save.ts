import { GITHUB_HEADERS, installationToken } from "./app-token.ts";
import type { GithubConnection } from "./connection.ts";
import { coAuthorTrailer } from "./graphql-rules.ts";

/*
 * Whether the signed-in person's last save through the editor went live, for the first screen at
 * /admin/content/: read from GitHub by the Worker with the App's installation token (app-token.ts; it never
 * leaves the Worker), and nothing written anywhere. Her last save is the newest commit on the branch, among
 * the latest, made by the App's bot with her Co-authored-by: trailer (the proxy writes it). Its state is
 * that of CI's jobs, which GitHub keeps as check runs of the commit (.github/workflows/ci.yml): `deploy`
 * passed (on it, or on the branch's head, which holds it) → live; a job failed → not published, with the
 * content check's lines, which CI's problem matcher makes annotations of the failed run; still running → being
 * checked; every check passed but nothing deployed (deploys not switched on) → waiting for the operator.
 *
 * Reading check runs needs the App's "Checks: read" permission (docs/deploying.md, "Set-up in production").
 * Without it GitHub answers 403, and the state is "unknown": the first screen says to ask the operator,
 * never an error. The branch's commits are asked each time (one request, so a new save shows at once); the
 * state of a save's checks is kept thirty seconds, so reloading the page does not ask for them each time.
 * https://docs.github.com/en/rest/commits/commits#list-commits, …/checks/runs#list-check-runs-for-a-git-reference,
 * …/checks/runs#list-check-run-annotations
 */

/** The save this is about: the commit's headline and when it was made. */
export interface Save {
  readonly headline: string;
  readonly at: Date;
}

export type LastSave =
  /** No save of hers among the branch's latest commits. */
  | { readonly state: "none" }
  | ({ readonly state: "live" | "pending" | "held" } & Save)
  /** Not published: the content check's lines, when GitHub has them. */
  | ({ readonly state: "failed"; readonly problems: readonly string[] } & Save)
  /** GitHub refused (the App lacks Checks: read), failed or could not be reached. */
  | { readonly state: "unknown" };

/** How many of the branch's latest commits to look through for her save. */
const COMMITS_LOOKED_AT = 30;
/** The most problem lines shown. */
const MAX_PROBLEMS = 20;
/** How long the first screen waits for GitHub before saying it cannot tell. */
const TIMEOUT_MS = 4000;
const KEPT_MS = 30_000;

/** The CI job whose success is the deploy (.github/workflows/ci.yml). */
const DEPLOY_JOB = "deploy";
const FAILED = new Set(["failure", "timed_out", "startup_failure", "action_required"]);

interface CommitItem {
  readonly sha: string;
  readonly commit: {
    readonly message: string;
    readonly committer?: { readonly date?: string };
    readonly author?: { readonly date?: string };
  };
  readonly author?: { readonly type?: string } | null;
}

interface CheckRun {
  readonly id: number;
  readonly name: string;
  readonly status: string;
  readonly conclusion: string | null;
  readonly output?: { readonly annotations_count?: number };
}

interface Annotation {
  readonly path: string;
  readonly message: string;
}

/** GitHub answered something other than a success: the state cannot be told. */
class Unreadable extends Error {}

const kept = new Map<string, { readonly until: number; readonly result: Promise<LastSave> }>();

/** Her last save's state; never throws. */
export async function lastSave(connection: GithubConnection, email: string): Promise<LastSave> {
  try {
    return await readLastSave(connection, email);
  } catch {
    return { state: "unknown" };
  }
}

async function readLastSave(connection: GithubConnection, email: string): Promise<LastSave> {
  const token = await installationToken(connection);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const repo = `${connection.api}/repos/${connection.owner}/${connection.name}`;
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${repo}${path}`, { headers: { ...GITHUB_HEADERS, Authorization: `Bearer ${token}` }, signal });
    if (!response.ok) throw new Unreadable(`${response.status}`);
    return (await response.json()) as T;
  };
  // The branch's latest commits, asked each time, so a new save is seen at once.
  const commits = await get<CommitItem[]>(`/commits?sha=${encodeURIComponent(connection.branch)}&per_page=${COMMITS_LOOKED_AT}`);
  const trailer = coAuthorTrailer(email);
  const hers = commits.find(
    (item) =>
      item.author?.type === "Bot" &&
      item.commit.message
        .split("\n")
        .slice(1)
        .some((line) => line.trim() === trailer),
  );
  if (!hers) return { state: "none" };
  const save: Save = {
    headline: hers.commit.message.split("\n")[0] ?? "",
    at: new Date(hers.commit.committer?.date ?? hers.commit.author?.date ?? 0),
  };
  // Its checks' state, kept briefly for this save and this head: a reload does not ask again.
  const key = [connection.api, connection.owner, connection.name, hers.sha, commits[0]?.sha].join("\n");
  const hit = kept.get(key);
  if (hit && hit.until > Date.now()) return hit.result;
  const result = checksOf(hers.sha, commits[0]?.sha, save, get);
  kept.set(key, { until: Date.now() + KEPT_MS, result });
  result.catch(() => kept.delete(key));
  for (const [old, { until }] of kept) if (until <= Date.now()) kept.delete(old);
  return result;
}

type Get = <T>(path: string) => Promise<T>;

async function checksOf(sha: string, head: string | undefined, save: Save, get: Get): Promise<LastSave> {
  const runsOf = async (of: string) => (await get<{ check_runs: CheckRun[] }>(`/commits/${of}/check-runs?per_page=100`)).check_runs;
  const deployed = (runs: readonly CheckRun[]) => runs.some((run) => run.name === DEPLOY_JOB && run.conclusion === "success");
  const runs = await runsOf(sha);
  if (deployed(runs)) return { state: "live", ...save };
  // A later commit on the branch holds her change too: once it is deployed, so is hers.
  if (head && head !== sha && deployed(await runsOf(head))) return { state: "live", ...save };
  const failed = runs.filter((run) => run.status === "completed" && FAILED.has(run.conclusion ?? ""));
  if (failed.length > 0) return { state: "failed", problems: await problemsOf(failed, get), ...save };
  if (runs.length === 0 || runs.some((run) => run.status !== "completed" || run.conclusion === "cancelled"))
    return { state: "pending", ...save };
  return { state: "held", ...save };
}

/** The content check's lines on the failed runs (CI's problem matcher: `content/…: field: what to fix`). */
async function problemsOf(failed: readonly CheckRun[], get: Get): Promise<string[]> {
  const lines: string[] = [];
  for (const run of failed) {
    if (!run.output?.annotations_count) continue;
    const annotations = await get<Annotation[]>(`/check-runs/${run.id}/annotations?per_page=50`).catch(() => []);
    for (const { path, message } of annotations)
      if (path.startsWith("content/")) lines.push(`${path}: ${message.replace(/\s+/g, " ").trim()}`);
  }
  return [...new Set(lines)].slice(0, MAX_PROBLEMS);
}
