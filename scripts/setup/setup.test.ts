import { execFileSync, spawn } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Answers } from "./answers.ts";
import type { Manifest } from "./app-manifest.ts";
import { PERMISSIONS, ROUTING_PERMISSIONS, tokenForm } from "./permissions.ts";
import { CloudflareStandIn, EVERY_PERMISSION } from "./stand-ins/cloudflare-api.ts";
import { GitHubStandIn } from "./stand-ins/github-api.ts";

/*
 * `npm run setup` run whole, as an operator runs it, against stand-ins of Cloudflare's and GitHub's APIs (the real
 * wrangler 4.164 for the deploy and the migrations, pointed at the stand-in; `gh` stood in for by
 * stand-ins/gh.ts against GH_API_URL), in a copy of the project whose `npm run build` writes a small build
 * (stand-ins/built-site.ts). The test plays the operator's browser where GitHub asks them to confirm.
 */

const repository = join(import.meta.dirname, "..", "..");
/** A bound for a hung run that builds and deploys, not a timing goal: on two busy cores one took 23 s. */
const WHOLE_RUN_MS = 120_000;
const DOMAIN = "studio-law.com";
const REPOSITORY = "meridian-law/site";

interface Project {
  readonly root: string;
  readonly cloudflare: CloudflareStandIn;
  readonly github: GitHubStandIn;
  answers: Answers;
}

/** A clone of the project as the set-up sees it: wrangler.toml, migrations, content, a build, a git history. */
async function project(options: { cloudflare: CloudflareStandIn; answers?: Partial<Answers> }): Promise<Project> {
  const root = mkdtempSync(join(tmpdir(), "setup-"));
  cpSync(join(repository, "wrangler.toml"), join(root, "wrangler.toml"));
  cpSync(join(repository, "migrations"), join(root, "migrations"), { recursive: true });
  mkdirSync(join(root, "content"));
  writeFileSync(join(root, "content", "site.yaml"), "practiceName: Studio Law\n");
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({
      name: "site",
      private: true,
      type: "module",
      scripts: { build: `node ${join(repository, "scripts/setup/stand-ins/built-site.ts")}`, "launch-check": 'node -e ""' },
    }),
  );
  writeFileSync(join(root, ".gitignore"), ".setup/\ndist/\n.wrangler/\n");
  const bin = join(root, ".bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "gh"), `#!/bin/sh\nexec "${process.execPath}" "${join(repository, "scripts/setup/stand-ins/gh.ts")}" "$@"\n`);
  chmodSync(join(bin, "gh"), 0o755);
  git(root, ["init", "--quiet", "--initial-branch=main"]);
  git(root, ["add", "."]);
  git(root, ["commit", "--quiet", "-m", "The site"]);
  await options.cloudflare.listen();
  const github = new GitHubStandIn(mkdtempSync(join(tmpdir(), "github-")));
  await github.listen();
  const answers: Answers = {
    account: options.cloudflare.accountId,
    domain: DOMAIN,
    practiceAddress: `office@${DOMAIN}`,
    attorneyAddress: "jordan@studio-mail.com",
    calendarUrl: "https://calendar.google.com/calendar/ical/jordan/private-abc/basic.ics",
    adminEmails: "jordan@studio-mail.com",
    repository: REPOSITORY,
    mail: "service",
    ...options.answers,
  };
  return { root, cloudflare: options.cloudflare, github, answers };
}

/** A child's whole environment, as given (the generated Worker types make ProcessEnv name the Worker's variables). */
const environment = (values: Record<string, string | undefined>) => values as NodeJS.ProcessEnv;

const identity = {
  GIT_AUTHOR_NAME: "Operator",
  GIT_AUTHOR_EMAIL: "op@studio-law.com",
  GIT_COMMITTER_NAME: "Operator",
  GIT_COMMITTER_EMAIL: "op@studio-law.com",
};
const git = (root: string, args: string[]) =>
  execFileSync("git", ["-C", root, ...args], { encoding: "utf8", env: { ...process.env, ...identity } });

/** HTML's escapes undone, for the value of the manifest's form field. */
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Runs `npm run setup` in the project, playing the browser whenever the set-up sends the operator to GitHub. */
function setup(p: Project, extra: string[] = [], token = p.cloudflare.token): Promise<{ code: number; out: string }> {
  writeFileSync(join(p.root, "answers.json"), JSON.stringify(p.answers));
  const child = spawn(process.execPath, [join(repository, "scripts/setup/main.ts"), "--answers", "answers.json", ...extra], {
    cwd: p.root,
    env: environment({
      PATH: `${join(p.root, ".bin")}:${join(repository, "node_modules/.bin")}:${process.env.PATH}`,
      HOME: p.root,
      ...identity,
      CLOUDFLARE_API_BASE_URL: p.cloudflare.base,
      CLOUDFLARE_API_TOKEN: token,
      GH_API_URL: p.github.url,
      GH_TOKEN: p.github.token,
    }),
  });
  let out = "";
  const browse = async (line: string) => {
    const page = /Open (http:\/\/127\.0\.0\.1:\d+\/) in your browser/.exec(line)?.[1];
    if (page) {
      const html = await (await fetch(page)).text();
      const manifest = JSON.parse(unescapeHtml(/name="manifest" value="([^"]*)"/.exec(html)![1]!)) as Manifest;
      const state = /state=([0-9a-f]+)/.exec(html)![1];
      expect(manifest.default_permissions).toEqual({ contents: "write", checks: "read", metadata: "read" });
      const code = p.github.confirmManifest(manifest);
      await fetch(`${manifest.redirect_url}?code=${code}&state=${state}`);
    }
    const install = /Install the App on (\S+) alone: https:\/\/github\.com\/apps\/([^/]+)\/installations\/new/.exec(line);
    if (install) p.github.install(install[2]!, install[1]!);
  };
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    for (const line of chunk.toString().split("\n")) void browse(line);
  });
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code: code ?? 1, out })));
}

const close = async (p: Project) => {
  await p.cloudflare.close();
  await p.github.close();
  rmSync(p.root, { recursive: true, force: true });
};

describe("npm run setup, from an empty account and no repository", () => {
  let p: Project;
  beforeAll(async () => {
    p = await project({
      cloudflare: new CloudflareStandIn({
        zones: [DOMAIN],
        r2: false,
        queues: false,
        workersPaid: false,
        team: null,
        permissions: EVERY_PERMISSION.filter((permission) => permission !== "D1 Edit" && permission !== "Turnstile Edit"),
      }),
      answers: { calendarUrl: undefined },
    });
  });
  afterAll(() => close(p));

  it("stops while an answer is missing, naming it", async () => {
    const run = await setup(p);
    expect(run.code).toBe(2);
    expect(run.out).toContain("Answers missing (and no one to ask here): calendarUrl");
    expect(p.cloudflare.calls).toEqual([]);
    p.answers.calendarUrl = "https://calendar.google.com/calendar/ical/jordan/private-abc/basic.ics";
  });

  it("stops before making anything while the token lacks a permission, naming each and the form with them all", async () => {
    const run = await setup(p);
    expect(run.code).toBe(2);
    expect(run.out).toContain("Stopped at step 1 (Check the Cloudflare API token)");
    expect(run.out).toContain("Missing: Account · D1 · Edit; Account · Turnstile · Edit");
    expect(run.out).toContain(`Go to: ${tokenForm("Meridian site", PERMISSIONS)}`);
    expect(p.cloudflare.changes()).toEqual([]);
    p.cloudflare.permissions = new Set(EVERY_PERMISSION);
  });

  it("stops at each dashboard page in turn: Workers Paid, R2 off (10042), Queues off (11002), no Zero Trust team", async () => {
    const account = `https://dash.cloudflare.com/${p.cloudflare.accountId}`;
    const stops: [string, string, () => void][] = [
      ["The account is not on the Workers Paid plan", `${account}/workers/plans`, () => (p.cloudflare.workersPaid = true)],
      ["R2 is not switched on for the account (Cloudflare answers 10042)", `${account}/r2/overview`, () => (p.cloudflare.r2 = true)],
      [
        "Queues is not switched on for the account (Cloudflare answers 11002)",
        `${account}/workers/queues`,
        () => (p.cloudflare.queuesOn = true),
      ],
      ["The account has no Zero Trust team yet", "https://one.dash.cloudflare.com/", () => (p.cloudflare.team = "meridian")],
    ];
    for (const [message, page, putRight] of stops) {
      const run = await setup(p);
      expect(run.code).toBe(2);
      expect(run.out).toContain(`Stopped at step 2 (Check the account): ${message}`);
      expect(run.out).toContain(`Go to: ${page}\n`);
      putRight();
    }
    expect(p.cloudflare.changes()).toEqual([]);
  });

  it("leaves nothing half-made when it fails between two calls: the next run finishes the part", async () => {
    p.cloudflare.failNext("POST", /\/access\/apps\/[^/]+\/policies$/, 500, 10001, "Internal error");
    const failed = await setup(p);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain("Failed at step 6 (Access for /admin)");
    expect([...p.cloudflare.accessApps.values()].map((app) => app.policies.length)).toEqual([0]);
    expect(p.cloudflare.scripts.size).toBe(0);
  });

  it("then ends deployed, with every resource made once", { timeout: WHOLE_RUN_MS }, async () => {
    const run = await setup(p);
    expect(run.code, run.out).toBe(0);
    const { cloudflare, github } = p;
    expect([...cloudflare.databases.keys()]).toEqual(["creative-law-site"]);
    expect([...cloudflare.queues.keys()].sort()).toEqual(["contact-notifications", "contact-notifications-dlq"]);
    expect([...cloudflare.buckets.keys()].sort()).toEqual(["creative-law-site-backups", "creative-law-site-records"]);
    expect([...cloudflare.customDomains.keys()]).toEqual([DOMAIN]);
    expect(cloudflare.widgets.size).toBe(1);
    expect(cloudflare.identityProviders.map((provider) => provider.type)).toEqual(["onetimepin"]);
    const [app] = [...cloudflare.accessApps.values()];
    expect(cloudflare.accessApps.size).toBe(1);
    expect(app!.domain).toBe(`${DOMAIN}/admin`);
    expect(app!.policies).toEqual([
      expect.objectContaining({ decision: "allow", include: [{ email: { email: "jordan@studio-mail.com" } }] }),
    ]);
    expect([...cloudflare.sendingSubdomains.values()].flat().map((subdomain) => subdomain.name)).toEqual([DOMAIN]);
    const worker = cloudflare.scripts.get("creative-law-site")!;
    expect(worker.versions).toBe(1);
    expect([...worker.secrets.keys()].sort()).toEqual([
      "ATTORNEY_CALENDAR_URL",
      "BACKUP_KEY",
      "CMS_GITHUB_APP_PRIVATE_KEY",
      "TURNSTILE_SECRET_KEY",
    ]);
    expect(worker.secrets.get("TURNSTILE_SECRET_KEY")).toBe([...cloudflare.widgets.values()][0]!.secret);
    expect(worker.secrets.get("CMS_GITHUB_APP_PRIVATE_KEY")).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const applied = cloudflare.databases.get("creative-law-site")!.sql.prepare("select name from d1_migrations").all();
    expect(applied).toHaveLength(readdirSync(join(repository, "migrations")).filter((file) => file.endsWith(".sql")).length);

    // The settings the Worker runs with, as deployed and as pushed to main for CI's deploys.
    const vars = Object.fromEntries(
      worker.bindings.filter((binding) => binding.type === "plain_text").map((binding) => [binding.name, binding.text]),
    );
    const repo = github.repositories.get(REPOSITORY)!;
    const [editor] = [...github.apps.values()];
    expect(vars).toMatchObject({
      SITE_ORIGIN: `https://${DOMAIN}`,
      NOTIFY_FROM: `website@${DOMAIN}`,
      NOTIFY_TO: "jordan@studio-mail.com",
      CLIENT_MAIL_FROM: `office@${DOMAIN}`,
      ACCESS_AUD: app!.aud,
      ACCESS_TEAM_DOMAIN: "https://meridian.cloudflareaccess.com",
      TURNSTILE_SITE_KEY: [...cloudflare.widgets.keys()][0],
      CMS_GITHUB_REPO: REPOSITORY,
      CMS_GITHUB_APP_CLIENT_ID: editor!.client_id,
      CMS_GITHUB_APP_INSTALLATION_ID: String(repo.installations.get(editor!.id)),
    });
    const pushed = execFileSync("git", ["--git-dir", repo.bare, "show", "main:wrangler.toml"], { encoding: "utf8" });
    expect(pushed).toBe(readFileSync(join(p.root, "wrangler.toml"), "utf8"));
    expect(pushed).toContain(`routes = [{ pattern = "${DOMAIN}", custom_domain = true }]`);

    // CI's settings, the token sealed to the environment's key.
    expect(github.secret(REPOSITORY, "production", "CLOUDFLARE_DEPLOY_TOKEN")).toBe(cloudflare.token);
    expect(github.secret(REPOSITORY, "production", "CLOUDFLARE_ACCOUNT_ID")).toBe(cloudflare.accountId);
    expect(repo.environments.get("production")!.policies.map((policy) => policy.name)).toEqual(["main"]);
    expect(Object.fromEntries(repo.variables)).toMatchObject({ DEPLOY: "true", CMS_GITHUB_APP_SLUG: editor!.slug });
    expect(repo.rulesets).toHaveLength(1);
    expect(github.apps.size).toBe(1);

    expect(run.out).toContain(`BACKUP_KEY=${worker.secrets.get("BACKUP_KEY")}`);
    expect(run.out).toContain("Store it offline now");
  });

  it("a second run makes no change on either account, and says so", async () => {
    const [cloudflareFrom, githubFrom] = [p.cloudflare.calls.length, p.github.calls.length];
    const run = await setup(p);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain("Nothing to do: every step was already done.");
    expect(p.cloudflare.changes(cloudflareFrom)).toEqual([]);
    expect(p.github.changes(githubFrom)).toEqual([]);
  });
});

describe("npm run setup with the attorney's notification through Email Routing", () => {
  let p: Project;
  beforeAll(async () => {
    p = await project({ cloudflare: new CloudflareStandIn({ zones: [DOMAIN] }), answers: { mail: "routing" } });
  });
  afterAll(() => close(p));

  it("switches Email Routing on with the MX warning, and stops until the attorney's address is verified", async () => {
    const run = await setup(p);
    expect(run.code).toBe(2);
    expect(run.out).toContain("Email Routing takes over the domain's MX records");
    expect(run.out).toContain(
      "Stopped at step 4 (Mail from the practice's domain): Cloudflare has sent a message to jordan@studio-mail.com",
    );
    expect([...p.cloudflare.routing.values()]).toEqual([{ enabled: true }]);
    expect(p.cloudflare.routingAddresses.map((address) => address.email)).toEqual(["jordan@studio-mail.com"]);
    expect([...p.cloudflare.sendingSubdomains.values()].flat()).toHaveLength(1);

    p.cloudflare.routingAddresses[0]!.verified = "2026-12-01T00:00:00Z";
    p.cloudflare.failNext("POST", /\/challenges\/widgets$/, 503, 10013, "Service unavailable");
    const resumed = await setup(p);
    expect(resumed.out).toContain(
      "4. Mail from the practice's domain…\n   already so: Email Service for clients, Email Routing to the attorney",
    );
    expect(p.cloudflare.routingAddresses).toHaveLength(1);
  });
});

describe("npm run setup -- --preview", () => {
  let p: Project;
  beforeAll(async () => {
    const cloudflare = new CloudflareStandIn({ team: null });
    p = await project({ cloudflare, answers: { previewAccount: cloudflare.accountId } });
    p.github.addRepository(REPOSITORY);
  });
  afterAll(() => close(p));

  it("deploys the preview Worker into its own account with its own resources, and gives CI its token", {
    timeout: WHOLE_RUN_MS,
  }, async () => {
    const run = await setup(p, ["--preview"]);
    expect(run.code, run.out).toBe(0);
    expect([...p.cloudflare.databases.keys()]).toEqual(["creative-law-site-preview"]);
    expect([...p.cloudflare.queues.keys()].sort()).toEqual(["contact-notifications-preview", "contact-notifications-preview-dlq"]);
    expect([...p.cloudflare.scripts.keys()]).toEqual(["creative-law-site-preview"]);
    expect([...p.cloudflare.scripts.get("creative-law-site-preview")!.secrets.keys()]).toEqual(["BACKUP_KEY"]);
    expect(p.cloudflare.customDomains.size).toBe(0);
    expect(p.github.secret(REPOSITORY, "preview", "CLOUDFLARE_PREVIEW_TOKEN")).toBe(p.cloudflare.token);
  });
});

describe("npm run setup -- --dry-run", () => {
  it("prints the whole plan and the token's form, offline, with no answers", () => {
    const root = mkdtempSync(join(tmpdir(), "dry-run-"));
    try {
      cpSync(join(repository, "wrangler.toml"), join(root, "wrangler.toml"));
      const out = execFileSync(process.execPath, [join(repository, "scripts/setup/main.ts"), "--dry-run"], {
        cwd: root,
        encoding: "utf8",
        env: environment({ PATH: process.env.PATH, HOME: root }),
      });
      expect(out).toContain("14. Protect main");
      expect(out).toContain(tokenForm("Meridian site", PERMISSIONS));
      expect(out).toContain("Email Routing takes over the domain's MX records");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the documents the operator follows", () => {
  const read = (file: string) => readFileSync(join(repository, file), "utf8");

  it("docs/operators.md opens with a Launch section of at most ten numbered steps by hand", () => {
    const text = read("docs/operators.md");
    const launch = /\n## Launch\n([\s\S]*?)\n## /.exec(text)?.[1] ?? "";
    expect(text.indexOf("\n## Launch\n")).toBe(text.indexOf("\n## "));
    const steps = [...launch.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1]));
    expect(steps).toEqual(Array.from({ length: steps.length }, (_, index) => index + 1));
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.length).toBeLessThanOrEqual(10);
    expect(launch).toContain("npm run setup");
  });

  it("docs/deploying.md lists each of the token's permissions beside the step that uses it, as the set-up asks for them", () => {
    const table = /### The Cloudflare token\n[\s\S]*?\n(\| permission \|[\s\S]*?)\n\n/.exec(read("docs/deploying.md"))?.[1] ?? "";
    const rows = table
      .split("\n")
      .slice(2)
      .map((row) => row.split("|").map((cell) => cell.trim()));
    const listed = rows.map(([, permission, usedBy]) => ({
      permission,
      usedBy: usedBy?.replace(/^only with Email Routing chosen: /, "").replace(/; CI's deploys$/, ""),
    }));
    expect(listed).toEqual(
      [...PERMISSIONS, ...ROUTING_PERMISSIONS].map((permission) => ({ permission: permission.label, usedBy: permission.usedBy })),
    );
    for (const [, permission, usedBy] of rows)
      expect(usedBy?.endsWith("; CI's deploys"), permission).toBe(
        [...PERMISSIONS, ...ROUTING_PERMISSIONS].find((each) => each.label === permission)!.deploys,
      );
  });
});
