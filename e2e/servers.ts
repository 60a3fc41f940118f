/**
 * The two local servers the browser tests run against, both serving the same build with a fresh local D1:
 * `site`, the plain build as `npm start` serves it, and `faults`, the build behind the fault shim
 * (test/support/fault-worker.ts), for the inbox's test, which needs a notification that fails.
 * `E2E_PORT` moves them (faults takes the next port; the editor's tests start a `vite dev` on the one after,
 * and a site connected to a stand-in for GitHub on the two after that).
 * Each wrangler is given its own DevTools port, 1,000 above its own (package.json's `start:e2e`): left to
 * itself, wrangler takes 9229 when it is free, and two servers started in the same second (these, and the
 * reliability run's beside them in `npm test`) could both find it free, and one fail to bind it.
 */
const port = Number(process.env.E2E_PORT ?? 8788);

const server = (at: number, script: string) => ({ port: at, url: `http://localhost:${at}`, script });

export const servers = {
  site: server(port, "serve:local"),
  faults: server(port + 1, "serve:faults"),
};

/** The port of the `vite dev` the browser editor's test starts for itself. */
export const editorDevPort = port + 2;

/**
 * The ports of the built site connected to a GitHub App that the editor's GitHub test starts for itself
 * (e2e/github-site.ts), and of the stand-in for GitHub it talks to.
 */
export const editorGithubPorts = { site: port + 3, stub: port + 4 };
