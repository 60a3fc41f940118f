/**
 * An HTTP/2 front for the local server (which speaks only HTTP/1.1), for the Lighthouse audits: browsers reach
 * a Cloudflare site over HTTP/2 or HTTP/3, one connection for the page and its fonts, while over HTTP/1.1
 * Lighthouse's simulation gives each parallel request a connection of its own, with its own TCP and TLS
 * handshakes on the throttled network. Requests and responses pass through unchanged (bodies stay
 * compressed as the Worker's server sent them); the certificate is a throw-away self-signed one.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type IncomingHttpHeaders, createSecureServer } from "node:http2";
import { Agent, request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./server.ts";
import { listenLocally, relay } from "./relay.ts";

export interface Http2Front {
  readonly port: number;
  stop(): void;
}

/** Headers HTTP/2 forbids or that belong to one hop. */
const hopByHop = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "http2-settings", "host"]);

const passable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(":") && !hopByHop.has(name)));

/** Listens on a free port of 127.0.0.1 and forwards every request to the HTTPS server on `upstreamPort`. */
export async function startHttp2Front(upstreamPort: number): Promise<Http2Front> {
  const dir = mkdtempSync(join(tmpdir(), "http2-front-"));
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    key,
    "-out",
    cert,
    "-days",
    "1",
    "-subj",
    "/CN=localhost",
  ]);
  // Connections to the server are kept and reused: at Cloudflare the Worker runs where the visitor's TLS ends,
  // so a handshake per request here would be server time production does not have (the simulation counts it).
  const agent = new Agent({ keepAlive: true, rejectUnauthorized: false });
  const server = createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true }, (incoming, outgoing) => {
    const headers = { ...passable(incoming.headers), host: incoming.authority ?? incoming.headers.host };
    const upstream = request(
      { host: "127.0.0.1", port: upstreamPort, method: incoming.method, path: incoming.url, headers, agent },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, passable(response.headers));
        response.pipe(outgoing);
      },
    );
    relay(incoming, upstream, outgoing);
  });
  const port = await listenLocally(server);
  return {
    port,
    stop() {
      server.close();
      agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
