/**
 * An HTTP front for the local server that compresses with gzip, when the browser accepts it, what Cloudflare's
 * edge compresses (HTML, CSS, JavaScript, JSON, XML, SVG) and the local server sent uncompressed: over a slow
 * link (bench/lib/throttled-link.ts) a page's uncompressed HTML takes four times as long to arrive as
 * visitors' does. Optionally it takes the speculation rules out of every page, to measure the same pages
 * without them.
 */
import { type IncomingMessage, type OutgoingHttpHeaders, Agent, createServer, request } from "node:http";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { createGzip } from "node:zlib";
import { listenLocally, relay } from "./relay.ts";

const COMPRESSED_TYPES = /^(text\/|application\/(json|javascript|xml|atom\+xml)|image\/svg\+xml)/;

/** The page's `<script type="speculationrules">` (src/seo/speculation-rules.ts). */
const SPECULATION_RULES_ELEMENT = /<script type="speculationrules">[\s\S]*?<\/script>/g;

/** Headers that belong to one hop, or that a recompressed body makes wrong. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "content-length"]);

export interface CompressingFront {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startCompressingFront(
  upstreamPort: number,
  { withoutSpeculationRules = false }: { withoutSpeculationRules?: boolean } = {},
): Promise<CompressingFront> {
  const agent = new Agent({ keepAlive: true });
  const server = createServer((incoming, outgoing) => {
    // Pages whose rules are to go are asked for uncompressed, to be edited as text.
    const { "accept-encoding": acceptEncoding, ...plain } = incoming.headers;
    const upstreamHeaders = withoutSpeculationRules ? plain : incoming.headers;
    const upstream = request(
      { host: "127.0.0.1", port: upstreamPort, method: incoming.method, path: incoming.url, headers: upstreamHeaders, agent },
      (response: IncomingMessage) => {
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(response.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
        const compress =
          !response.headers["content-encoding"] &&
          COMPRESSED_TYPES.test(response.headers["content-type"] ?? "") &&
          /\bgzip\b/.test(String(acceptEncoding ?? ""));
        const send = (body: Readable, length?: string) => {
          if (!compress) {
            outgoing.writeHead(response.statusCode ?? 502, length ? { ...headers, "content-length": length } : headers);
            body.pipe(outgoing);
            return;
          }
          outgoing.writeHead(response.statusCode ?? 502, { ...headers, "content-encoding": "gzip", vary: "accept-encoding" });
          body.pipe(createGzip()).pipe(outgoing);
        };
        if (!withoutSpeculationRules || !response.headers["content-type"]?.startsWith("text/html"))
          return send(response, response.headers["content-length"]);
        void text(response).then((html) => send(Readable.from([html.replace(SPECULATION_RULES_ELEMENT, "")])));
      },
    );
    relay(incoming, upstream, outgoing);
  });
  const port = await listenLocally(server);
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
