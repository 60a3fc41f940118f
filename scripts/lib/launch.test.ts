import { spawnSync } from "node:child_process";
import { copyFileSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { project } from "../../build/content/test-project.ts";
import { writeBuildStamp } from "../../build/content/build-stamp.ts";
import { buildToReplace, isReservedDomain, launchItems, settingsToReplace } from "./launch.ts";

const live = { SITE_ORIGIN: "https://studio-law.com", NOTIFY_FROM: "website@studio-law.com", NOTIFY_TO: "inbox@studio-law.com" };
const database = [{ binding: "DB", database_id: "4f6c8a2e-91b3-4d57-a0e6-2c8b1d9f7e35" }];

describe("reserved domains", () => {
  it.each(["meridian-creative-law.example", "example.com", "www.example.org", "site.test", "x.invalid", "localhost", "printer.local"])(
    "%s is one",
    (host) => {
      expect(isReservedDomain(host)).toBe(true);
    },
  );
  it.each(["studio-law.com", "example-law.com", "examples.org", "law.example.co"])("%s is not", (host) => {
    expect(isReservedDomain(host)).toBe(false);
  });
});

describe("production settings", () => {
  it("pass when they name real domains and a real database", () => {
    expect(settingsToReplace(live, database)).toEqual([]);
  });

  it("are listed while the origin, either address or the database id is a placeholder", () => {
    const items = settingsToReplace(
      { SITE_ORIGIN: "https://meridian-creative-law.example", NOTIFY_FROM: "website@example.com", NOTIFY_TO: "nobody" },
      [{ binding: "DB", database_id: "00000000-0000-4000-8000-000000000000" }],
    );
    expect(items.map((item) => item.text.split(" ")[0])).toEqual(["SITE_ORIGIN", "NOTIFY_FROM", "NOTIFY_TO", "database_id"]);
    expect(items.every((item) => item.where === "wrangler.toml")).toBe(true);
  });
});

describe("npm run launch-check", () => {
  const run = (root: string) => spawnSync(process.execPath, [resolve("scripts/launch-check.ts")], { cwd: root, encoding: "utf8" });

  it("lists every placeholder under content/, by file and field or line, and every example setting, and fails", () => {
    const root = project();
    copyFileSync("wrangler.toml", join(root, "wrangler.toml"));
    const result = run(root);
    const items = launchItems({ root });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Not ready to launch: ${items.length} things to replace first.`);
    expect(result.stderr).toContain('content/site.yaml:\n  - practiceName (the practice\'s name): "Meridian Creative Law"');
    expect(result.stderr).toContain('  - careerHighlights.items[5].year (the year): "2017"');
    expect(result.stderr).toMatch(/ {2}- the text, line \d+: "Jordan advises artists/);
    for (const setting of ["SITE_ORIGIN", "NOTIFY_FROM", "NOTIFY_TO", "database_id"]) expect(result.stderr).toContain(setting);
    expect(result.stderr).toContain("TURNSTILE_SITE_KEY is empty");
    expect(result.stderr).toContain("wrangler secret put TURNSTILE_SECRET_KEY");
  });

  it("passes once every placeholder is replaced and every setting is live", () => {
    const root = project();
    // Every text file of the content, whichever hold placeholders today.
    for (const file of readdirSync(join(root, "content"), { recursive: true, encoding: "utf8" }).filter((name) =>
      /\.(ya?ml|md)$/.test(name),
    )) {
      const path = join(root, "content", file);
      writeFileSync(path, readFileSync(path, "utf8").replace(/placeholder\(([^()]*(?:\([^()]*\))?[^()]*)\)/g, "$1"));
    }
    writeFileSync(
      join(root, "wrangler.toml"),
      readFileSync("wrangler.toml", "utf8")
        .replaceAll("meridian-creative-law.example", "studio-law.com")
        .replaceAll(/database_id = "[^"]*"/g, 'database_id = "4f6c8a2e-91b3-4d57-a0e6-2c8b1d9f7e35"')
        .replace(/^TURNSTILE_SITE_KEY = ""/m, 'TURNSTILE_SITE_KEY = "0x4AAAAAAADnPIDROrmt1Wwj"'),
    );
    const result = run(root);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("refuses a build made with drafts, or from another folder than content/, naming how to build again", () => {
    const root = project();
    expect(buildToReplace(root)).toEqual([]);
    writeBuildStamp(root, { drafts: false, contentDir: "content" });
    expect(buildToReplace(root)).toEqual([]);
    writeBuildStamp(root, { drafts: true, contentDir: "content" });
    expect(buildToReplace(root).map((item) => item.text)).toEqual([
      expect.stringMatching(/^made with CONTENT_DRAFTS=include, so it shows drafts/),
    ]);
    copyFileSync("wrangler.toml", join(root, "wrangler.toml"));
    expect(launchItems({ root })).toContainEqual(buildToReplace(root)[0]);
    writeBuildStamp(root, { drafts: false, contentDir: "test/fixtures/seed-content" });
    expect(buildToReplace(root).map((item) => item.text)).toEqual([
      expect.stringMatching(/^made from test\/fixtures\/seed-content\/ \(CONTENT_DIR\)/),
    ]);
  });

  it("runs in npm run deploy on the build, before wrangler deploy", () => {
    const deploy = JSON.parse(readFileSync("package.json", "utf8")).scripts.deploy as string;
    expect(deploy).toMatch(/^npm run build && npm run launch-check && wrangler deploy$/);
  });
});
