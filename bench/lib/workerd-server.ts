/**
 * Serves the build in workerd the way Cloudflare runs it: the built Worker and its static assets in one
 * Miniflare instance (the Miniflare wrangler itself runs), without `wrangler dev`'s proxy in front. That proxy
 * is a development tool: it passes every HTML response through an HTMLRewriter to offer live reload (even
 * with live reload off) while static assets and other types pass untouched, so under `wrangler dev` pages pay
 * a cost that production does not and assets do not. The bench measures throughput on both; the Lighthouse
 * audits use this one (bench/lib/lighthouse.ts).
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import type { LocalServer } from "./server.ts";

const BUILT_WORKER = "dist/worker";

/** wrangler's own Miniflare (wrangler pins it), not whichever version another package hoisted. */
export const wranglersMiniflare = () =>
  createRequire(createRequire(import.meta.url).resolve("wrangler"))("miniflare") as typeof import("miniflare");

/**
 * Starts the build (run `vite build` first) in workerd and waits until it listens; over HTTPS (a self-signed
 * certificate) if asked, as the Lighthouse audits need.
 */
export async function startWorkerd({ https = false }: { https?: boolean } = {}): Promise<LocalServer> {
  const { Miniflare, convertV4MiniflareOptions } = wranglersMiniflare();
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(BUILT_WORKER, "wrangler.json"));
  const root = resolve(BUILT_WORKER);
  const modules = readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ type: "ESModule" as const, path: join(root, file) }));
  const persistTo = mkdtempSync(join(tmpdir(), "bench-workerd-"));
  const started = performance.now();
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      https,
      logRequests: false,
      d1Persist: persistTo,
      // The built modules listed outright: wrangler.json's module rules cannot be carried over to Miniflare 5.
      workers: [{ ...workerOptions, modulesRules: undefined, name: "site", modulesRoot: root, modules }],
    }),
  );
  const url = await miniflare.ready;
  return {
    origin: url.origin,
    port: Number(url.port),
    readyMs: performance.now() - started,
    stop: () => {
      void miniflare.dispose().finally(() => rmSync(persistTo, { recursive: true, force: true }));
    },
  };
}
