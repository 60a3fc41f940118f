/**
 * A slow network link between a browser and a local server: a TCP proxy that gives every connection the
 * link's round trip (half each way, and a whole one to open it, as TCP's handshake takes) and shares the
 * link's bandwidth, each way, between all the connections at once.
 *
 * Why not Chromium's own network emulation (DevTools' `Network.emulateNetworkConditions`): it slows the
 * requests of the page it is set on, but not the prefetches speculation rules make for that page, nor
 * the requests of a prerendered page, which then arrive at loopback speed (measured: with 1,000 ms of
 * emulated latency, a link prerendered 250 ms after the pointer reached it opened in 69 ms). A link
 * outside the browser slows every request alike.
 */
import { type Server, type Socket, connect, createServer } from "node:net";

export interface LinkShape {
  /** Round-trip time, ms. */
  readonly rttMs: number;
  /** Bandwidth towards the browser, bits per second. */
  readonly downBps: number;
  /** Bandwidth from the browser, bits per second. */
  readonly upBps: number;
}

/** What the link sends at once, from one connection before the next: about one packet. */
const SEGMENT_BYTES = 1460;

/** One connection's side of the link: its bytes waiting to be sent, and the segments on their way, in order. */
interface Flow {
  readonly chunks: { data: Buffer; deliver: (data: Buffer) => void }[];
  readonly inFlight: { at: number; arrive: () => void }[];
  timer?: NodeJS.Timeout;
  /** Its socket has closed: it goes once its last bytes are sent. */
  closed?: boolean;
}

/** Hands over, in order, the segments of a flow that have arrived, and waits for the next. */
function land(flow: Flow) {
  flow.timer = undefined;
  while (flow.inFlight.length > 0 && flow.inFlight[0]!.at <= performance.now()) flow.inFlight.shift()!.arrive();
  if (flow.inFlight.length > 0) flow.timer = setTimeout(() => land(flow), Math.max(0, flow.inFlight[0]!.at - performance.now()));
}

/**
 * One direction of the link. It sends a segment at a time at its bandwidth, taking the connections with
 * bytes waiting in turn (so a page's document is not stuck behind a large script on another connection,
 * as with the fair share DevTools' throttling gives), and each segment arrives half a round trip later.
 */
class Direction {
  readonly #bytesPerMs: number;
  readonly #delayMs: number;
  readonly #flows: Flow[] = [];
  #turn = 0;
  #sentUntil = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(bps: number, delayMs: number) {
    this.#bytesPerMs = bps / 8 / 1000;
    this.#delayMs = delayMs;
  }

  flow(): Flow {
    const flow: Flow = { chunks: [], inFlight: [] };
    this.#flows.push(flow);
    return flow;
  }

  close(flow: Flow) {
    flow.closed = true;
    if (flow.chunks.length === 0) this.#flows.splice(this.#flows.indexOf(flow), 1);
  }

  send(flow: Flow, data: Buffer, deliver: (data: Buffer) => void) {
    flow.chunks.push({ data, deliver });
    this.#timer ??= setTimeout(() => this.#pump(), 0);
  }

  /** Sends segments, in turn, for as long as the link has been free since it last sent, then waits for the next. */
  #pump() {
    this.#timer = undefined;
    const now = performance.now();
    this.#sentUntil = Math.max(this.#sentUntil, now - 1);
    while (this.#sentUntil <= now) {
      const waiting = this.#flows.filter((flow) => flow.chunks.length > 0);
      if (waiting.length === 0) return;
      const flow = waiting[this.#turn++ % waiting.length]!;
      const chunk = flow.chunks[0]!;
      const segment = chunk.data.subarray(0, SEGMENT_BYTES);
      chunk.data = chunk.data.subarray(segment.length);
      if (chunk.data.length === 0) flow.chunks.shift();
      if (flow.closed && flow.chunks.length === 0) this.#flows.splice(this.#flows.indexOf(flow), 1);
      this.#sentUntil += segment.length / this.#bytesPerMs;
      flow.inFlight.push({ at: this.#sentUntil + this.#delayMs, arrive: () => chunk.deliver(segment) });
      flow.timer ??= setTimeout(() => land(flow), Math.max(0, this.#sentUntil + this.#delayMs - now));
    }
    this.#timer = setTimeout(() => this.#pump(), Math.max(0, this.#sentUntil - now));
  }
}

/** Passes one side's data to the other over `direction`, in order, and the end after the last of it. */
function pipeThrough(from: Socket, to: Socket, direction: Direction) {
  const flow = direction.flow();
  from.on("data", (chunk: Buffer) => direction.send(flow, chunk, (segment) => to.write(segment)));
  from.on("end", () => direction.send(flow, Buffer.alloc(0), () => to.end()));
  from.on("close", () => direction.close(flow));
  from.on("error", () => to.destroy());
}

export interface ThrottledLink {
  /** The origin to browse, through the link, e.g. http://127.0.0.1:40123. */
  readonly origin: string;
  stop(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1 and forwards every connection to `upstreamPort` over a link of `shape`. */
export async function startThrottledLink(upstreamPort: number, shape: LinkShape): Promise<ThrottledLink> {
  const down = new Direction(shape.downBps, shape.rttMs / 2);
  const up = new Direction(shape.upBps, shape.rttMs / 2);
  const sockets = new Set<Socket>();
  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    const upstream = connect(upstreamPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    pipeThrough(client, upstream, up);
    pipeThrough(upstream, client, down);
    // The handshake's round trip before the browser's first byte can leave.
    setTimeout(() => client.resume(), shape.rttMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
