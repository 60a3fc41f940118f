/**
 * The deploy job's check of what the browser editor pushed (.github/workflows/ci.yml): every commit its
 * GitHub App pushed or authored may change files under content/ and nothing else, and only as ordinary files
 * (no symbolic link, no submodule). The Worker refuses anything else before it reaches GitHub
 * (src/admin/github/proxy.ts); this refuses it again before a deploy, in case the App's key or one of its
 * tokens ever served someone else. Commits anyone else pushed are not this check's business.
 *
 *   node scripts/check-editor-push.ts --github --editor <login>
 *     every push to main since the last successful production deployment, as GitHub recorded them
 *     (repository activity: who pushed, from which commit to which), so a push refused once is refused
 *     again with the next one; reads GITHUB_REPOSITORY, GITHUB_TOKEN and GITHUB_API_URL.
 *   node scripts/check-editor-push.ts --before <sha> --after <sha> --pusher <login> [--editor <login>]
 *     one push.
 *
 * `--editor` is the App's bot (`<app-slug>[bot]`); without it, every bot counts as the editor. Prints one
 * line per problem and exits 1, or a summary and 0.
 */
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { EDITABLE_FOLDER, FILE_MODES } from "../src/admin/github/content-paths.ts";

/** A push to the branch: the head before it (all zeros when the branch was new), the head after, who pushed. */
export interface Push {
  readonly before: string;
  readonly after: string;
  readonly pusher: string;
}

export interface PushReport {
  readonly checked: number;
  readonly byEditor: number;
  readonly problems: readonly string[];
}

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });

const known = (cwd: string, sha: string) => {
  try {
    git(cwd, "cat-file", "-e", `${sha}^{commit}`);
    return true;
  } catch {
    return false;
  }
};

/** The commits a push brought: before..after, or after alone when there was no branch (or no such commit) before. */
function pushedCommits(cwd: string, { before, after }: Push): string[] {
  if (!known(cwd, after)) return []; // pushed, then pushed away again: not on the branch any more
  if (/^0*$/.test(before) || !known(cwd, before)) return [git(cwd, "rev-parse", after).trim()];
  return git(cwd, "rev-list", "--reverse", `${before}..${after}`).split("\n").filter(Boolean);
}

/** What one commit changed: each path with its new mode ("000000" when deleted), against each parent. */
function changesOf(cwd: string, commit: string): { path: string; mode: string }[] {
  // -z: ":oldmode newmode oldsha newsha status\0path\0" for each change; renames as a deletion and an addition.
  const fields = git(cwd, "diff-tree", "--root", "--no-commit-id", "-r", "-m", "--raw", "--no-renames", "-z", commit).split("\0");
  const changes: { path: string; mode: string }[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) changes.push({ path: fields[i + 1]!, mode: fields[i]!.split(" ")[1]! });
  return changes;
}

/** Checks each push's commits in the repository at `cwd`. */
export function checkPushes(cwd: string, pushes: readonly Push[], editor: string): PushReport {
  const isEditor = (login: string) => (editor ? login === editor : /\[bot\]$/.test(login));
  const problems: string[] = [];
  const seen = new Set<string>();
  let byEditor = 0;
  for (const push of pushes) {
    for (const commit of pushedCommits(cwd, push)) {
      const [author = "", committer = ""] = git(cwd, "log", "-1", "--format=%an%x00%cn", commit).trim().split("\0");
      if (seen.has(commit) || (!isEditor(push.pusher) && !isEditor(author) && !isEditor(committer))) continue;
      seen.add(commit);
      byEditor += 1;
      for (const { path, mode } of changesOf(cwd, commit)) {
        const where = `${commit.slice(0, 12)} (${author}): ${path}`;
        if (!path.startsWith(EDITABLE_FOLDER)) problems.push(`${where}: outside ${EDITABLE_FOLDER}`);
        else if (mode !== "000000" && !FILE_MODES.has(mode)) problems.push(`${where}: not an ordinary file (mode ${mode})`);
      }
    }
  }
  return { checked: new Set(pushes.flatMap((push) => pushedCommits(cwd, push))).size, byEditor, problems };
}

/** What this needs of GitHub's answers. */
interface Deployment {
  readonly sha: string;
  readonly statuses_url: string;
}
interface Activity {
  readonly before: string;
  readonly after: string;
  readonly actor: { readonly login: string } | null;
}

/**
 * The pushes to `branch` since the last commit deployed to production with success, newest first, from
 * GitHub's REST API: deployments (https://docs.github.com/en/rest/deployments/deployments) and repository
 * activity (https://docs.github.com/en/rest/repos/repos#list-repository-activities). Without a deployment
 * yet, the last hundred.
 */
export async function pushesSinceDeploy(
  env: { readonly GITHUB_API_URL?: string; readonly GITHUB_REPOSITORY?: string; readonly GITHUB_TOKEN?: string },
  branch = "main",
): Promise<Push[]> {
  const api = env.GITHUB_API_URL ?? "https://api.github.com";
  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(url.startsWith("http") ? url : `${api}/repos/${env.GITHUB_REPOSITORY}${url}`, {
      headers: { Accept: "application/vnd.github+json", Authorization: `Bearer ${env.GITHUB_TOKEN}`, "X-GitHub-Api-Version": "2022-11-28" },
    });
    if (!response.ok) throw new Error(`GitHub answered ${response.status} to ${url}`);
    return (await response.json()) as T;
  };
  let deployed: string | undefined;
  for (const deployment of await get<Deployment[]>("/deployments?environment=production&per_page=100")) {
    const [latest] = await get<{ state: string }[]>(`${deployment.statuses_url}?per_page=1`);
    if (latest?.state === "success") {
      deployed = deployment.sha;
      break;
    }
  }
  const pushes: Push[] = [];
  for (const activity of await get<Activity[]>(`/activity?ref=${encodeURIComponent(`refs/heads/${branch}`)}&per_page=100`)) {
    if (activity.after === deployed) break;
    pushes.push({ before: activity.before, after: activity.after, pusher: activity.actor?.login ?? "" });
  }
  return pushes;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      github: { type: "boolean", default: false },
      before: { type: "string", default: "" },
      after: { type: "string" },
      pusher: { type: "string" },
      editor: { type: "string", default: "" },
    },
  });
  if (!values.github && (!values.after || !values.pusher)) {
    console.error("Usage: node scripts/check-editor-push.ts --github | --before <sha> --after <sha> --pusher <login>, [--editor <login>]");
    process.exit(2);
  }
  const pushes = values.github
    ? await pushesSinceDeploy({
        GITHUB_API_URL: process.env.GITHUB_API_URL,
        GITHUB_REPOSITORY: process.env.GITHUB_REPOSITORY,
        GITHUB_TOKEN: process.env.GITHUB_TOKEN,
      })
    : [{ before: values.before, after: values.after!, pusher: values.pusher! }];
  const report = checkPushes(process.cwd(), pushes, values.editor);
  if (report.problems.length > 0) {
    console.error(`Refused: a commit made through the browser editor changes more than ${EDITABLE_FOLDER}:`);
    for (const problem of report.problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(
    `${pushes.length} push(es), ${report.checked} commit(s) since the last deployment; ${report.byEditor} through the browser editor, each within ${EDITABLE_FOLDER}.`,
  );
}
