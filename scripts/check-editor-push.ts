/**
 * The check of what the browser editor pushed (.github/workflows/ci.yml, job `editor-check`): every commit its
 * GitHub App pushed or authored may change files under content/ and nothing else, and only as ordinary files
 * (no symbolic link, no submodule). The Worker refuses anything else before it reaches GitHub
 * (src/admin/github/proxy.ts); this refuses it again before a deploy or a preview, in case the App's key or
 * one of its tokens ever served someone else. Commits anyone else pushed are not this check's business.
 *
 * The workflow runs this file as it stood in the last commit deployed to production, never as the push under
 * check has it (docs/security.md, "Who can push what"): a push cannot change the check that judges it.
 *
 *   node scripts/check-editor-push.ts --github --editor <login>
 *     the commits after CHECK_DEPLOYED (the last commit deployed to production) or, for a pull request,
 *     after CHECK_SINCE (its base), up to CHECK_HEAD, and who pushed each: GitHub's record of pushes to
 *     CHECK_REF (repository activity), read page by page back to CHECK_DEPLOYED's push, or whole; reads
 *     GITHUB_REPOSITORY, GITHUB_TOKEN and GITHUB_API_URL.
 *   node scripts/check-editor-push.ts --before <sha> --after <sha> --pusher <login> [--editor <login>]
 *     one push.
 *
 * `--editor` is the App's bot (`<app-slug>[bot]`); without it, every bot counts as the editor. Prints one
 * line per problem and exits 1, or a summary and 0.
 */
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { EDITABLE_FOLDER, FILE_MODES } from "../src/admin/github/content-paths.ts";

/**
 * A push to the branch: the head before it (all zeros when the branch was new), the head after, who pushed,
 * and whether it replaced history (a force push), as GitHub recorded it.
 */
export interface Push {
  readonly before: string;
  readonly after: string;
  readonly pusher: string;
  readonly rewrote?: boolean;
}

/** What the check covers: the commits after `since` (when known) up to `head`, the commit to be deployed. */
export interface Range {
  readonly since?: string;
  readonly head?: string;
}

export interface PushReport {
  readonly checked: number;
  readonly byEditor: number;
  readonly problems: readonly string[];
}

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });

/**
 * Which of these are commits of the clone, asked of one `git cat-file` for all of them (a git process per push
 * made 150 pushes take half a minute on a busy machine).
 */
function commitsOf(cwd: string, shas: readonly (string | undefined)[]): ReadonlySet<string> {
  const asked = [...new Set(shas.filter((sha): sha is string => !!sha && !/^0*$/.test(sha)))];
  if (asked.length === 0) return new Set();
  const answers = execFileSync("git", ["cat-file", "--batch-check=%(objecttype)"], {
    cwd,
    input: `${asked.map((sha) => `${sha}^{commit}`).join("\n")}\n`,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }).split("\n");
  return new Set(asked.filter((_, i) => answers[i] === "commit"));
}

const revList = (cwd: string, ...range: string[]) =>
  git(cwd, "rev-list", "--reverse", ...range)
    .split("\n")
    .filter(Boolean);

/**
 * The commits a push brought: before..after; when its `before` is unknown (a new branch, or history rewritten)
 * every commit since the range's start, or the whole history of `after` when that is unknown too.
 */
function pushedCommits(cwd: string, push: Push, { since }: Range, known: ReadonlySet<string>): string[] {
  if (!known.has(push.after)) return []; // pushed, then pushed away again: not on the branch any more
  if (!push.rewrote && push.before && known.has(push.before)) return revList(cwd, `${push.before}..${push.after}`);
  return since && known.has(since) ? revList(cwd, `${since}..${push.after}`) : revList(cwd, push.after);
}

type Change = { readonly path: string; readonly mode: string };

/** What each commit changed: each path with its new mode ("000000" when deleted), against each parent. */
function changesOf(cwd: string, commits: readonly string[]): Map<string, Change[]> {
  const changes = new Map<string, Change[]>(commits.map((commit) => [commit, []]));
  if (commits.length === 0) return changes;
  // One git for all: each commit's id, then ":oldmode newmode oldsha newsha status\0path\0" for each change
  // (-z); renames as a deletion and an addition.
  const fields = execFileSync("git", ["diff-tree", "--stdin", "--root", "-r", "-m", "--raw", "--no-renames", "-z"], {
    cwd,
    input: `${commits.join("\n")}\n`,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }).split("\0");
  let current: Change[] | undefined;
  for (let i = 0; i < fields.length; i += 1) {
    const field = fields[i]!.replace(/^\n/, "");
    if (field.startsWith(":")) current?.push({ mode: field.split(" ")[1]!, path: fields[++i]! });
    else if (changes.has(field)) current = changes.get(field);
  }
  return changes;
}

/** Each commit's author and committer names, from one git. */
function namesOf(cwd: string, commits: readonly string[]): Map<string, { author: string; committer: string }> {
  if (commits.length === 0) return new Map();
  const lines = git(cwd, "log", "--no-walk=unsorted", "--format=%H%x00%an%x00%cn", ...commits)
    .split("\n")
    .filter(Boolean);
  return new Map(
    lines.map((line) => {
      const [commit = "", author = "", committer = ""] = line.split("\0");
      return [commit, { author, committer }];
    }),
  );
}

/** True when `login` is the editor's bot (or, with no bot named, any bot). */
const editorOf = (editor: string) => (login: string) => (editor ? login === editor : /\[bot\]$/.test(login));

/**
 * Checks each push's commits in the repository at `cwd`. With a `head`, only the commits it holds count: a
 * push made after it, or pushed away since, is not what is deployed.
 */
export function checkPushes(cwd: string, pushes: readonly Push[], editor: string, range: Range = {}): PushReport {
  const isEditor = editorOf(editor);
  const known = commitsOf(cwd, [range.head, range.since, ...pushes.flatMap((push) => [push.before, push.after])]);
  const inHead =
    range.head && known.has(range.head)
      ? new Set(range.since && known.has(range.since) ? revList(cwd, `${range.since}..${range.head}`) : revList(cwd, range.head))
      : undefined;
  // Each commit once, with whether a push of the editor brought it.
  const pushedByEditor = new Map<string, boolean>();
  for (const push of pushes)
    for (const commit of pushedCommits(cwd, push, range, known))
      if (!inHead || inHead.has(commit)) pushedByEditor.set(commit, (pushedByEditor.get(commit) ?? false) || isEditor(push.pusher));
  const names = namesOf(cwd, [...pushedByEditor.keys()]);
  const editorCommits = [...pushedByEditor].flatMap(([commit, byEditor]) => {
    const { author = "", committer = "" } = names.get(commit) ?? {};
    return byEditor || isEditor(author) || isEditor(committer) ? [{ commit, author }] : [];
  });
  const changes = changesOf(
    cwd,
    editorCommits.map(({ commit }) => commit),
  );
  const problems: string[] = [];
  for (const { commit, author } of editorCommits) {
    for (const { path, mode } of changes.get(commit) ?? []) {
      const where = `${commit.slice(0, 12)} (${author}): ${path}`;
      if (!path.startsWith(EDITABLE_FOLDER)) problems.push(`${where}: outside ${EDITABLE_FOLDER}`);
      else if (mode !== "000000" && !FILE_MODES.has(mode)) problems.push(`${where}: not an ordinary file (mode ${mode})`);
    }
  }
  return { checked: pushedByEditor.size, byEditor: editorCommits.length, problems };
}

/** What this needs of GitHub's record of a push (https://docs.github.com/en/rest/repos/repos#list-repository-activities). */
interface Activity {
  readonly before: string;
  readonly after: string;
  readonly activity_type?: string;
  readonly actor: { readonly login: string } | null;
}

export interface GitHubEnv {
  readonly GITHUB_API_URL?: string;
  readonly GITHUB_REPOSITORY?: string;
  readonly GITHUB_TOKEN?: string;
}

/** The pushes read, newest first, and whether the reading reached the push that made `since` the head. */
export interface PushRecord {
  readonly pushes: readonly Push[];
  readonly reachedSince: boolean;
  readonly pages: number;
}

/** The next page's address from a `Link` header (https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api). */
export const nextPage = (link: string | null) => /<([^>]+)>;\s*rel="next"/.exec(link ?? "")?.[1];

/**
 * The pushes to `ref`, newest first, back to the one whose head was `since` (every page GitHub has when
 * `since` is not given or never was a head of `ref`).
 */
export async function pushesSince(env: GitHubEnv, ref: string, since: string | undefined): Promise<PushRecord> {
  const api = env.GITHUB_API_URL ?? "https://api.github.com";
  const pushes: Push[] = [];
  let url: string | undefined = `${api}/repos/${env.GITHUB_REPOSITORY}/activity?ref=${encodeURIComponent(ref)}&per_page=100`;
  let pages = 0;
  while (url) {
    const response = await fetch(url, {
      headers: { Accept: "application/vnd.github+json", Authorization: `Bearer ${env.GITHUB_TOKEN}`, "X-GitHub-Api-Version": "2022-11-28" },
    });
    if (!response.ok) throw new Error(`GitHub answered ${response.status} to ${url}`);
    pages += 1;
    for (const activity of (await response.json()) as Activity[]) {
      if (since && activity.after === since) return { pushes, reachedSince: true, pages };
      pushes.push({
        before: activity.before,
        after: activity.after,
        pusher: activity.actor?.login ?? "",
        rewrote: activity.activity_type === "force_push",
      });
    }
    url = nextPage(response.headers.get("link"));
  }
  return { pushes, reachedSince: false, pages };
}

/**
 * Why the check cannot answer for `record`, or undefined: when GitHub's record does not reach back to the last
 * deployed commit, the commits before the first push read cannot be told apart, which matters once the editor
 * pushed anything.
 */
export function unreadPushesProblem(record: PushRecord, since: string, editor: string): string | undefined {
  if (record.reachedSince || !record.pushes.some((push) => editorOf(editor)(push.pusher))) return undefined;
  return `GitHub's record of pushes (${record.pages} page(s) read) does not reach back to the last deployed commit ${since.slice(0, 12)}, and the browser editor pushed since: who pushed the commits before the first one read cannot be told`;
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
  const refuse = (lines: readonly string[]) => {
    console.error(`Refused: a commit made through the browser editor may change ${EDITABLE_FOLDER} only:`);
    for (const line of lines) console.error(`  ${line}`);
    process.exit(1);
  };
  let pushes: readonly Push[];
  let range: Range = {};
  if (values.github) {
    const {
      CHECK_REF = "refs/heads/main",
      CHECK_DEPLOYED,
      CHECK_SINCE,
      CHECK_HEAD,
      GITHUB_API_URL,
      GITHUB_REPOSITORY,
      GITHUB_TOKEN,
    } = process.env;
    const deployed = CHECK_DEPLOYED || undefined;
    const record = await pushesSince({ GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_TOKEN }, CHECK_REF, deployed);
    const unread = deployed && unreadPushesProblem(record, deployed, values.editor);
    if (unread) refuse([unread]);
    pushes = record.pushes;
    range = { since: deployed ?? (CHECK_SINCE || undefined), head: CHECK_HEAD || undefined };
  } else pushes = [{ before: values.before, after: values.after!, pusher: values.pusher! }];
  const report = checkPushes(process.cwd(), pushes, values.editor, range);
  if (report.problems.length > 0) refuse(report.problems);
  console.log(
    `${pushes.length} push(es), ${report.checked} commit(s) checked; ${report.byEditor} through the browser editor, each within ${EDITABLE_FOLDER}.`,
  );
}
