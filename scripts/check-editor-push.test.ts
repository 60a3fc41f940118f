import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkPushes, pushesSinceDeploy } from "./check-editor-push.ts";

/*
 * The deploy job's check of a push through the browser editor, on a fixture repository made in a temporary
 * folder: commits by people and by the editor's bot, inside and outside content/, then the check as the
 * workflow runs it (scripts/check-editor-push.ts).
 */

const BOT = "meridian-site-editor[bot]";
const PERSON = "Jordan Avery";
let repo: string;

const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();

/** Writes files (null deletes; a { link } makes a symbolic link) and commits them as `author`. */
function commit(author: string, files: Record<string, string | null | { link: string }>): string {
  for (const [path, content] of Object.entries(files)) {
    const file = join(repo, path);
    if (content === null) git("rm", "-q", path);
    else {
      mkdirSync(dirname(file), { recursive: true });
      if (typeof content === "string") writeFileSync(file, content);
      else symlinkSync(content.link, file);
      git("add", path);
    }
  }
  git("-c", `user.name=${author}`, "-c", "user.email=someone@example.com", "commit", "-q", "-m", `Change by ${author}`);
  return git("rev-parse", "HEAD");
}

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), "editor-push-"));
  git("init", "-q", "-b", "main");
  commit(PERSON, { "package.json": "{}\n", "content/articles/first.md": "---\ntitle: First\n---\n" });
});

afterEach(() => rmSync(repo, { recursive: true, force: true }));

const check = (before: string, after: string, pusher: string, editor = BOT) => checkPushes(repo, [{ before, after, pusher }], editor);

describe("a push through the editor", () => {
  it("passes when each of its commits changes files under content/ only, added, edited or deleted", () => {
    const before = git("rev-parse", "HEAD");
    commit(BOT, { "content/articles/first.md": "---\ntitle: Changed\n---\n" });
    commit(BOT, { "content/articles/second.md": "---\ntitle: Second\n---\n" });
    const after = commit(BOT, { "content/articles/first.md": null });
    expect(check(before, after, BOT)).toEqual({ checked: 3, byEditor: 3, problems: [] });
  });

  it("is refused when a commit changes a file outside content/, naming the commit and the file", () => {
    const before = git("rev-parse", "HEAD");
    commit(BOT, { "content/articles/first.md": "---\ntitle: Changed\n---\n" });
    const bad = commit(BOT, { "package.json": '{ "scripts": { "postinstall": "curl …" } }\n' });
    const report = check(before, bad, BOT);
    expect(report.problems).toEqual([`${bad.slice(0, 12)} (${BOT}): package.json: outside content/`]);
  });

  it("is refused when a file moves out of content/ (a rename is a deletion and an addition)", () => {
    const before = git("rev-parse", "HEAD");
    git("mv", "content/articles/first.md", "first.md");
    git("-c", `user.name=${BOT}`, "-c", "user.email=bot@example.com", "commit", "-q", "-m", "Move");
    expect(check(before, git("rev-parse", "HEAD"), BOT).problems).toEqual([expect.stringMatching(/: first\.md: outside content\/$/)]);
  });

  it("is refused when it adds a symbolic link, even inside content/", () => {
    const before = git("rev-parse", "HEAD");
    const after = commit(BOT, { "content/articles/link.md": { link: "../../package.json" } });
    expect(check(before, after, BOT).problems).toEqual([
      `${after.slice(0, 12)} (${BOT}): content/articles/link.md: not an ordinary file (mode 120000)`,
    ]);
  });

  it("holds the bot's commits to content/ whoever pushes them", () => {
    const before = git("rev-parse", "HEAD");
    const after = commit(BOT, { ".github/workflows/ci.yml": "on: push\n" });
    expect(check(before, after, PERSON).problems).toHaveLength(1);
  });

  it("holds every commit of a push by the bot to content/, whoever is named as their author", () => {
    const before = git("rev-parse", "HEAD");
    const after = commit(PERSON, { "vite.config.ts": "export default {};\n" });
    expect(check(before, after, BOT).problems).toEqual([`${after.slice(0, 12)} (${PERSON}): vite.config.ts: outside content/`]);
  });

  it("without the bot's name, holds every bot to content/", () => {
    const before = git("rev-parse", "HEAD");
    const after = commit("renovate[bot]", { "package.json": '{ "version": "2" }\n' });
    expect(check(before, after, "renovate[bot]", "").problems).toHaveLength(1);
    expect(check(before, after, "renovate[bot]", BOT).problems).toEqual([]);
  });

  it("checks the last commit alone when the branch is new (before is all zeros)", () => {
    commit(PERSON, { "README.md": "x\n" });
    const after = commit(BOT, { "content/site.yaml": "a: 1\n" });
    expect(check("0".repeat(40), after, BOT)).toEqual({ checked: 1, byEditor: 1, problems: [] });
  });
});

describe("a push by a person", () => {
  it("is not this check's business, whatever it changes", () => {
    const before = git("rev-parse", "HEAD");
    const after = commit(PERSON, { "package.json": '{ "private": true }\n', "content/site.yaml": "a: 1\n" });
    expect(check(before, after, PERSON)).toEqual({ checked: 1, byEditor: 0, problems: [] });
  });
});

describe("every push since the last deployment", () => {
  it("refuses a push the bot made, refused before, even when a person's push comes after it", () => {
    const deployed = git("rev-parse", "HEAD");
    const bad = commit(PERSON, { "package.json": '{ "scripts": { "build": "…" } }\n' }); // pushed by the bot, author forged
    const later = commit(PERSON, { "content/site.yaml": "a: 1\n" });
    const report = checkPushes(
      repo,
      [
        { before: bad, after: later, pusher: PERSON },
        { before: deployed, after: bad, pusher: BOT },
      ],
      BOT,
    );
    expect(report.problems).toEqual([`${bad.slice(0, 12)} (${PERSON}): package.json: outside content/`]);
  });

  it("are read from GitHub: its deployments and its record of who pushed what, back to the last success", async () => {
    const answers: Record<string, unknown> = {
      "https://api.github.test/repos/meridian/site/deployments?environment=production&per_page=100": [
        { sha: "c3", statuses_url: "https://api.github.test/deployments/3/statuses" },
        { sha: "c2", statuses_url: "https://api.github.test/deployments/2/statuses" },
      ],
      "https://api.github.test/deployments/3/statuses?per_page=1": [{ state: "in_progress" }],
      "https://api.github.test/deployments/2/statuses?per_page=1": [{ state: "success" }],
      "https://api.github.test/repos/meridian/site/activity?ref=refs%2Fheads%2Fmain&per_page=100": [
        { before: "c2b", after: "c3", actor: { login: PERSON } },
        { before: "c2", after: "c2b", actor: { login: BOT } },
        { before: "c1", after: "c2", actor: { login: BOT } },
      ],
    };
    const seen: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input);
      seen.push(`${url} ${new Headers(init?.headers).get("authorization")}`);
      return url in answers ? Response.json(answers[url]) : new Response("{}", { status: 404 });
    });
    const pushes = await pushesSinceDeploy({
      GITHUB_API_URL: "https://api.github.test",
      GITHUB_REPOSITORY: "meridian/site",
      GITHUB_TOKEN: "t0k",
    });
    vi.restoreAllMocks();
    expect(pushes).toEqual([
      { before: "c2b", after: "c3", pusher: PERSON },
      { before: "c2", after: "c2b", pusher: BOT },
    ]);
    expect(seen.every((line) => line.endsWith(" Bearer t0k"))).toBe(true);
  });
});

describe("as the deploy job runs it", () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [join(import.meta.dirname, "check-editor-push.ts"), ...args], { cwd: repo, encoding: "utf8" });

  it("exits 1 with one line per problem, or 0 with a summary", () => {
    const before = git("rev-parse", "HEAD");
    const good = commit(BOT, { "content/articles/first.md": "---\ntitle: Changed\n---\n" });
    const passed = run("--before", before, "--after", good, "--pusher", BOT, "--editor", BOT);
    expect(passed.status).toBe(0);
    expect(passed.stdout).toContain(
      "1 push(es), 1 commit(s) since the last deployment; 1 through the browser editor, each within content/.",
    );
    const bad = commit(BOT, { "package.json": "{ }\n" });
    const refused = run("--before", before, "--after", bad, "--pusher", BOT, "--editor", BOT);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`${bad.slice(0, 12)} (${BOT}): package.json: outside content/`);
  });
});
