/**
 * The two local servers the browser tests run against, both serving the same build with a fresh local D1:
 * `site`, the plain build as `npm start` serves it, and `faults`, the build behind the fault shim
 * (scripts/reliability/fault-worker.ts), for the inbox's test, which needs a notification that fails.
 * `E2E_PORT` moves both (faults takes the next port).
 */
const port = Number(process.env.E2E_PORT ?? 8788);

const server = (at: number, script: string) => ({ port: at, url: `http://localhost:${at}`, script });

export const servers = {
  site: server(port, "serve:local"),
  faults: server(port + 1, "serve:faults"),
};
