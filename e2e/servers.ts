/**
 * The two local servers the browser tests run against, both serving the same build with a fresh local D1:
 * `site`, the plain build as `npm start` serves it, and `faults`, the build behind the fault shim
 * (test/support/fault-worker.ts), for the inbox's test, which needs a notification that fails.
 * `E2E_PORT` moves them (faults takes the next port; the editor's test starts a `vite dev` on the one after).
 */
const port = Number(process.env.E2E_PORT ?? 8788);

const server = (at: number, script: string) => ({ port: at, url: `http://localhost:${at}`, script });

export const servers = {
  site: server(port, "serve:local"),
  faults: server(port + 1, "serve:faults"),
};

/** The port of the `vite dev` the browser editor's test starts for itself. */
export const editorDevPort = port + 2;
