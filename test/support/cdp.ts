/**
 * Chromium driven over the DevTools protocol directly, for what Playwright cannot show: prerendering.
 * Chromium refuses to prerender while a DevTools session is attached to a page without going through its
 * tab (`PrerenderingDisabledByDevTools`), which is how Playwright attaches. Here every session is reached
 * through its tab target, as Chromium's own DevTools front end does, so speculation rules work as for a
 * visitor, and a prerendered page gets a session of its own (its target's subtype is "prerender") that can
 * be read before and after the visitor is shown it.
 *
 * Used by the speculation rules' browser test (e2e/speculation.e2e.ts) and the bench's click-to-paint figure
 * (bench/lib/hovered-link.ts). Only what they need: launching, tabs, sessions, events, evaluation, mouse.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fullChromium } from "./chromium.ts";

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { message: string };
  sessionId?: string;
}

type Listener = (params: Record<string, unknown>, sessionId: string | undefined) => void;

interface TargetInfo {
  readonly targetId: string;
  readonly type: string;
  readonly subtype?: string;
  readonly url: string;
}

/** One DevTools session (of the browser, a tab or a page). */
export class Session {
  readonly #connection: Connection;
  readonly id: string | undefined;

  constructor(connection: Connection, id: string | undefined) {
    this.#connection = connection;
    this.id = id;
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    return this.#connection.send<T>(method, params, this.id);
  }

  /** Calls `listener` on each event of `method` sent to this session; returns the unsubscriber. */
  on(method: string, listener: (params: Record<string, unknown>) => void): () => void {
    return this.#connection.on(method, (params, sessionId) => sessionId === this.id && listener(params));
  }

  /** The next event of `method` on this session that `accept` accepts. */
  once(
    method: string,
    accept: (params: Record<string, unknown>) => boolean = () => true,
    timeoutMs = 15_000,
  ): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`no ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = this.on(method, (params) => {
        if (!accept(params)) return;
        clearTimeout(timer);
        off();
        resolve(params);
      });
    });
  }

  /** Evaluates an expression in the page (awaiting a promise it returns) and returns its value. */
  async evaluate<T>(expression: string): Promise<T> {
    const { result, exceptionDetails } = await this.send<{
      result: { value: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(`evaluation failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  }

  /** Moves the mouse to the centre of the first visible element matching `selector` (scrolled into view); returns the point. */
  async hover(selector: string): Promise<{ x: number; y: number }> {
    const point = await this.evaluate<{ x: number; y: number } | null>(`(() => {
      const element = [...document.querySelectorAll(${JSON.stringify(selector)})].find((e) => e.checkVisibility());
      if (!element) return null;
      element.scrollIntoView({ block: "center", behavior: "instant" });
      const box = element.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    })()`);
    if (!point) throw new Error(`no visible element matches ${selector}`);
    await this.send("Input.dispatchMouseEvent", { type: "mouseMoved", ...point });
    return point;
  }

  /** A left click where the mouse is. */
  async click(point: { x: number; y: number }): Promise<void> {
    await this.send("Input.dispatchMouseEvent", { type: "mousePressed", button: "left", clickCount: 1, ...point });
    await this.send("Input.dispatchMouseEvent", { type: "mouseReleased", button: "left", clickCount: 1, ...point });
  }
}

class Connection {
  #nextId = 1;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #socket: WebSocket;

  constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener("message", (event) => this.#receive(JSON.parse(String(event.data)) as Message));
  }

  #receive(message: Message) {
    if (message.id !== undefined) {
      const call = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.error) call?.reject(new Error(message.error.message));
      else call?.resolve(message.result);
      return;
    }
    for (const listener of this.#listeners.get(message.method ?? "") ?? []) listener(message.params ?? {}, message.sessionId);
  }

  send<T>(method: string, params: Record<string, unknown>, sessionId?: string): Promise<T> {
    const id = this.#nextId++;
    this.#socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise<T>((resolve, reject) =>
      this.#pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject: (error) => reject(new Error(`${method}: ${error.message}`)),
      }),
    );
  }

  on(method: string, listener: Listener): () => void {
    const set = this.#listeners.get(method) ?? new Set<Listener>();
    this.#listeners.set(method, set);
    set.add(listener);
    return () => set.delete(listener);
  }
}

/** A browser tab: the session of the page it shows, and of each page it attaches later (a prerender). */
export interface Tab {
  /** The page the tab opened with. */
  readonly page: Session;
  /** The next page target the tab attaches that `accept` accepts (a prerender: its subtype, as its URL is not known yet), with its session. */
  nextPage(accept: (target: TargetInfo) => boolean, timeoutMs?: number): Promise<{ session: Session; target: TargetInfo }>;
  /** Navigates the tab's page and waits for its load event. */
  goto(url: string): Promise<void>;
}

export interface Browser {
  /** Opens a tab in a context of its own (nothing cached or stored from another tab). */
  newTab(): Promise<Tab>;
  close(): Promise<void>;
}

/** Launches the full Chromium, headless (./chromium.ts), with a throw-away profile. */
export async function launchChromium({ args = [] }: { args?: string[] } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "cdp-chromium-"));
  const child = spawn(
    fullChromium.executablePath,
    [
      "--headless",
      ...fullChromium.args,
      "--no-first-run",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      ...args,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk;
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(output)?.[1];
      if (found) resolve(found);
    });
    child.on("exit", (code) => reject(new Error(`Chromium exited ${code} before listening:\n${output}`)));
  });
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error("could not connect to Chromium")), { once: true });
  });
  const connection = new Connection(socket);
  const browser = new Session(connection, undefined);
  // Not left running if the script ends without closing it.
  const stop = () => child.kill();
  process.once("exit", stop);
  return {
    newTab: () => newTab(connection, browser),
    close: async () => {
      process.off("exit", stop);
      await close(child, socket, profile);
    },
  };
}

async function newTab(connection: Connection, browser: Session): Promise<Tab> {
  const { browserContextId } = await browser.send<{ browserContextId: string }>("Target.createBrowserContext", { disposeOnDetach: true });
  const { targetId } = await browser.send<{ targetId: string }>("Target.createTarget", { url: "about:blank", browserContextId });
  // The context is the tab's own, so its one tab target is the page's tab.
  const tabs = await browser.send<{ targetInfos: (TargetInfo & { browserContextId: string })[] }>("Target.getTargets", {
    filter: [{ type: "tab" }],
  });
  const tab = tabs.targetInfos.find((info) => info.browserContextId === browserContextId);
  if (!tab) throw new Error("the new tab's target was not found");
  const { sessionId: tabSessionId } = await browser.send<{ sessionId: string }>("Target.attachToTarget", {
    targetId: tab.targetId,
    flatten: true,
  });
  const tabSession = new Session(connection, tabSessionId);
  const attached: { session: Session; target: TargetInfo }[] = [];
  const waiters = new Set<(entry: { session: Session; target: TargetInfo }) => boolean>();
  tabSession.on("Target.attachedToTarget", (params) => {
    const entry = { session: new Session(connection, params.sessionId as string), target: params.targetInfo as TargetInfo };
    if (entry.target.type !== "page") return;
    attached.push(entry);
    for (const waiter of waiters) if (waiter(entry)) waiters.delete(waiter);
    // Released as soon as it is ready for commands (it waits for the debugger so none of its events is missed).
    void entry.session.send("Runtime.runIfWaitingForDebugger").catch(() => {});
  });
  const nextPage = (accept: (target: TargetInfo) => boolean, timeoutMs = 15_000) =>
    new Promise<{ session: Session; target: TargetInfo }>((resolve, reject) => {
      const seen = attached.find((entry) => accept(entry.target));
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`no page attached within ${timeoutMs} ms`)), timeoutMs);
      waiters.add((entry) => {
        if (!accept(entry.target)) return false;
        clearTimeout(timer);
        resolve(entry);
        return true;
      });
    });
  await tabSession.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
  const { session } = await nextPage((target) => target.targetId === targetId);
  await Promise.all([session.send("Page.enable"), session.send("Runtime.enable")]);
  return {
    page: session,
    nextPage,
    async goto(url: string) {
      const loaded = session.once("Page.loadEventFired");
      await session.send("Page.navigate", { url });
      await loaded;
    },
  };
}

async function close(child: ChildProcess, socket: WebSocket, profile: string) {
  socket.close();
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(profile, { recursive: true, force: true });
}
