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
import { type LocalServer, bin, run } from "./server.ts";

const BUILT_WORKER = "dist/worker";

/** wrangler's own Miniflare (wrangler pins it), not whichever version another package hoisted. */
export const wranglersMiniflare = () =>
  createRequire(createRequire(import.meta.url).resolve("wrangler"))("miniflare") as typeof import("miniflare");

/** A server of the build in workerd, with the Worker's heap readable when started with `inspector`. */
export interface WorkerdServer extends LocalServer {
  /** A request handed to the Worker directly (no socket): at a loopback URL, the inbox signs in the local developer. */
  dispatchFetch(
    url: string,
    init: { method: string; headers: Record<string, string>; body: string; redirect: "follow" | "manual" },
  ): Promise<{
    status: number;
    text(): Promise<string>;
  }>;
  /**
   * The bytes the Worker's isolate holds now (V8's Runtime.getHeapUsage): its heap and the backing stores of
   * its array buffers (where the page cache's encoded pages are), which count against an isolate's memory too.
   */
  heapUsed(): Promise<number>;
}

/**
 * Starts the build (run `vite build` first) in workerd and waits until it listens; over HTTPS (a self-signed
 * certificate) if asked, as the Lighthouse audits need; with V8's inspector open if asked, to read its heap.
 * With `inbox`, its D1 is migrated and the inbox signs in the local developer on a loopback URL (a key of
 * its own, made here), so that a private link can be made as the attorney makes one (test/support/private-links.ts).
 */
export async function startWorkerd({
  https = false,
  inspector = false,
  inbox = false,
}: {
  https?: boolean;
  inspector?: boolean;
  inbox?: boolean;
} = {}): Promise<WorkerdServer> {
  const { Miniflare, convertV4MiniflareOptions } = wranglersMiniflare();
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(BUILT_WORKER, "wrangler.json"));
  const root = resolve(BUILT_WORKER);
  const modules = readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ type: "ESModule" as const, path: join(root, file) }));
  const persistTo = mkdtempSync(join(tmpdir(), "bench-workerd-"));
  if (inbox) await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  const bindings = inbox
    ? { bindings: { ...(workerOptions.bindings as Record<string, string> | undefined), ADMIN_LOCAL_SIGNING_KEY: await localSigningKey() } }
    : {};
  const started = performance.now();
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      https,
      logRequests: false,
      d1Persist: persistTo,
      // Where wrangler's --persist-to keeps its state (D1 under d1/), which the migrations above wrote.
      ...(inbox ? { resourcePersistencePath: join(persistTo, "v3") } : {}),
      ...(inspector ? { inspectorPort: 0 } : {}),
      // The built modules listed outright: wrangler.json's module rules cannot be carried over to Miniflare 5.
      workers: [{ ...workerOptions, ...bindings, modulesRules: undefined, name: "site", modulesRoot: root, modules }],
    }),
  );
  const url = await miniflare.ready;
  return {
    origin: url.origin,
    port: Number(url.port),
    readyMs: performance.now() - started,
    dispatchFetch: (url, init) => miniflare.dispatchFetch(url, init),
    heapUsed: async () => {
      if (!inspector) throw new Error("start the server with { inspector: true } to read its heap");
      const socket = new WebSocket(new URL("/core:user:site", await miniflare.getInspectorURL()));
      await new Promise((opened, failed) => {
        socket.onopen = opened;
        socket.onerror = failed;
      });
      let nextId = 0;
      const send = (method: string) =>
        new Promise<{ usedSize: number; backingStorageSize: number }>((answered) => {
          const id = ++nextId;
          socket.addEventListener("message", function onMessage(event) {
            const message = JSON.parse(String(event.data)) as { id?: number; result: { usedSize: number; backingStorageSize: number } };
            if (message.id !== id) return;
            socket.removeEventListener("message", onMessage);
            answered(message.result);
          });
          socket.send(JSON.stringify({ id, method }));
        });
      // Without a collection first: workerd's inspector answers nothing more once asked for one.
      const { usedSize, backingStorageSize } = await send("Runtime.getHeapUsage");
      socket.close();
      return usedSize + backingStorageSize;
    },
    stop: () => {
      void miniflare.dispose().finally(() => rmSync(persistTo, { recursive: true, force: true }));
    },
  };
}

/** A private RS256 JWK for the local signer, as scripts/local-secrets.ts writes ADMIN_LOCAL_SIGNING_KEY. */
async function localSigningKey(): Promise<string> {
  const { privateKey } = await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  );
  return JSON.stringify(await crypto.subtle.exportKey("jwk", privateKey));
}
