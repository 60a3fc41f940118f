import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkPushes, pushesSince, unreadPushesProblem } from "./check-editor-push.ts";
import { type Expressions, readWorkflow, runJob } from "./lib/workflow.ts";

/*
 * The check of a push through the browser editor, on a fixture repository made in a temporary folder: commits
 * by people and by the editor's bot, inside and outside content/; then the workflow's job `editor-check` run
 * as GitHub runs it, against a stand-in for GitHub's API.
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

  it("checks a new branch (before is all zeros) from the range's start, or its whole history without one", () => {
    const base = commit(PERSON, { "README.md": "x\n" });
    const after = commit(BOT, { "content/site.yaml": "a: 1\n" });
    expect(checkPushes(repo, [{ before: "0".repeat(40), after, pusher: BOT }], BOT, { since: base })).toEqual({
      checked: 1,
      byEditor: 1,
      problems: [],
    });
    expect(check("0".repeat(40), after, BOT).problems).toEqual([
      expect.stringMatching(/: package\.json: outside content\/$/),
      expect.stringMatching(/: README\.md: outside content\/$/),
    ]);
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

  it("with history rewritten, are checked from the last deployed commit to the push's head", () => {
    const deployed = git("rev-parse", "HEAD");
    const bad = commit(PERSON, { "vite.config.ts": "export default {};\n" }); // author forged
    const after = commit(PERSON, { "content/site.yaml": "a: 1\n" });
    const unknownBefore = "f".repeat(40);
    const rewrite = { before: unknownBefore, after, pusher: BOT, rewrote: true };
    expect(checkPushes(repo, [rewrite], BOT, { since: deployed, head: after }).problems).toEqual([
      `${bad.slice(0, 12)} (${PERSON}): vite.config.ts: outside content/`,
    ]);
    // A force push whose old head is still known is checked whole as well.
    expect(checkPushes(repo, [{ ...rewrite, before: bad }], BOT, { since: deployed, head: after }).problems).toHaveLength(1);
  });

  it("count only the commits the head to deploy holds", () => {
    const deployed = git("rev-parse", "HEAD");
    const head = commit(BOT, { "content/site.yaml": "a: 1\n" });
    const later = commit(BOT, { "package.json": "{ }\n" }); // pushed after the run began: not this deploy's
    const pushes = [
      { before: head, after: later, pusher: BOT },
      { before: deployed, after: head, pusher: BOT },
    ];
    expect(checkPushes(repo, pushes, BOT, { since: deployed, head })).toEqual({ checked: 1, byEditor: 1, problems: [] });
  });
});

describe("GitHub's record of pushes", () => {
  const API = "https://api.github.test";
  const activity = (index: number, pusher = BOT) => ({ before: `c${index - 1}`, after: `c${index}`, actor: { login: pusher } });

  /** Serves `records` (newest first) a hundred a page, linked as GitHub links its pages. */
  function serveActivity(records: readonly unknown[]) {
    const seen: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(String(input));
      seen.push(`${url.pathname} ${new Headers(init?.headers).get("authorization")}`);
      const page = Number(url.searchParams.get("page") ?? 1);
      const next = new URL(url);
      next.searchParams.set("page", String(page + 1));
      const more = page * 100 < records.length;
      return Response.json(records.slice((page - 1) * 100, page * 100), { headers: more ? { Link: `<${next}>; rel="next"` } : {} });
    });
    return seen;
  }
  afterEach(() => vi.restoreAllMocks());
  const env = { GITHUB_API_URL: API, GITHUB_REPOSITORY: "meridian/site", GITHUB_TOKEN: "t0k" };

  it("is read page by page back to the push that made the deployed commit the head", async () => {
    // Newest first: 150 content-only pushes after a bad one, which came after the deployed c0.
    const records = [...Array.from({ length: 151 }, (_, i) => activity(151 - i)), activity(0, PERSON), activity(-1, PERSON)];
    const seen = serveActivity(records);
    const record = await pushesSince(env, "refs/heads/main", "c0");
    expect(record).toMatchObject({ reachedSince: true, pages: 2 });
    expect(record.pushes.map((push) => push.after)).toEqual(records.slice(0, 151).map((push) => push.after));
    expect(seen.every((line) => line === "/repos/meridian/site/activity Bearer t0k")).toBe(true);
  });

  it("refuses to answer when it ends before the deployed commit and the editor pushed", async () => {
    serveActivity([activity(3, PERSON), activity(2)]);
    const record = await pushesSince(env, "refs/heads/main", "c0");
    expect(record.reachedSince).toBe(false);
    expect(unreadPushesProblem(record, "c0", BOT)).toMatch(
      /does not reach back to the last deployed commit c0, and the browser editor pushed since/,
    );
    serveActivity([activity(3, PERSON)]);
    expect(unreadPushesProblem(await pushesSince(env, "refs/heads/main", "c0"), "c0", BOT)).toBeUndefined();
  });

  it("marks a force push as history rewritten", async () => {
    serveActivity([
      { ...activity(2), activity_type: "force_push" },
      { ...activity(1), activity_type: "push" },
    ]);
    const { pushes } = await pushesSince(env, "refs/heads/main", undefined);
    expect(pushes.map((push) => push.rewrote)).toEqual([true, false]);
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
    expect(passed.stdout).toContain("1 push(es), 1 commit(s) checked; 1 through the browser editor, each within content/.");
    const bad = commit(BOT, { "package.json": "{ }\n" });
    const refused = run("--before", before, "--after", bad, "--pusher", BOT, "--editor", BOT);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`${bad.slice(0, 12)} (${BOT}): package.json: outside content/`);
  });
});

describe("the workflow's editor-check job", () => {
  const ACTIONS = "github-actions[bot]";
  /** The check's files as they are in this tree: what a commit that deployed them holds. */
  const checkFiles = () =>
    Object.fromEntries(
      ["scripts/check-editor-push.ts", "src/admin/github/content-paths.ts"].map((path) => [
        path,
        readFileSync(join(import.meta.dirname, "..", path), "utf8"),
      ]),
    );

  interface Deployment {
    readonly sha: string;
    readonly creator?: string;
    readonly state?: string;
  }
  interface Pushed {
    readonly before: string;
    readonly after: string;
    readonly actor: string;
  }
  /** What the stand-in holds: deployments and each branch's pushes, newest first. */
  let github: { deployments: Deployment[]; activity: Record<string, Pushed[]> };
  let server: Server;
  let api: string;

  /** A hundred a page, linked as GitHub links its pages. */
  const page = (url: URL, all: readonly unknown[]) => {
    const number = Number(url.searchParams.get("page") ?? 1);
    const next = new URL(url);
    next.searchParams.set("page", String(number + 1));
    return { body: all.slice((number - 1) * 100, number * 100), link: number * 100 < all.length ? `<${next}>; rel="next"` : undefined };
  };

  beforeEach(async () => {
    github = { deployments: [], activity: {} };
    server = createServer((request, response) => {
      const url = new URL(request.url!, api);
      const statuses = /^\/repos\/meridian\/site\/deployments\/(\d+)\/statuses$/.exec(url.pathname);
      let answer: { body: unknown; link?: string } | undefined;
      if (request.headers.authorization !== "Bearer t0k") answer = undefined;
      else if (url.pathname === "/repos/meridian/site/deployments" && url.searchParams.get("environment") === "production")
        answer = page(
          url,
          github.deployments.map(({ sha, creator = ACTIONS }, id) => ({ id, sha, creator: { login: creator } })),
        );
      else if (statuses) answer = { body: [{ state: github.deployments[Number(statuses[1])]?.state ?? "success" }] };
      else if (url.pathname === "/repos/meridian/site/activity")
        answer = page(
          url,
          (github.activity[url.searchParams.get("ref")!] ?? []).map(({ before, after, actor }) => ({
            before,
            after,
            actor: { login: actor },
          })),
        );
      response.writeHead(answer ? 200 : 404, { "content-type": "application/json", ...(answer?.link ? { link: answer.link } : {}) });
      response.end(JSON.stringify(answer?.body ?? { message: "Not Found" }));
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise<void>((closed) => server.close(() => closed())));

  /** The job on a push to main whose head is `head`, or on a pull request from `branch` onto `base`. */
  async function editorCheck(head: string, options: { chosen?: string; pullRequest?: { branch: string; base: string } } = {}) {
    const pr = options.pullRequest;
    const expressions: Expressions = {
      "github.token": "t0k",
      "vars.CMS_GITHUB_APP_SLUG && format('{0}[bot]', vars.CMS_GITHUB_APP_SLUG) || ''": BOT,
      "vars.EDITOR_CHECK_FROM": options.chosen ?? "",
      "github.event.pull_request.base.sha || github.sha": pr?.base ?? head,
      "github.event.pull_request.base.ref || 'main'": "main",
      "github.event_name == 'pull_request' && format('refs/heads/{0}', github.head_ref) || 'refs/heads/main'": pr
        ? `refs/heads/${pr.branch}`
        : "refs/heads/main",
      "github.event_name == 'push' && steps.trusted.outputs.deployed || ''": (outputs) => (pr ? "" : (outputs["trusted.deployed"] ?? "")),
      "github.event.pull_request.base.sha": pr?.base ?? "",
      "github.event.pull_request.head.sha || github.sha": head,
    };
    const steps = await runJob(readWorkflow().jobs["editor-check"]!, {
      cwd: repo,
      env: { GITHUB_API_URL: api, GITHUB_REPOSITORY: "meridian/site" },
      expressions,
    });
    const last = steps.at(-1)!;
    return { passed: steps.length === 2 && last.status === 0, output: steps.map((step) => step.stdout + step.stderr).join("\n") };
  }

  /** Commits `files` as `author` and records it as one push of theirs to `branch`. */
  const push = (author: string, files: Record<string, string>, branch = "main") => {
    const before = git("rev-parse", "HEAD");
    const after = commit(author, files);
    github.activity[`refs/heads/${branch}`] = [{ before, after, actor: author }, ...(github.activity[`refs/heads/${branch}`] ?? [])];
    return after;
  };
  const botPush = (files: Record<string, string>, branch = "main") => push(BOT, files, branch);

  /**
   * `count` pushes of the bot to main, each one commit changing content/site.yaml, made by one git fast-import
   * (hundreds of `git commit`s would take most of a test's time on a busy machine).
   */
  const botPushes = (count: number) => {
    const marks = join(repo, ".git", "marks");
    let stream = "";
    for (let n = 1; n <= count; n += 1) {
      const text = `n: ${n}\n`;
      stream += `commit refs/heads/main\nmark :${n}\ncommitter ${BOT} <bot@example.com> ${1_700_000_000 + n} +0000\ndata 4\nSave\n`;
      if (n === 1) stream += `from ${git("rev-parse", "HEAD")}\n`;
      stream += `M 100644 inline content/site.yaml\ndata ${Buffer.byteLength(text)}\n${text}\n`;
    }
    execFileSync("git", ["fast-import", "--quiet", `--export-marks=${marks}`], { cwd: repo, input: stream });
    const shas = readFileSync(marks, "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(" "));
    const ordered = shas.sort(([a], [b]) => Number(a!.slice(1)) - Number(b!.slice(1))).map(([, sha]) => sha!);
    let before = ordered.length > 0 ? git("rev-parse", `${ordered[0]}^`) : "";
    for (const after of ordered) {
      github.activity["refs/heads/main"] = [{ before, after, actor: BOT }, ...(github.activity["refs/heads/main"] ?? [])];
      before = after;
    }
    return ordered.at(-1)!;
  };

  it("refuses a push that rewrites the check to pass and changes package.json, running the check as deployed", async () => {
    const deployed = push(PERSON, checkFiles());
    github.deployments = [{ sha: deployed }];
    const head = botPush({ "scripts/check-editor-push.ts": "process.exit(0);\n", "package.json": '{ "scripts": { "deploy": "curl" } }\n' });
    // The check as the push has it would have passed.
    expect(spawnSync(process.execPath, ["scripts/check-editor-push.ts", "--github"], { cwd: repo }).status).toBe(0);
    const { passed, output } = await editorCheck(head);
    expect(passed).toBe(false);
    expect(output).toContain(`The check as of ${deployed.slice(0, 12)} (deployed).`);
    expect(output).toContain(`${head.slice(0, 12)} (${BOT}): package.json: outside content/`);
    expect(output).toContain(`${head.slice(0, 12)} (${BOT}): scripts/check-editor-push.ts: outside content/`);
  });

  it("finds a bad push behind 150 content-only pushes of the editor", async () => {
    const deployed = push(PERSON, checkFiles());
    github.deployments = [{ sha: deployed, state: "success" }];
    const bad = botPush({ "vite.config.ts": "export default {};\n" });
    const head = botPushes(150);
    const { passed, output } = await editorCheck(head);
    expect(passed).toBe(false);
    expect(output).toContain(`${bad.slice(0, 12)} (${BOT}): vite.config.ts: outside content/`);
  });

  it("passes the editor's content-only pushes; a person's change to the check counts once it is deployed", async () => {
    const deployed = push(PERSON, checkFiles());
    const changed = push(PERSON, {
      "scripts/check-editor-push.ts": `${checkFiles()["scripts/check-editor-push.ts"]}\nconsole.log("The new check ran.");\n`,
    });
    const head = botPush({ "content/site.yaml": "a: 1\n" });
    github.deployments = [{ sha: changed, state: "failure" }, { sha: deployed }];
    const before = await editorCheck(head);
    expect(before.passed).toBe(true);
    expect(before.output).not.toContain("The new check ran.");
    github.deployments = [{ sha: changed }, { sha: deployed }];
    const after = await editorCheck(head);
    expect(after.passed).toBe(true);
    expect(after.output).toContain("The new check ran.");
  });

  it("trusts no deployment but this workflow's", async () => {
    const deployed = push(PERSON, checkFiles());
    const head = botPush({ "scripts/check-editor-push.ts": "process.exit(0);\n", "package.json": "{ }\n" });
    github.deployments = [{ sha: head, creator: BOT }, { sha: deployed }];
    const { passed, output } = await editorCheck(head);
    expect(passed).toBe(false);
    expect(output).toContain(`The check as of ${deployed.slice(0, 12)} (deployed).`);
  });

  it("before the first deployment, refuses once the editor has pushed, unless an operator names a commit", async () => {
    const reviewed = push(PERSON, checkFiles());
    const head = botPush({ "scripts/check-editor-push.ts": "process.exit(0);\n", "content/site.yaml": "a: 1\n" });
    const refused = await editorCheck(head);
    expect(refused.passed).toBe(false);
    expect(refused.output).toMatch(/No successful production deployment yet, and the browser editor has pushed .*EDITOR_CHECK_FROM/);
    const named = await editorCheck(head, { chosen: reviewed });
    expect(named.passed).toBe(false);
    expect(named.output).toContain(`${head.slice(0, 12)} (${BOT}): scripts/check-editor-push.ts: outside content/`);
  });

  it("before the first deployment, uses the head's check while the editor never pushed", async () => {
    const head = push(PERSON, { ...checkFiles(), "vite.config.ts": "export default {};\n" });
    const { passed, output } = await editorCheck(head);
    expect(passed).toBe(true);
    expect(output).toContain(`The check as of ${head.slice(0, 12)} (no-deployment-yet).`);
  });

  it("refuses a pull request whose branch the editor pushed code to", async () => {
    const base = push(PERSON, checkFiles());
    github.deployments = [{ sha: base }];
    git("checkout", "-q", "-b", "feature");
    const person = commit(PERSON, { "README.md": "A person's change\n" });
    github.activity["refs/heads/feature"] = [{ before: "0".repeat(40), after: person, actor: PERSON }];
    const head = botPush({ "package.json": "{ }\n" }, "feature");
    const { passed, output } = await editorCheck(head, { pullRequest: { branch: "feature", base } });
    expect(passed).toBe(false);
    expect(output).toContain(`${head.slice(0, 12)} (${BOT}): package.json: outside content/`);
    expect(output).not.toContain("README.md");
  });
});
