/**
 * `npm run restore -- <backup> [--into <folder>] [--remote <database>]`: reads the nightly backup named (its
 * run, like 2026-11-28T10-00-00Z) from the local R2 bucket `npm start` keeps under .wrangler/state, checks
 * every file's SHA-256, key and row count before anything is written (a damaged or foreign backup is refused,
 * with the reason), and loads it into a new local D1 database in <folder> (.wrangler/restore/<backup> unless
 * given), migrated first. Serve it with `npm run serve:local -- --persist-to <folder>`.
 *
 * With `--remote <database>`, the restored rows then go to that D1 database on Cloudflare: exported from the
 * local copy as SQL (`wrangler d1 export --no-schema`) and executed there (`wrangler d1 execute --remote`);
 * that database must be migrated and hold no rows of its own. The key is BACKUP_KEY, from the environment or
 * .dev.vars (docs/operators.md, "Backups").
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { RUN_NAME } from "../src/queue/backup/manifest.ts";
import { BackupRefused, checkBackup, loadBackup } from "../src/queue/backup/restore.ts";
import { backupKey } from "../src/queue/backup/seal.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { into: { type: "string" }, remote: { type: "string" } },
});
const [run] = positionals;
if (!run || !RUN_NAME.test(run)) {
  console.error("Usage: npm run restore -- <backup, like 2026-11-28T10-00-00Z> [--into <folder>] [--remote <database>]");
  process.exit(2);
}
const into = values.into ?? join(".wrangler", "restore", run);
if (existsSync(into) && readdirSync(into).length > 0) {
  console.error(`${into} is not empty: restore into a new folder (--into).`);
  process.exit(1);
}

const wrangler = (...args: string[]) => execFileSync("npx", ["wrangler", ...args], { stdio: ["ignore", "inherit", "inherit"] });

// The backups, as `npm start` keeps them.
const source = await getPlatformProxy<{ BACKUPS: R2Bucket; BACKUP_KEY?: string }>({ configPath: "wrangler.toml", remoteBindings: false });
try {
  const key = await backupKey(process.env.BACKUP_KEY ?? source.env.BACKUP_KEY);
  const manifest = await checkBackup(source.env.BACKUPS, run, key);
  console.log(
    `Backup ${run} checked: ${manifest.tables.map((table) => `${table.name} ${table.rows}`).join(", ")} (migration ${manifest.migration}).`,
  );
  const migrations = readdirSync("migrations").filter((name) => name.endsWith(".sql"));
  if (!migrations.includes(manifest.migration) && !migrations.includes(`${manifest.migration}.sql`))
    throw new BackupRefused(
      `it was made at migration ${manifest.migration}, which this checkout does not have: restore with the code it was made by`,
    );
  wrangler("d1", "migrations", "apply", "DB", "--local", "--persist-to", into);
  const target = await getPlatformProxy<{ DB: D1Database }>({
    configPath: "wrangler.toml",
    persist: { path: join(into, "v3") },
    remoteBindings: false,
  });
  try {
    const rows = await loadBackup(source.env.BACKUPS, manifest, key, target.env.DB);
    console.log(`Restored ${rows} rows into ${into}: npm run serve:local -- --persist-to ${into}`);
  } finally {
    await target.dispose();
  }
  if (values.remote) {
    const sql = join(into, `${run}.sql`);
    wrangler("d1", "export", "DB", "--local", "--persist-to", into, "--no-schema", "--output", sql);
    wrangler("d1", "execute", values.remote, "--remote", "--file", sql);
    console.log(`Restored ${run} into the D1 database ${values.remote} on Cloudflare.`);
  }
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(`Refused: ${error.message}`);
  process.exitCode = 1;
} finally {
  await source.dispose();
}
