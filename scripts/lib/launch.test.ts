import { spawnSync } from "node:child_process";
import { copyFileSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { project } from "../../build/content/test-project.ts";
import { writeBuildStamp } from "../../build/content/build-stamp.ts";
import { CloudflareStandIn, workerOf } from "../setup/stand-ins/cloudflare-api.ts";
import { buildToReplace, isReservedDomain, launchItems, settingsToReplace } from "./launch.ts";
import { secretsToSet } from "./launch-secrets.ts";
import { servicesToConfigure } from "./launch-settings.ts";

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
  it("pass when they name real domains and a real database, or a database by name only", () => {
    expect(settingsToReplace(live, database)).toEqual([]);
    expect(settingsToReplace(live, [{ binding: "DB" }])).toEqual([]);
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

describe("the services production runs with", () => {
  const configured = {
    ...live,
    ACCESS_TEAM_DOMAIN: "https://studio.cloudflareaccess.com",
    ACCESS_AUD: "aud",
    ADMIN_EMAILS: "attorney@studio-law.com",
    CMS_GITHUB_REPO: "studio/site",
    CMS_GITHUB_APP_CLIENT_ID: "Iv23li",
    CMS_GITHUB_APP_INSTALLATION_ID: "1",
    CLIENT_MAIL_FROM: "office@studio-law.com",
    ADMIN_LOCAL_SIGNING_KEY: "",
  };
  const domain = [{ pattern: "studio-law.com", custom_domain: true }];

  it("pass when the inbox, the editor, mail and the domain are set", () => {
    expect(servicesToConfigure(configured, domain)).toEqual([]);
  });

  it.each([
    ["the inbox's Access application", { ACCESS_AUD: "" }, domain, "ACCESS_AUD empty"],
    ["the editor's App", { CMS_GITHUB_APP_INSTALLATION_ID: "" }, domain, "CMS_GITHUB_APP_INSTALLATION_ID empty"],
    ["mail to clients", { CLIENT_MAIL_FROM: "" }, domain, "CLIENT_MAIL_FROM is empty"],
    [
      "a sender off the site's domain",
      { NOTIFY_FROM: "website@gmail.com" },
      domain,
      'NOTIFY_FROM "website@gmail.com" is not on the site\'s domain',
    ],
    ["the Custom Domain", {}, [{ pattern: "old-site.com", custom_domain: true }], "routes has no Custom Domain for studio-law.com"],
    ["a local sign-in key", { ADMIN_LOCAL_SIGNING_KEY: "{}" }, domain, "ADMIN_LOCAL_SIGNING_KEY is set"],
  ])("name %s when it is missing", (_what, change, routes, text) => {
    const items = servicesToConfigure({ ...configured, ...change }, routes);
    expect(items.map((item) => item.text)).toEqual([expect.stringContaining(text)]);
  });
});

describe("the required secrets", () => {
  it("are named when the Worker lacks them, and only then, when Cloudflare can be asked", async () => {
    const cloudflare = new CloudflareStandIn();
    await cloudflare.listen();
    try {
      const env = {
        CLOUDFLARE_API_TOKEN: cloudflare.token,
        CLOUDFLARE_ACCOUNT_ID: cloudflare.accountId,
        CLOUDFLARE_API_BASE_URL: cloudflare.base,
      };
      expect((await secretsToSet("site", ["BACKUP_KEY"], env)).note).toContain("not deployed yet");
      cloudflare.scripts.set("site", { ...workerOf(cloudflare), secrets: new Map([["BACKUP_KEY", "k"]]) });
      expect(await secretsToSet("site", ["BACKUP_KEY", "ATTORNEY_CALENDAR_URL"], env)).toEqual({
        items: [{ where: "the Worker's secrets", text: expect.stringContaining("ATTORNEY_CALENDAR_URL is not set on site") }],
      });
      expect((await secretsToSet("site", ["BACKUP_KEY"], {})).note).toContain("set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID");
    } finally {
      await cloudflare.close();
    }
  });
});

describe("npm run launch-check", () => {
  const run = (root: string) =>
    spawnSync(process.execPath, [resolve("scripts/launch-check.ts")], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, CLOUDFLARE_API_TOKEN: "", CLOUDFLARE_ACCOUNT_ID: "" },
    });

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
    for (const setting of ["SITE_ORIGIN", "NOTIFY_FROM", "NOTIFY_TO", "ACCESS_AUD", "CMS_GITHUB_APP_CLIENT_ID", "CLIENT_MAIL_FROM"])
      expect(result.stderr).toContain(setting);
    expect(result.stderr).toContain('see "Before launch" in docs/operators.md');
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
        .replace(/^TURNSTILE_SITE_KEY = ""/m, 'TURNSTILE_SITE_KEY = "0x4AAAAAAADnPIDROrmt1Wwj"')
        .replace(/^ACCESS_TEAM_DOMAIN = ""/m, 'ACCESS_TEAM_DOMAIN = "https://studio.cloudflareaccess.com"')
        .replace(/^ACCESS_AUD = ""/m, 'ACCESS_AUD = "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2"')
        .replace(/^ADMIN_EMAILS = ""/m, 'ADMIN_EMAILS = "attorney@studio-law.com"')
        .replace(/^CMS_GITHUB_REPO = ""/m, 'CMS_GITHUB_REPO = "studio/site"')
        .replace(/^CMS_GITHUB_APP_CLIENT_ID = ""/m, 'CMS_GITHUB_APP_CLIENT_ID = "Iv23liStudio"')
        .replace(/^CMS_GITHUB_APP_INSTALLATION_ID = ""/m, 'CMS_GITHUB_APP_INSTALLATION_ID = "12345678"')
        .replace(/^CLIENT_MAIL_FROM = ""/m, 'CLIENT_MAIL_FROM = "office@studio-law.com"'),
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
