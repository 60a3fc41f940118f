/**
 * The database's tables, after the deploy has created it (on an empty account it exists only from then): every
 * migration under migrations/ that D1's d1_migrations table does not list, applied with wrangler, in order.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { CloudflareError } from "../cloudflare.ts";
import { workerConfig } from "../config.ts";
import { type Step, kept, made } from "../context.ts";
import { Stop } from "../stop.ts";
import { wrangler } from "../wrangler.ts";

export const migrations: Step = {
  title: "Apply the migrations",
  does: "lists the migrations D1 has applied (d1_migrations) and applies the rest with wrangler d1 migrations apply DB --remote",
  async run(context) {
    const env = context.target === "preview" ? "preview" : "";
    const name = workerConfig(context.root, context.target).databaseName;
    const database = await context.cloudflare.find<{ uuid: string }>(`/accounts/{account}/d1/database/${name}`);
    if (!database)
      throw new Stop(
        `The database ${name} does not exist: the deploy creates it (run again)`,
        `https://dash.cloudflare.com/${context.cloudflare.account}/workers/d1`,
      );
    const files = readdirSync(join(context.root, "migrations")).filter((file) => file.endsWith(".sql"));
    let applied: string[] = [];
    try {
      const [result] = await context.cloudflare.post<{ results: { name: string }[] }[]>(
        `/accounts/{account}/d1/database/${database.uuid}/query`,
        {
          sql: "SELECT name FROM d1_migrations ORDER BY id",
        },
      );
      applied = result?.results.map((row) => row.name) ?? [];
    } catch (error) {
      if (!(error instanceof CloudflareError)) throw error;
    }
    const pending = files.filter((file) => !applied.includes(file));
    if (pending.length === 0) return kept(`${name} has all ${files.length} migrations`);
    const run = await wrangler(
      ["d1", "migrations", "apply", "DB", "--remote", "-c", "wrangler.toml", `--env=${env}`],
      context.root,
      context.env,
    );
    if (run.code !== 0)
      throw new Stop(
        `The migrations failed:\n  ${`${run.stdout}\n${run.stderr}`.trim().split("\n").slice(-12).join("\n  ")}`,
        "docs/operators.md",
      );
    return made(`${pending.length} migration${pending.length > 1 ? "s" : ""} applied to ${name}`);
  },
};
