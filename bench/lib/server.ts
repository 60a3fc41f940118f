/**
 * Serves the build with `wrangler dev` for scripts (bench, lighthouse): a free port on 127.0.0.1, its own
 * --persist-to directory, and a clean stop of only the processes it started.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { get as httpsGet } from "node:https";
import { createServer } from "node:net";
import { join } from "node:path";

export const bin = (name: string) => join("node_modules", ".bin", name);

/** Runs a command to completion, returning its output; throws on a non-zero exit. */
export function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface LocalServer {
  readonly origin: string;
  readonly port: number;
  /** Wall time from spawning wrangler dev to the first 200 on `/`. */
  readonly readyMs: number;
  stop(): void;
}

/** Starts `wrangler dev` on the existing build (run `vite build` first) and waits for `/` to answer 200. */
export async function startServer({ persistTo, extraArgs = [] }: { persistTo: string; extraArgs?: string[] }): Promise<LocalServer> {
  rmSync(persistTo, { recursive: true, force: true });
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    bin("wrangler"),
    [
      "dev",
      "--infer-origin-from-routes=false",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      ...extraArgs,
    ],
    { stdio: ["ignore", "pipe", "pipe"], detached: true, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const stop = () => {
    stopProcessGroup(child);
    rmSync(persistTo, { recursive: true, force: true });
  };
  process.on("exit", () => stopProcessGroup(child));
  const protocol = extraArgs.includes("https") ? "https" : "http";
  const origin = `${protocol}://127.0.0.1:${port}`;
  const deadline = started + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited ${child.exitCode}:\n${output}`);
    try {
      if ((await statusOf(`${origin}/`)) === 200) return { origin, port, readyMs: performance.now() - started, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  stop();
  throw new Error(`wrangler dev did not answer within 120 s:\n${output}`);
}

/** Status of a GET; over HTTPS, wrangler dev's self-signed certificate is accepted. */
function statusOf(url: string): Promise<number> {
  if (!url.startsWith("https:"))
    return fetch(url).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });
  return new Promise((resolve, reject) => {
    const request = httpsGet(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
  });
}

/** Stops a process this script spawned detached, with everything it started (wrangler and its workerd). */
function stopProcessGroup(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}
