/**
 * A stand-in for Cloudflare's API (api.cloudflare.com/client/v4), for the set-up's tests: Cloudflare cannot be
 * reached here. One account kept in memory, answering the calls the set-up and wrangler 4.164 make on it as
 * Cloudflare documents them, in its envelope (`success`, `errors`, `messages`, `result`), its error codes
 * included: 10000 for a token without the permission a call needs, 10042 while R2 is not switched on, 11002
 * while Queues is not, 10007 for a Worker that does not exist, 7003 for an address it has no route for. D1
 * runs real SQLite (node:sqlite), so the migrations wrangler applies are executed as D1 would. It records every
 * request, for the tests to count what a run created.
 * https://developers.cloudflare.com/api/ (D1, R2, Queues, Workers scripts and assets, Turnstile widgets,
 * Access applications and policies, Email Sending, Email Routing, zones, user tokens)
 */
import { randomUUID } from "node:crypto";
import { type IncomingMessage, type Server, createServer } from "node:http";
import { DatabaseSync } from "node:sqlite";

/** What a token may do, by the names Cloudflare's dashboard gives the permissions. */
export type Permission =
  | "Billing Read"
  | "Workers Scripts Edit"
  | "D1 Edit"
  | "Workers R2 Storage Edit"
  | "Queues Edit"
  | "Turnstile Edit"
  | "Access: Apps and Policies Edit"
  | "Access: Organizations, Identity Providers, and Groups Edit"
  | "Zone Read"
  | "Workers Routes Edit"
  | "DNS Edit"
  | "Email Sending Edit"
  | "Email Routing Rules Edit"
  | "Email Routing Addresses Edit";

export const EVERY_PERMISSION: readonly Permission[] = [
  "Billing Read",
  "Workers Scripts Edit",
  "D1 Edit",
  "Workers R2 Storage Edit",
  "Queues Edit",
  "Turnstile Edit",
  "Access: Apps and Policies Edit",
  "Access: Organizations, Identity Providers, and Groups Edit",
  "Zone Read",
  "Workers Routes Edit",
  "DNS Edit",
  "Email Sending Edit",
  "Email Routing Rules Edit",
  "Email Routing Addresses Edit",
];

export interface AccountOptions {
  readonly accountId?: string;
  readonly token?: string;
  readonly permissions?: readonly Permission[];
  /** Zones on the account, by name; each active. */
  readonly zones?: readonly string[];
  readonly r2?: boolean;
  readonly queues?: boolean;
  readonly workersPaid?: boolean;
  /** The Zero Trust team's name (`<team>.cloudflareaccess.com`); none: Zero Trust not set up. */
  readonly team?: string | null;
}

export interface RecordedCall {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** A POST that only read (a D1 query of SELECTs). */
  readonly read?: boolean;
}

interface Failure {
  readonly method: string;
  readonly path: RegExp;
  readonly status: number;
  readonly code: number;
  readonly message: string;
}

type Json = Record<string, unknown>;

export interface Script {
  created_on: string;
  modified_on: string;
  /** The bindings of the last version uploaded, as wrangler's metadata names them. */
  bindings: Json[];
  secrets: Map<string, string>;
  schedules: { cron: string }[];
  subdomain: { enabled: boolean; previews_enabled: boolean };
  mainModule: string;
  versions: number;
}

const now = () => new Date().toISOString();

/** A Worker as an upload leaves it, with no secret: for a test that starts from a deployed Worker. */
export const workerOf = (_account: CloudflareStandIn): Script => ({
  created_on: now(),
  modified_on: now(),
  bindings: [],
  secrets: new Map(),
  schedules: [],
  subdomain: { enabled: false, previews_enabled: false },
  mainModule: "index.js",
  versions: 1,
});
const hex = (length: number) => randomUUID().replaceAll("-", "").padEnd(length, "0").slice(0, length);

class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  /** Further errors of the same answer, after the first. */
  readonly more: readonly { code: number; message: string }[];
  constructor(status: number, code: number, message: string, more: readonly { code: number; message: string }[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.more = more;
  }
}

const envelope = (result: unknown, extra: Json = {}) => ({ success: true, errors: [], messages: [], result, ...extra });

/** One Cloudflare account, served over HTTP on a free port of 127.0.0.1. */
export class CloudflareStandIn {
  readonly accountId: string;
  readonly token: string;
  permissions: Set<Permission>;
  r2: boolean;
  queuesOn: boolean;
  workersPaid: boolean;
  team: string | null;
  readonly calls: RecordedCall[] = [];
  readonly zones = new Map<string, { id: string; name: string; status: string }>();
  readonly databases = new Map<string, { uuid: string; name: string; created_at: string; sql: DatabaseSync }>();
  readonly buckets = new Map<string, { name: string; creation_date: string }>();
  readonly queues = new Map<string, { queue_id: string; queue_name: string; created_on: string; consumers: Json[] }>();
  readonly scripts = new Map<string, Script>();
  readonly customDomains = new Map<string, { id: string; hostname: string; service: string; zone_id: string; zone_name: string }>();
  readonly widgets = new Map<string, Json & { sitekey: string; secret: string; name: string; domains: string[] }>();
  readonly accessApps = new Map<string, Json & { id: string; aud: string; domain: string; name: string; policies: Json[] }>();
  readonly identityProviders: (Json & { id: string; type: string; name: string })[] = [];
  /** Email Sending's subdomains, by zone id. */
  readonly sendingSubdomains = new Map<string, (Json & { name: string })[]>();
  /** Email Routing, by zone id. */
  readonly routing = new Map<string, { enabled: boolean }>();
  readonly routingAddresses: (Json & { id: string; email: string; verified: string | null })[] = [];
  private readonly assetHashes = new Set<string>();
  private readonly uploadTokens = new Set<string>();
  private failures: Failure[] = [];
  /** Whether the request being answered only read. */
  private onlyRead = false;
  private server?: Server;
  url = "";

  constructor(options: AccountOptions = {}) {
    this.accountId = options.accountId ?? hex(32);
    this.token = options.token ?? `cf-${hex(40)}`;
    this.permissions = new Set(options.permissions ?? EVERY_PERMISSION);
    this.r2 = options.r2 ?? true;
    this.queuesOn = options.queues ?? true;
    this.workersPaid = options.workersPaid ?? true;
    this.team = options.team === undefined ? "meridian" : options.team;
    for (const name of options.zones ?? []) this.zones.set(name, { id: hex(32), name, status: "active" });
  }

  /** The API's base, as CLOUDFLARE_API_BASE_URL takes it. */
  get base() {
    return `${this.url}/client/v4`;
  }

  /** The next request matching `method` and `path` fails as Cloudflare would fail it. */
  failNext(method: string, path: RegExp, status: number, code: number, message: string) {
    this.failures.push({ method, path, status, code, message });
  }

  /** The requests that changed something on the account (every method but GET, and no query that only read), since `from`. */
  changes(from = 0) {
    return this.calls.slice(from).filter((call) => call.method !== "GET" && !call.read && call.status < 400);
  }

  async listen(): Promise<string> {
    this.server = createServer((request, response) => {
      this.answer(request)
        .then(({ status, body, headers }) => {
          response.writeHead(status, { "content-type": "application/json", ...headers });
          response.end(body);
        })
        .catch((error: unknown) => {
          response.writeHead(500, { "content-type": "application/json" });
          response.end(JSON.stringify({ success: false, errors: [{ code: 10013, message: String(error) }], messages: [], result: null }));
        });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    return this.url;
  }

  close(): Promise<void> {
    for (const database of this.databases.values()) database.sql.close();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(request: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    const path = url.pathname.replace(/^\/client\/v4/, "");
    let status = 200;
    let body: unknown;
    this.onlyRead = false;
    try {
      const failure = this.failures.find((each) => each.method === method && each.path.test(path));
      if (failure) {
        this.failures = this.failures.filter((each) => each !== failure);
        throw new ApiError(failure.status, failure.code, failure.message);
      }
      const result = await this.route(method, path, url.searchParams, raw, request);
      status = result.status ?? 200;
      body = result.body;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      body = { success: false, errors: [{ code: error.code, message: error.message }, ...error.more], messages: [], result: null };
    }
    this.calls.push({ method, path: `${path}${url.search}`, status, read: this.onlyRead });
    return { status, body: JSON.stringify(body), headers: {} as Record<string, string> };
  }

  /** Throws Cloudflare's answer to a token that is missing, unknown or lacks `permission`. */
  private authorize(request: IncomingMessage, permission?: Permission) {
    const header = request.headers.authorization ?? "";
    if (header !== `Bearer ${this.token}`) throw new ApiError(400, 6003, "Invalid request headers");
    if (permission && !this.permissions.has(permission)) throw new ApiError(403, 10000, "Authentication error");
  }

  private account(path: string) {
    const match = /^\/accounts\/([^/]+)/.exec(path);
    if (match && match[1] !== this.accountId) throw new ApiError(403, 9109, "Unauthorized to access requested resource");
  }

  private zoneById(id: string) {
    const zone = [...this.zones.values()].find((each) => each.id === id);
    if (!zone) throw new ApiError(404, 1001, "Invalid zone identifier");
    return zone;
  }

  private requireR2() {
    if (!this.r2) throw new ApiError(403, 10042, "Please enable R2 through the Cloudflare Dashboard.");
  }

  private requireQueues() {
    if (!this.queuesOn) throw new ApiError(403, 11002, "Queues is not enabled on this account: enable it in the dashboard to use it.");
  }

  private database(idOrName: string) {
    const database = this.databases.get(idOrName) ?? [...this.databases.values()].find((each) => each.uuid === idOrName);
    if (!database) throw new ApiError(404, 7404, `The database ${idOrName} could not be found`);
    return database;
  }

  private script(name: string) {
    const script = this.scripts.get(name);
    if (!script) throw new ApiError(404, 10007, `This Worker does not exist on your account.`);
    return script;
  }

  private async route(
    method: string,
    path: string,
    query: URLSearchParams,
    raw: Buffer,
    request: IncomingMessage,
  ): Promise<{ status?: number; body: unknown }> {
    const json = () => (raw.length ? (JSON.parse(raw.toString("utf8")) as Json) : {});
    const a = `/accounts/${this.accountId}`;
    const is = (pattern: string) => new RegExp(`^${pattern}$`).exec(path);
    this.account(path);
    let m: RegExpExecArray | null;

    // Tokens and the account.
    if (method === "GET" && path === "/user/tokens/verify") {
      this.authorize(request);
      return {
        body: {
          ...envelope({ id: hex(32), status: "active" }),
          messages: [{ code: 10000, message: "This API Token is valid and active" }],
        },
      };
    }
    if (method === "GET" && path === `${a}/workers/account-settings`) {
      this.authorize(request, "Workers Scripts Edit");
      return { body: envelope({ default_usage_model: this.workersPaid ? "standard" : "bundled", green_compute: false }) };
    }
    if (method === "GET" && path === `${a}/subscriptions`) {
      this.authorize(request, "Billing Read");
      const plans = this.workersPaid
        ? [{ id: hex(32), rate_plan: { id: "workers_paid", public_name: "Workers Paid" }, state: "Paid" }]
        : [];
      return { body: envelope(plans) };
    }

    // Zones.
    if (method === "GET" && path === "/zones") {
      this.authorize(request, "Zone Read");
      const name = query.get("name");
      const zones = [...this.zones.values()]
        .filter((zone) => !name || zone.name === name)
        .map((zone) => ({ ...zone, account: { id: this.accountId, name: "Meridian Creative Law" } }));
      return { body: envelope(zones, { result_info: { page: 1, per_page: 20, count: zones.length, total_count: zones.length } }) };
    }

    // D1.
    if ((m = is(`${a}/d1/database`))) {
      this.authorize(request, "D1 Edit");
      if (method === "GET") {
        const name = query.get("name");
        const list = [...this.databases.values()].filter((db) => !name || db.name === name).map(({ sql: _, ...db }) => db);
        return { body: envelope(list, { result_info: { page: 1, per_page: 1000, count: list.length, total_count: list.length } }) };
      }
      if (method === "POST") {
        const { name } = json() as { name: string };
        if (this.databases.has(name)) throw new ApiError(400, 7502, `A database with that name already exists`);
        const database = { uuid: randomUUID(), name, created_at: now(), sql: new DatabaseSync(":memory:") };
        this.databases.set(name, database);
        return { body: envelope({ uuid: database.uuid, name, created_at: database.created_at, version: "production" }) };
      }
    }
    if ((m = is(`${a}/d1/database/([^/]+)`)) && method === "GET") {
      this.authorize(request, "D1 Edit");
      const { sql: _, ...database } = this.database(decodeURIComponent(m[1]!));
      return { body: envelope({ ...database, version: "production", num_tables: 0, file_size: 0 }) };
    }
    if ((m = is(`${a}/d1/database/([^/]+)/(query|raw)`)) && method === "POST") {
      this.authorize(request, "D1 Edit");
      const database = this.database(decodeURIComponent(m[1]!));
      const { sql, params = [] } = json() as { sql: string; params?: unknown[] };
      this.onlyRead = splitStatements(sql).every((statement) => /^\s*select\b/i.test(statement));
      return { body: envelope(runSql(database.sql, sql, params as never[])) };
    }

    // R2.
    if ((m = is(`${a}/r2/buckets`))) {
      this.authorize(request, "Workers R2 Storage Edit");
      this.requireR2();
      if (method === "GET") return { body: envelope({ buckets: [...this.buckets.values()] }) };
      if (method === "POST") {
        const { name } = json() as { name: string };
        if (this.buckets.has(name)) throw new ApiError(409, 10004, "The bucket you tried to create already exists, and you own it.");
        const bucket = { name, creation_date: now(), location: "WNAM", storage_class: "Standard" };
        this.buckets.set(name, bucket);
        return { body: envelope(bucket) };
      }
    }
    if ((m = is(`${a}/r2/buckets/([^/]+)`)) && method === "GET") {
      this.authorize(request, "Workers R2 Storage Edit");
      this.requireR2();
      const bucket = this.buckets.get(decodeURIComponent(m[1]!));
      if (!bucket) throw new ApiError(404, 10006, "The specified bucket does not exist.");
      return { body: envelope(bucket) };
    }

    // Queues.
    if ((m = is(`${a}/queues`))) {
      this.authorize(request, "Queues Edit");
      this.requireQueues();
      if (method === "GET") {
        const name = query.get("name");
        const list = [...this.queues.values()].filter((queue) => !name || queue.queue_name === name);
        return { body: envelope(list, { result_info: { page: 1, per_page: 100, count: list.length, total_count: list.length } }) };
      }
      if (method === "POST") {
        const { queue_name } = json() as { queue_name: string };
        if (this.queues.has(queue_name)) throw new ApiError(400, 11009, "A queue with this name already exists");
        const queue = { queue_id: hex(32), queue_name, created_on: now(), modified_on: now(), consumers: [], producers: [] };
        this.queues.set(queue_name, queue);
        return { body: envelope(queue) };
      }
    }
    const queueById = (id: string) => {
      const queue = [...this.queues.values()].find((each) => each.queue_id === id || each.queue_name === id);
      if (!queue) throw new ApiError(404, 11000, "Queue does not exist");
      return queue;
    };
    if ((m = is(`${a}/queues/([^/]+)`)) && method === "GET") {
      this.authorize(request, "Queues Edit");
      this.requireQueues();
      return { body: envelope(queueById(m[1]!)) };
    }
    if ((m = is(`${a}/queues/([^/]+)/consumers`))) {
      this.authorize(request, "Queues Edit");
      const queue = queueById(m[1]!);
      if (method === "GET") return { body: envelope(queue.consumers) };
      if (method === "POST") {
        const consumer = { ...json(), consumer_id: hex(32), queue_id: queue.queue_id, created_on: now() };
        queue.consumers.push(consumer);
        return { body: envelope(consumer) };
      }
    }
    if ((m = is(`${a}/queues/([^/]+)/consumers/([^/]+)`)) && method === "PUT") {
      this.authorize(request, "Queues Edit");
      const queue = queueById(m[1]!);
      const index = queue.consumers.findIndex((each) => each.consumer_id === m![2] || each.script_name === m![2] || each.script === m![2]);
      if (index < 0) throw new ApiError(404, 11005, "Consumer does not exist");
      queue.consumers[index] = { ...queue.consumers[index], ...json() };
      return { body: envelope(queue.consumers[index]) };
    }

    // Workers: the account's subdomain, scripts, versions, secrets, schedules, custom domains, assets.
    if (path === `${a}/workers/subdomain` && method === "GET") {
      this.authorize(request, "Workers Scripts Edit");
      return { body: envelope({ subdomain: "meridian" }) };
    }
    if (method === "GET" && path === `${a}/workers/scripts`) {
      this.authorize(request, "Workers Scripts Edit");
      return {
        body: envelope(
          [...this.scripts.entries()].map(([id, script]) => ({ id, created_on: script.created_on, modified_on: script.modified_on })),
        ),
      };
    }
    if ((m = is(`${a}/workers/services/([^/]+)`)) && method === "GET") {
      this.authorize(request, "Workers Scripts Edit");
      const script = this.script(decodeURIComponent(m[1]!));
      return {
        body: envelope({
          id: m[1],
          default_environment: {
            environment: "production",
            created_on: script.created_on,
            modified_on: script.modified_on,
            script: { id: m[1] },
          },
          created_on: script.created_on,
          modified_on: script.modified_on,
        }),
      };
    }
    if ((m = is(`${a}/workers/scripts/([^/]+)`)) && method === "PUT") {
      this.authorize(request, "Workers Scripts Edit");
      return { body: envelope(await this.upload(decodeURIComponent(m[1]!), raw, request)) };
    }
    if ((m = is(`${a}/workers/scripts/([^/]+)/secrets`))) {
      this.authorize(request, "Workers Scripts Edit");
      const script = this.script(decodeURIComponent(m[1]!));
      if (method === "GET") return { body: envelope([...script.secrets.keys()].map((name) => ({ name, type: "secret_text" }))) };
      if (method === "PUT") {
        const { name, text } = json() as { name: string; text: string };
        script.secrets.set(name, text);
        return { body: envelope({ name, type: "secret_text" }) };
      }
    }
    if ((m = is(`${a}/workers/workers/([^/]+)`))) {
      this.authorize(request, "Workers Scripts Edit");
      const name = decodeURIComponent(m[1]!);
      const script = this.script(name);
      return { body: envelope({ id: name, name, subdomain: script.subdomain, previews_base_config: {}, created_on: script.created_on }) };
    }
    if ((m = is(`${a}/workers/scripts/([^/]+)/script-settings`)) && method === "PATCH") {
      this.authorize(request, "Workers Scripts Edit");
      this.script(decodeURIComponent(m[1]!));
      return { body: envelope({ ...json(), logpush: false }) };
    }
    if ((m = is(`${a}/workers/scripts/([^/]+)/deployments`)) && method === "GET") {
      this.authorize(request, "Workers Scripts Edit");
      const script = this.script(decodeURIComponent(m[1]!));
      const versions = [{ version_id: `version-${script.versions}`, percentage: 100 }];
      return {
        body: envelope({
          deployments: [{ id: hex(32), source: "wrangler", strategy: "percentage", versions, created_on: script.modified_on }],
        }),
      };
    }
    if ((m = is(`${a}/workers/scripts/([^/]+)/schedules`))) {
      this.authorize(request, "Workers Scripts Edit");
      const script = this.script(decodeURIComponent(m[1]!));
      if (method === "PUT") script.schedules = JSON.parse(raw.toString("utf8")) as { cron: string }[];
      return { body: envelope({ schedules: script.schedules.map((each) => ({ ...each, created_on: now(), modified_on: now() })) }) };
    }
    if ((m = is(`${a}/workers/scripts/([^/]+)/subdomain`))) {
      this.authorize(request, "Workers Scripts Edit");
      const script = this.script(decodeURIComponent(m[1]!));
      if (method === "POST") script.subdomain = { ...script.subdomain, ...(json() as Script["subdomain"]) };
      return { body: envelope(script.subdomain) };
    }
    if ((m = is(`${a}/workers/scripts/([^/]+)/assets-upload-session`)) && method === "POST") {
      this.authorize(request, "Workers Scripts Edit");
      const { manifest } = json() as { manifest: Record<string, { hash: string; size: number }> };
      const missing = [...new Set(Object.values(manifest).map((entry) => entry.hash))].filter((hash) => !this.assetHashes.has(hash));
      const jwt = `assets-${hex(24)}`;
      this.uploadTokens.add(jwt);
      return { body: envelope({ jwt, buckets: missing.length ? [missing] : [] }) };
    }
    if (path === `${a}/workers/assets/upload` && method === "POST") {
      const jwt = (request.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!this.uploadTokens.has(jwt)) throw new ApiError(401, 10001, "Unauthorized: upload session token is not valid");
      const form = await new Request("http://stand-in", {
        method: "POST",
        headers: { "content-type": request.headers["content-type"] ?? "" },
        body: new Uint8Array(raw),
      }).formData();
      for (const hash of form.keys()) this.assetHashes.add(hash);
      return { status: 201, body: envelope({ jwt: `completed-${hex(24)}` }) };
    }
    if ((m = is(`${a}/workers/scripts/([^/]+)/domains/changeset`)) && method === "POST") {
      this.authorize(request, "Workers Routes Edit");
      const origins = JSON.parse(raw.toString("utf8")) as { hostname: string }[];
      const added = origins.filter((origin) => !this.customDomains.has(origin.hostname));
      return { body: envelope({ added, removed: [], updated: [], conflicting: [] }) };
    }
    if ((m = is(`${a}/workers/scripts/([^/]+)/domains/records`)) && method === "PUT") {
      this.authorize(request, "Workers Routes Edit");
      this.authorize(request, "DNS Edit");
      const service = decodeURIComponent(m[1]!);
      const { origins } = json() as { origins: { hostname: string }[] };
      for (const { hostname } of origins) {
        const zone = [...this.zones.values()].find((each) => hostname === each.name || hostname.endsWith(`.${each.name}`));
        if (!zone) throw new ApiError(400, 100117, `Hostname ${hostname} is not on a zone of this account`);
        this.customDomains.set(hostname, { id: hex(32), hostname, service, zone_id: zone.id, zone_name: zone.name });
      }
      return { body: envelope([...this.customDomains.values()].filter((domain) => domain.service === service)) };
    }
    if (path === `${a}/workers/domains` && method === "GET") {
      this.authorize(request, "Workers Routes Edit");
      const service = query.get("service");
      return { body: envelope([...this.customDomains.values()].filter((domain) => !service || domain.service === service)) };
    }

    // Turnstile.
    if (path === `${a}/challenges/widgets`) {
      this.authorize(request, "Turnstile Edit");
      if (method === "GET") {
        const list = [...this.widgets.values()].map(({ secret: _, ...widget }) => widget);
        return { body: envelope(list, { result_info: { page: 1, per_page: 25, count: list.length, total_count: list.length } }) };
      }
      if (method === "POST") {
        const body = json() as { name: string; domains: string[]; mode: string };
        const widget = { ...body, sitekey: `0x4AAAAAAA${hex(14)}`, secret: `0x4AAAAAAA${hex(24)}`, created_on: now(), modified_on: now() };
        this.widgets.set(widget.sitekey, widget);
        return { body: envelope(widget) };
      }
    }
    if ((m = is(`${a}/challenges/widgets/([^/]+)`)) && method === "GET") {
      this.authorize(request, "Turnstile Edit");
      const widget = this.widgets.get(m[1]!);
      if (!widget) throw new ApiError(404, 10404, "Widget not found");
      return { body: envelope(widget) };
    }

    // Access (Zero Trust).
    const requireTeam = () => {
      if (!this.team)
        throw new ApiError(404, 12130, "access.api.error.not_found: organization not found; set up Cloudflare Zero Trust first");
    };
    if (path === `${a}/access/organizations` && method === "GET") {
      this.authorize(request, "Access: Organizations, Identity Providers, and Groups Edit");
      requireTeam();
      return { body: envelope({ name: this.team, auth_domain: `${this.team}.cloudflareaccess.com`, created_at: now() }) };
    }
    if (path === `${a}/access/identity_providers`) {
      this.authorize(request, "Access: Organizations, Identity Providers, and Groups Edit");
      requireTeam();
      if (method === "GET") return { body: envelope(this.identityProviders) };
      if (method === "POST") {
        const provider = { ...json(), id: randomUUID() } as Json & { id: string; type: string; name: string };
        this.identityProviders.push(provider);
        return { status: 201, body: envelope(provider) };
      }
    }
    if (path === `${a}/access/apps`) {
      this.authorize(request, "Access: Apps and Policies Edit");
      requireTeam();
      if (method === "GET") return { body: envelope([...this.accessApps.values()]) };
      if (method === "POST") {
        const body = json() as Json & { domain: string; name: string };
        const app = { ...body, id: randomUUID(), aud: hex(64), created_at: now(), updated_at: now(), policies: [] as Json[] };
        this.accessApps.set(app.id, app);
        return { status: 201, body: envelope(app) };
      }
    }
    if ((m = is(`${a}/access/apps/([^/]+)/policies`))) {
      this.authorize(request, "Access: Apps and Policies Edit");
      const app = this.accessApps.get(m[1]!);
      if (!app) throw new ApiError(404, 12130, "access.api.error.not_found");
      if (method === "GET") return { body: envelope(app.policies) };
      if (method === "POST") {
        const policy = { ...json(), id: randomUUID(), created_at: now(), updated_at: now() };
        app.policies.push(policy);
        return { status: 201, body: envelope(policy) };
      }
    }

    // Email Sending (Email Service) and Email Routing, on the zone.
    if ((m = is(`/zones/([^/]+)/email/sending/subdomains`))) {
      this.authorize(request, "Email Sending Edit");
      const zone = this.zoneById(m[1]!);
      const list = this.sendingSubdomains.get(zone.id) ?? [];
      if (method === "GET") return { body: envelope(list) };
      if (method === "POST") {
        const { name } = json() as { name: string };
        if (!this.workersPaid) throw new ApiError(403, 10000, "Email Sending to any address needs the Workers Paid plan");
        const subdomain = { id: hex(32), name, enabled: true, tag: hex(32), created: now(), modified: now() };
        this.sendingSubdomains.set(zone.id, [...list, subdomain]);
        return { body: envelope(subdomain) };
      }
    }
    if ((m = is(`/zones/([^/]+)/email/routing`)) && method === "GET") {
      this.authorize(request, "Email Routing Rules Edit");
      const zone = this.zoneById(m[1]!);
      const routing = this.routing.get(zone.id) ?? { enabled: false };
      return {
        body: envelope({ id: zone.id, name: zone.name, enabled: routing.enabled, status: routing.enabled ? "ready" : "unconfigured" }),
      };
    }
    if ((m = is(`/zones/([^/]+)/email/routing/enable`)) && method === "POST") {
      this.authorize(request, "Email Routing Rules Edit");
      this.authorize(request, "DNS Edit");
      const zone = this.zoneById(m[1]!);
      this.routing.set(zone.id, { enabled: true });
      return { body: envelope({ id: zone.id, name: zone.name, enabled: true, status: "ready" }) };
    }
    if (path === `${a}/email/routing/addresses`) {
      this.authorize(request, "Email Routing Addresses Edit");
      if (method === "GET") return { body: envelope(this.routingAddresses) };
      if (method === "POST") {
        const { email } = json() as { email: string };
        const address = { id: hex(32), tag: hex(32), email, verified: null, created: now(), modified: now() };
        this.routingAddresses.push(address);
        return { body: envelope(address) };
      }
    }

    throw new ApiError(404, 7003, `Could not route to ${path}, perhaps your object identifier is invalid?`);
  }

  /** A Worker's upload (multipart: `metadata` and its modules), refused as Cloudflare refuses a missing secret. */
  private async upload(name: string, raw: Buffer, request: IncomingMessage) {
    const form = await new Request("http://stand-in", {
      method: "PUT",
      headers: { "content-type": request.headers["content-type"] ?? "" },
      body: new Uint8Array(raw),
    }).formData();
    const part = form.get("metadata");
    const metadata = JSON.parse(typeof part === "string" ? part : await (part as Blob).text()) as {
      main_module: string;
      bindings: Json[];
      keep_bindings?: string[];
    };
    const existing = this.scripts.get(name);
    const inherited = metadata.bindings.filter((binding) => binding.type === "inherit");
    const missing = inherited.filter((binding) => !existing?.secrets.has(String(binding.name)));
    if (missing.length) {
      const [first, ...rest] = missing.map((binding) => ({ code: 10057, message: `inherit binding '${String(binding.name)}' is invalid` }));
      throw new ApiError(400, first!.code, first!.message, rest);
    }
    const secrets = new Map(existing?.secrets ?? []);
    for (const binding of metadata.bindings) if (binding.type === "secret_text") secrets.set(String(binding.name), String(binding.text));
    for (const binding of metadata.bindings) this.checkBinding(binding);
    const script: Script = {
      created_on: existing?.created_on ?? now(),
      modified_on: now(),
      bindings: metadata.bindings,
      secrets,
      schedules: existing?.schedules ?? [],
      subdomain: existing?.subdomain ?? { enabled: false, previews_enabled: false },
      mainModule: metadata.main_module,
      versions: (existing?.versions ?? 0) + 1,
    };
    this.scripts.set(name, script);
    return {
      id: name,
      etag: hex(32),
      created_on: script.created_on,
      modified_on: script.modified_on,
      handlers: ["fetch", "queue", "scheduled"],
    };
  }

  /** A binding to a resource that does not exist is refused, as the upload is. */
  private checkBinding(binding: Json) {
    if (binding.type === "d1" && ![...this.databases.values()].some((db) => db.uuid === binding.id))
      throw new ApiError(
        400,
        10021,
        `D1 binding '${String(binding.name)}' references database '${String(binding.id)}' which was not found`,
      );
    if (binding.type === "r2_bucket" && !this.buckets.has(String(binding.bucket_name)))
      throw new ApiError(400, 10085, `R2 bucket '${String(binding.bucket_name)}' not found`);
    if (binding.type === "queue" && !this.queues.has(String(binding.queue_name)))
      throw new ApiError(400, 11000, `Queue '${String(binding.queue_name)}' does not exist`);
  }
}

/** D1's answer to a query: one result per statement, each with its rows and meta. */
function runSql(database: DatabaseSync, sql: string, params: never[]) {
  const statements = splitStatements(sql);
  return statements.map((statement, index) => {
    const prepared = database.prepare(statement);
    const bound = index === statements.length - 1 ? params : [];
    const reads = /^\s*(select|pragma|with)\b/i.test(statement) || /\breturning\b/i.test(statement);
    if (reads) return { results: prepared.all(...bound), success: true, meta: { duration: 0.1, changes: 0, served_by: "stand-in" } };
    const { changes } = prepared.run(...bound);
    return { results: [], success: true, meta: { duration: 0.1, changes: Number(changes), served_by: "stand-in" } };
  });
}

/** SQL text split at the semicolons that end statements (none inside quotes, comments or a trigger's body). */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  let depth = 0;
  for (const line of sql.split("\n")) {
    const bare = line.replace(/--.*$/, "");
    if (/\bBEGIN\s*$/i.test(bare.trim())) depth++;
    current += `${line}\n`;
    if (/^\s*END\s*;\s*$/i.test(bare)) depth--;
    if (depth === 0 && /;\s*$/.test(bare)) {
      if (current.trim()) statements.push(current.trim());
      current = "";
    }
  }
  if (current.replace(/--.*$/gm, "").trim()) statements.push(current.trim());
  return statements.filter((statement) => statement.replace(/--.*$/gm, "").replace(/;/g, "").trim() !== "");
}
