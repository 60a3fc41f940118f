/**
 * CI's deploy and preview jobs, before any step that holds a token: the built configuration they received as an
 * artifact (dist/worker/wrangler.json, written by a build job that held no secret) may name only the built files
 * and nothing wrangler would run on the runner. A build could otherwise hand the token's job a `build` command,
 * a container to build, or code to bundle. Node's own modules only, so nothing the build wrote is loaded.
 * Usage: node scripts/check-built-config.ts dist/worker/wrangler.json
 */
import { readFileSync } from "node:fs";

/** Why the configuration may not be deployed as it is: one line per problem, none when it may. */
export function builtConfigProblems(config: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const present = (key: string) => config[key] !== undefined && config[key] !== null;
  if (present("build")) problems.push("it has a build command: wrangler would run it beside the token");
  const containers = config.containers;
  if (Array.isArray(containers) ? containers.length > 0 : present("containers"))
    problems.push("it declares containers: wrangler would build their images beside the token");
  if (config.no_bundle !== true) problems.push("it is not marked no_bundle: wrangler would bundle code beside the token");
  if (config.main !== "index.js") problems.push(`its main module is ${JSON.stringify(config.main)}, not the built index.js`);
  const assets = config.assets as { directory?: unknown } | undefined;
  if (assets && assets.directory !== "../client")
    problems.push(`its static files are read from ${JSON.stringify(assets.directory)}, not ../client`);
  for (const database of (config.d1_databases as { binding?: string; migrations_dir?: unknown }[] | undefined) ?? [])
    if (database.migrations_dir !== "../../migrations")
      problems.push(
        `the migrations of ${database.binding ?? "a database"} are read from ${JSON.stringify(database.migrations_dir)}, not ../../migrations`,
      );
  return problems;
}

if (import.meta.main) {
  const file = process.argv[2] ?? "dist/worker/wrangler.json";
  const problems = builtConfigProblems(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
  if (problems.length) {
    console.error(`Not deployed: ${file} is not as the build writes it:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    process.exit(1);
  }
  console.log(`${file} names only the built files.`);
}
