import type { ClientRequest } from "node:http";
import type { Readable } from "node:stream";

/** What a front's answer to the browser needs for a failure: the HTTP/1.1 and HTTP/2 answers alike. */
interface Answer {
  writeHead(status: number): unknown;
  end(body: string): unknown;
}

/** Sends the browser's request body on to the local server, answering 502 with the reason if it cannot be reached. */
export function relay(incoming: Readable, upstream: ClientRequest, outgoing: Answer): void {
  upstream.on("error", (error) => {
    outgoing.writeHead(502);
    outgoing.end(String(error));
  });
  incoming.pipe(upstream);
}

/** Listens on a free port of 127.0.0.1: the port. */
export async function listenLocally(server: {
  listen(port: number, host: string, listening: () => void): unknown;
  address(): unknown;
}): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}
