/**
 * wrangler, run as the project's own copy (node_modules/wrangler) on the Node that runs this script, against the
 * account named by CLOUDFLARE_ACCOUNT_ID with CLOUDFLARE_API_TOKEN (and CLOUDFLARE_API_BASE_URL, when a test
 * points it at a stand-in). Never through a shell, never interactive.
 */
import { type ExecFileException, execFile } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface WranglerRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

const bin = () => join(dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "bin", "wrangler.js");

/** Runs `wrangler <args>` in `cwd`; resolves with its exit code and output, whatever the code. */
export function wrangler(args: readonly string[], cwd: string, env: Readonly<Record<string, string | undefined>>): Promise<WranglerRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin(), ...args],
      {
        cwd,
        encoding: "utf8",
        env: Object.assign({} as NodeJS.ProcessEnv, env, { CI: "true", WRANGLER_SEND_METRICS: "false", NO_COLOR: "1", FORCE_COLOR: "0" }),
        maxBuffer: 64 * 1024 * 1024,
      },
      (error: ExecFileException | null, stdout: string, stderr: string) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
