import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import type { Code, InlineCode, Root } from "mdast";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { type WorkflowStep, readWorkflow, runJob } from "./lib/workflow.ts";

/*
 * What the CI workflow (.github/workflows/ci.yml) promises docs/deploying.md and docs/security.md: which
 * steps see a Cloudflare token, what the jobs that hold one install, what gates a deploy, and how the
 * failure report quotes what a push wrote. The editor check's job is run in check-editor-push.test.ts.
 */

const workflow = readWorkflow();
const jobs = Object.entries(workflow.jobs);
const SECRET = /\$\{\{[^}]*\bsecrets\./;
const CLOUDFLARE_SECRET = /\$\{\{\s*secrets\.CLOUDFLARE_/;

/** The commands that act on Cloudflare with a token: wrangler itself, never an npm script of the push. */
const WRANGLER_WITH_TOKEN = /^npx wrangler (?:d1 migrations apply DB --remote|deploy|versions upload)(?: |$)/;

/** A file of this repository and every file of it that it imports, however deep (Node's own modules aside). */
function importsOf(path: string, found = new Set<string>()): string[] {
  found.add(path);
  const source = readFileSync(join(import.meta.dirname, "..", path), "utf8");
  for (const [, target] of source.matchAll(/^import [^;]*?from "(\.{1,2}\/[^"]+)";$/gms)) {
    const file = relative(join(import.meta.dirname, ".."), join(import.meta.dirname, "..", dirname(path), target!));
    if (!found.has(file)) importsOf(file, found);
  }
  return [...found];
}

const sees = (step: WorkflowStep, pattern: RegExp) => Object.values(step.env ?? {}).some((value) => pattern.test(value));

describe("the CI workflow", () => {
  it("hands a Cloudflare token only to the wrangler steps of the jobs that deploy", () => {
    expect(JSON.stringify(workflow.env ?? {})).not.toMatch(SECRET);
    const holders: string[] = [];
    for (const [name, job] of jobs) {
      expect(JSON.stringify(job.env ?? {}), name).not.toMatch(SECRET);
      for (const step of job.steps) {
        expect(step.run ?? "", `${name}: a secret written into a script`).not.toMatch(SECRET);
        if (!sees(step, CLOUDFLARE_SECRET)) continue;
        expect(step.run ?? step.uses, `${name} hands a Cloudflare token to`).toMatch(WRANGLER_WITH_TOKEN);
        holders.push(`${name}: ${step.run!.split(" ").slice(0, 3).join(" ")}`);
      }
    }
    expect(holders).toEqual([
      "deploy: npx wrangler d1",
      "deploy: npx wrangler deploy",
      "preview: npx wrangler d1",
      "preview: npx wrangler versions",
    ]);
  });

  it("installs exactly the lockfile, without install scripts, in the jobs that hold a token", () => {
    for (const [name, job] of jobs.filter(([, job]) => job.environment)) {
      const installs = job.steps.filter((step) => /\bnpm (?:ci|install|i)\b/.test(step.run ?? ""));
      expect(
        installs.map((step) => step.run),
        name,
      ).toEqual(["npm ci --ignore-scripts --no-audit --no-fund"]);
      // The build and the launch check run before any step that sees the token.
      const firstHolder = job.steps.findIndex((step) => sees(step, CLOUDFLARE_SECRET));
      const build = job.steps.findIndex((step) => step.run === "npm run build");
      expect(build, name).toBeGreaterThan(-1);
      expect(build, name).toBeLessThan(firstHolder);
    }
    const deploy = workflow.jobs.deploy!.steps.map((step) => step.run);
    expect(deploy.indexOf("npm run launch-check")).toBeGreaterThan(deploy.indexOf("npm run build"));
    expect(deploy.indexOf("npm run launch-check")).toBeLessThan(deploy.indexOf("npx wrangler d1 migrations apply DB --remote"));
  });

  it("deploys and previews only after the tests and the editor check", () => {
    for (const name of ["deploy", "preview"]) expect([workflow.jobs[name]!.needs].flat().sort(), name).toEqual(["editor-check", "test"]);
  });

  it("runs the editor check from the copy it takes of the trusted commit: the check and all it imports", () => {
    const steps = workflow.jobs["editor-check"]!.steps;
    const check = steps.find((step) => step.name === "Editor commits change content/ only");
    expect(check?.run).toMatch(/^node "\$RUNNER_TEMP\/trusted-check\/scripts\/check-editor-push\.ts" /);
    const taken = /git archive "\$commit" ([^|]+)\|/
      .exec(steps.find((step) => step.id === "trusted")?.run ?? "")?.[1]
      ?.trim()
      .split(" ");
    expect(taken?.sort()).toEqual(importsOf("scripts/check-editor-push.ts").sort());
  });
});

describe("the failure report", () => {
  /** Runs the report job with `gh` standing in: the body as it would be created. */
  async function reportBody(message: string, problems: string) {
    const bin = mkdtempSync(join(tmpdir(), "gh-"));
    try {
      const gh = join(bin, "gh");
      writeFileSync(gh, `#!/usr/bin/env bash\nwhile [ $# -gt 0 ]; do [ "$1" = --body ] && printf '%s' "$2" > "${bin}/body"; shift; done\n`);
      chmodSync(gh, 0o755);
      const [step] = await runJob(workflow.jobs.report!, {
        cwd: bin,
        env: { PATH: `${bin}:${process.env.PATH}`, GITHUB_REPOSITORY: "meridian/site" },
        expressions: {
          "github.token": "t0k",
          "github.sha": "a".repeat(40),
          "github.event.head_commit.message": message,
          "github.actor": "meridian-site-editor[bot]",
          "github.server_url": "https://github.com",
          "github.repository": "meridian/site",
          "github.run_id": "1",
          "needs.test.outputs.content-problems": problems,
        },
      });
      expect(step?.status, step?.stderr).toBe(0);
      return readFileSync(join(bin, "body"), "utf8");
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  }

  const nodes = (markdown: string) => {
    const tree = unified().use(remarkParse).parse(markdown) as Root;
    const found: { code: string[]; inline: string[]; types: string[] } = { code: [], inline: [], types: [] };
    visit(tree, (node) => {
      found.types.push(node.type);
      if (node.type === "code") found.code.push((node as Code).value);
      if (node.type === "inlineCode") found.inline.push((node as InlineCode).value);
    });
    return found;
  };

  it("quotes the content check's lines whole, whatever backticks a value holds", async () => {
    const problems = [
      'content/site.yaml:3: name: "```\\n# Heading\\n[link](https://evil.example)" is too long',
      "content/articles/a.md:1: title: ````` @someone ``` <b>bold</b>",
    ].join("\n");
    const body = await reportBody("Update “A” ``` @someone", problems);
    const found = nodes(body);
    expect(found.code).toEqual([problems]);
    expect(found.inline).toEqual(["Update “A” ``` @someone"]);
    expect(found.types).not.toContain("link");
    expect(found.types).not.toContain("heading");
    expect(body.trimEnd().endsWith("Correct these fields (in the browser editor, or the files) and save again.")).toBe(true);
  });

  it("names the commit's headline alone, as code, when the check found nothing to quote", async () => {
    const body = await reportBody("Save `x`\n\nCo-authored-by: someone <s@example.com>", "");
    expect(nodes(body).inline).toEqual(["Save `x`"]);
    expect(body).not.toContain("Co-authored-by");
  });
});
