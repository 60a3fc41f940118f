import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeBuiltSite } from "./stand-ins/built-site.ts";
import { CloudflareStandIn } from "./stand-ins/cloudflare-api.ts";
import { wrangler } from "./wrangler.ts";

/*
 * wrangler.toml as it is, built and deployed with a plain `wrangler deploy` into an empty account (Cloudflare's
 * API stood in for, wrangler itself real): every resource the Worker binds is created by the deploy, none by
 * hand, and a deploy that would leave a required secret unset is refused.
 */

const repository = join(import.meta.dirname, "..", "..");
const SECRETS =
  "TURNSTILE_SECRET_KEY=a\nBACKUP_KEY=b\nCMS_GITHUB_APP_PRIVATE_KEY=c\nATTORNEY_CALENDAR_URL=https://calendar.example/busy.ics\n";

let root: string;
let cloudflare: CloudflareStandIn;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), "empty-account-"));
  cpSync(join(repository, "wrangler.toml"), join(root, "wrangler.toml"));
  cpSync(join(repository, "migrations"), join(root, "migrations"), { recursive: true });
  writeBuiltSite(root);
  cloudflare = new CloudflareStandIn({ zones: ["meridian-creative-law.example"] });
  await cloudflare.listen();
});

afterEach(async () => {
  await cloudflare.close();
  rmSync(root, { recursive: true, force: true });
});

const env = () => ({
  PATH: process.env.PATH,
  HOME: root,
  CLOUDFLARE_API_BASE_URL: cloudflare.base,
  CLOUDFLARE_ACCOUNT_ID: cloudflare.accountId,
  CLOUDFLARE_API_TOKEN: cloudflare.token,
});

describe("a plain wrangler deploy into an empty account", () => {
  it("creates the database, both queues and both buckets by name, attaches the domain, and the migrations apply", async () => {
    writeFileSync(join(root, "secrets.env"), SECRETS);
    const deploy = await wrangler(["deploy", "--secrets-file", "secrets.env"], root, env());
    expect(deploy.code, deploy.stderr).toBe(0);
    expect([...cloudflare.databases.keys()]).toEqual(["creative-law-site"]);
    expect([...cloudflare.queues.keys()].sort()).toEqual(["contact-notifications", "contact-notifications-dlq"]);
    expect([...cloudflare.buckets.keys()].sort()).toEqual(["creative-law-site-backups", "creative-law-site-records"]);
    expect([...cloudflare.customDomains.keys()]).toEqual(["meridian-creative-law.example"]);
    const worker = cloudflare.scripts.get("creative-law-site")!;
    expect([...worker.secrets.keys()].sort()).toEqual([
      "ATTORNEY_CALENDAR_URL",
      "BACKUP_KEY",
      "CMS_GITHUB_APP_PRIVATE_KEY",
      "TURNSTILE_SECRET_KEY",
    ]);
    expect(worker.schedules.map((schedule) => schedule.cron)).toEqual(["*/10 * * * *", "0 16 * * 1", "0 10 * * *"]);
    const consumed = [...cloudflare.queues.values()].flatMap((queue) => queue.consumers.map(() => queue.queue_name));
    expect(consumed.sort()).toEqual(["contact-notifications", "contact-notifications-dlq"]);

    const migrate = await wrangler(["d1", "migrations", "apply", "DB", "--remote"], root, env());
    expect(migrate.code, migrate.stderr).toBe(0);
    const tables = cloudflare.databases
      .get("creative-law-site")!
      .sql.prepare("select name from sqlite_master where type = 'table' and name = 'contact_submissions'")
      .all();
    expect(tables).toHaveLength(1);
  });

  it("is refused while a required secret is missing, and leaves no Worker behind", async () => {
    writeFileSync(join(root, "secrets.env"), SECRETS.replace(/^BACKUP_KEY=.*\n/m, ""));
    const deploy = await wrangler(["deploy", "--secrets-file", "secrets.env"], root, env());
    expect(deploy.code).not.toBe(0);
    expect(deploy.stderr + deploy.stdout).toContain("The following required secrets have not been set: BACKUP_KEY");
    expect(cloudflare.scripts.size).toBe(0);
  });
});
