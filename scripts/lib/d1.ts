/**
 * The site's D1 database in Node, for scripts that run the data functions of src/db: wrangler's
 * getPlatformProxy with the D1 binding of wrangler.toml and nothing else. Local by default (the state
 * directory `npm start` uses, or `persistTo`), or the production database through wrangler's remote
 * bindings (needs `wrangler login`).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { type Database, database } from "../../src/db/client.ts";

export interface OpenDatabase {
  readonly db: Database;
  /** The raw binding, for statements the data layer has no function for (seeding, EXPLAIN). */
  readonly d1: D1Database;
  close(): Promise<void>;
}

/** A wrangler configuration holding only wrangler.toml's DB binding, marked remote or not. */
function databaseOnlyConfig(remote: boolean): string {
  const config = unstable_readConfig({ config: "wrangler.toml" });
  const binding = config.d1_databases.find((d1: { binding: string }) => d1.binding === "DB");
  if (!binding) throw new Error("wrangler.toml has no D1 binding named DB");
  const path = resolve(".wrangler/tmp/d1-only.wrangler.json");
  mkdirSync(dirname(path), { recursive: true });
  const { database_name, database_id } = binding;
  writeFileSync(
    path,
    JSON.stringify({
      name: `${config.name}-scripts`,
      compatibility_date: config.compatibility_date,
      d1_databases: [{ binding: "DB", database_name, database_id, remote }],
    }),
  );
  return path;
}

export async function openDatabase({
  remote = false,
  persistTo = ".wrangler/state",
}: {
  remote?: boolean;
  persistTo?: string;
} = {}): Promise<OpenDatabase> {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: databaseOnlyConfig(remote),
    persist: { path: resolve(persistTo, "v3") },
    remoteBindings: remote,
  });
  return { db: database(proxy.env.DB), d1: proxy.env.DB, close: () => proxy.dispose() };
}
