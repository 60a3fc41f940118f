/**
 * A stand-in for `npm run build` in a copy of the project, for the set-up's tests: what the Vite plugin writes
 * for wrangler (dist/worker/wrangler.json, the configuration of wrangler.toml for the chosen environment with
 * the built module and the static files' folder, and .wrangler/deploy/config.json pointing at it), around a
 * one-line Worker and one static file instead of the site, so that a deploy uploads a few bytes. The bindings,
 * routes, triggers and required secrets are wrangler.toml's own.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { unstable_readConfig } from "wrangler";

export function writeBuiltSite(root: string, env?: string) {
  const config = unstable_readConfig({ config: join(root, "wrangler.toml"), env }) as unknown as Record<string, unknown> & {
    d1_databases: { migrations_dir?: string }[];
    assets?: Record<string, unknown>;
  };
  const built = {
    ...config,
    main: "index.js",
    no_bundle: true,
    rules: [{ type: "ESModule", globs: ["**/*.js", "**/*.mjs"] }],
    assets: { ...config.assets, directory: "../client" },
    d1_databases: config.d1_databases.map((database) => ({ ...database, migrations_dir: "../../migrations" })),
  };
  mkdirSync(join(root, "dist", "worker"), { recursive: true });
  mkdirSync(join(root, "dist", "client"), { recursive: true });
  mkdirSync(join(root, ".wrangler", "deploy"), { recursive: true });
  writeFileSync(join(root, "dist", "worker", "wrangler.json"), JSON.stringify(built, null, 2));
  writeFileSync(
    join(root, "dist", "worker", "index.js"),
    'export default { fetch() { return new Response("ok"); }, queue() {}, scheduled() {} };\n',
  );
  writeFileSync(join(root, "dist", "client", "index.html"), "<!doctype html><title>Site</title>\n");
  writeFileSync(
    join(root, ".wrangler", "deploy", "config.json"),
    JSON.stringify({ configPath: "../../dist/worker/wrangler.json", auxiliaryWorkers: [] }),
  );
}

// A script of its own too: the copy's `npm run build` (scripts/setup/setup.test.ts), with CLOUDFLARE_ENV as the build takes it.
if (import.meta.main) writeBuiltSite(process.cwd(), process.env.CLOUDFLARE_ENV || undefined);
