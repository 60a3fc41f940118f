/**
 * A stand-in for GitHub's REST API (api.github.com), for the set-up's tests: GitHub cannot be reached here.
 * The part the set-up calls, answering as GitHub documents it: the signed-in user, repositories (each a real
 * bare git repository in a temporary folder, whose clone_url the set-up pushes to), a branch, the App manifest
 * conversion and the App's public page, the App's installation on a repository (asked with the App's JWT,
 * checked against its public key), environments and their branch policies, environment secrets (sealed to the
 * environment's key with libsodium's sealed box, opened here), repository variables and rulesets; 404
 * `{"message":"Not Found"}` for what does not exist. The browser's part of the manifest flow (confirming the
 * App, installing it) is done by the test through `confirmManifest` and `install`. It records every request.
 * https://docs.github.com/en/rest (apps, repos, branches, deployments/environments, actions/secrets,
 * actions/variables, repos/rules)
 */
import { execFileSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { type IncomingMessage, type Server, createServer } from "node:http";
import { join } from "node:path";
import { importSPKI, jwtVerify } from "jose";
import sodium from "libsodium-wrappers";
import type { Manifest } from "../app-manifest.ts";

type Json = Record<string, unknown>;

interface StandInApp {
  id: number;
  slug: string;
  client_id: string;
  name: string;
  owner: string;
  publicKey: string;
  privateKey: string;
  permissions: Readonly<Record<string, string>>;
}

interface Repository {
  owner: string;
  name: string;
  bare: string;
  environments: Map<
    string,
    { policies: { id: number; name: string; type: string }[]; deployment_branch_policy: unknown; secrets: Map<string, string> }
  >;
  variables: Map<string, string>;
  rulesets: Json[];
  installations: Map<number, number>;
}

const notFound = { status: 404, body: { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" } };

export class GitHubStandIn {
  readonly login: string;
  readonly token = `gho_${randomBytes(18).toString("hex")}`;
  readonly calls: { method: string; path: string; status: number }[] = [];
  readonly repositories = new Map<string, Repository>();
  readonly apps = new Map<string, StandInApp>();
  private readonly codes = new Map<string, Manifest>();
  private keys?: { publicKey: Uint8Array; privateKey: Uint8Array; keyId: string };
  private nextId = 1000;
  private readonly folder: string;
  /** Whether the account's plan allows rulesets on private repositories (GitHub Free does not). */
  rulesetsAllowed = true;
  private server?: Server;
  url = "";

  constructor(folder: string, login = "meridian-law") {
    this.folder = folder;
    this.login = login;
  }

  async listen() {
    await sodium.ready;
    const pair = sodium.crypto_box_keypair();
    this.keys = { publicKey: pair.publicKey, privateKey: pair.privateKey, keyId: String(this.nextId++) };
    this.server = createServer((request, response) => {
      this.answer(request).then(({ status, body }) => {
        response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
        response.end(body === undefined ? "" : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A repository that exists before the run, with this clone's commits pushed by the test if it wants. */
  addRepository(fullName: string): Repository {
    const [owner, name] = fullName.split("/") as [string, string];
    const bare = join(this.folder, `${owner}-${name}.git`);
    mkdirSync(bare, { recursive: true });
    execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", bare]);
    const repository: Repository = {
      owner,
      name,
      bare,
      environments: new Map(),
      variables: new Map(),
      rulesets: [],
      installations: new Map(),
    };
    this.repositories.set(fullName, repository);
    return repository;
  }

  /** What GitHub does when the operator confirms the App the manifest describes: the code for the redirect. */
  confirmManifest(manifest: Manifest): string {
    const code = randomBytes(10).toString("hex");
    this.codes.set(code, manifest);
    return code;
  }

  /** What GitHub does when the operator installs the App on a repository: the installation's id. */
  install(slug: string, repository: string): number {
    const id = this.nextId++;
    this.repositories.get(repository)!.installations.set(this.apps.get(slug)!.id, id);
    return id;
  }

  /** The requests that changed something (every method but GET), since `from`. */
  changes(from = 0) {
    return this.calls.slice(from).filter((call) => call.method !== "GET" && call.status < 400);
  }

  /** A secret as GitHub holds it, opened with the environment's private key. */
  secret(repository: string, environment: string, name: string): string | undefined {
    const sealed = this.repositories.get(repository)?.environments.get(environment)?.secrets.get(name);
    if (sealed === undefined) return undefined;
    return sodium.to_string(
      sodium.crypto_box_seal_open(sodium.from_base64(sealed, sodium.base64_variants.ORIGINAL), this.keys!.publicKey, this.keys!.privateKey),
    );
  }

  private async answer(request: IncomingMessage): Promise<{ status: number; body?: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    let result: { status: number; body?: unknown };
    try {
      result = await this.route(method, url.pathname, text ? (JSON.parse(text) as Json) : {}, request);
    } catch (error) {
      result = { status: 500, body: { message: String(error) } };
    }
    this.calls.push({ method, path: url.pathname, status: result.status });
    return result;
  }

  private async route(method: string, path: string, body: Json, request: IncomingMessage): Promise<{ status: number; body?: unknown }> {
    const authorization = request.headers.authorization ?? "";
    let m: RegExpExecArray | null;

    // The App's own calls: a JWT signed with its key.
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/installation$/.exec(path)) && method === "GET") {
      const jwt = authorization.replace(/^Bearer /, "");
      const app = await this.appOf(jwt);
      if (!app) return { status: 401, body: { message: "A JSON web token could not be decoded" } };
      const id = this.repositories.get(m[1]!)?.installations.get(app.id);
      return id === undefined ? notFound : { status: 200, body: { id, app_id: app.id, app_slug: app.slug, target_type: "User" } };
    }
    // A manifest's conversion needs no credential: the code is the proof.
    if ((m = /^\/app-manifests\/([^/]+)\/conversions$/.exec(path)) && method === "POST") {
      const manifest = this.codes.get(m[1]!);
      if (!manifest) return notFound;
      this.codes.delete(m[1]!);
      const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const slug = manifest.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      const app: StandInApp = {
        id: this.nextId++,
        slug,
        client_id: `Iv23li${randomBytes(7).toString("hex")}`,
        name: manifest.name,
        owner: this.login,
        publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
        privateKey: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
        permissions: manifest.default_permissions,
      };
      this.apps.set(slug, app);
      return {
        status: 201,
        body: {
          id: app.id,
          slug,
          node_id: `A_${app.id}`,
          name: app.name,
          client_id: app.client_id,
          client_secret: randomBytes(20).toString("hex"),
          webhook_secret: null,
          pem: app.privateKey,
          owner: { login: this.login, type: "User" },
          permissions: app.permissions,
          events: [],
        },
      };
    }
    if ((m = /^\/apps\/([^/]+)$/.exec(path)) && method === "GET") {
      const app = this.apps.get(m[1]!);
      return app
        ? { status: 200, body: { id: app.id, slug: app.slug, name: app.name, owner: { login: app.owner }, permissions: app.permissions } }
        : notFound;
    }

    // Everything else, as the signed-in operator.
    if (authorization !== `token ${this.token}`) return { status: 401, body: { message: "Bad credentials" } };
    if (path === "/user" && method === "GET") return { status: 200, body: { login: this.login, id: 1, type: "User" } };
    if ((path === "/user/repos" || /^\/orgs\/[^/]+\/repos$/.test(path)) && method === "POST") {
      const owner = path === "/user/repos" ? this.login : path.split("/")[2]!;
      const fullName = `${owner}/${String(body.name)}`;
      if (this.repositories.has(fullName))
        return {
          status: 422,
          body: { message: "Repository creation failed.", errors: [{ message: "name already exists on this account" }] },
        };
      return { status: 201, body: this.repositoryBody(this.addRepository(fullName)) };
    }
    if (!(m = /^\/repos\/([^/]+\/[^/]+)(\/.*)?$/.exec(path))) return notFound;
    const repository = this.repositories.get(m[1]!);
    if (!repository) return notFound;
    const rest = m[2] ?? "";
    if (rest === "" && method === "GET") return { status: 200, body: this.repositoryBody(repository) };
    if ((m = /^\/branches\/([^/]+)$/.exec(rest)) && method === "GET") {
      try {
        const sha = execFileSync("git", ["--git-dir", repository.bare, "rev-parse", "--verify", `refs/heads/${m[1]}`], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
        }).trim();
        return { status: 200, body: { name: m[1], commit: { sha }, protected: false } };
      } catch {
        return { status: 404, body: { message: "Branch not found" } };
      }
    }
    if ((m = /^\/environments\/([^/]+)$/.exec(rest))) {
      const name = m[1]!;
      if (method === "PUT") {
        const existing = repository.environments.get(name);
        repository.environments.set(name, {
          policies: existing?.policies ?? [],
          secrets: existing?.secrets ?? new Map(),
          deployment_branch_policy: body.deployment_branch_policy ?? null,
        });
      }
      const environment = repository.environments.get(name);
      return environment
        ? { status: 200, body: { name, deployment_branch_policy: environment.deployment_branch_policy, protection_rules: [] } }
        : notFound;
    }
    if ((m = /^\/environments\/([^/]+)\/deployment-branch-policies$/.exec(rest))) {
      const environment = repository.environments.get(m[1]!);
      if (!environment) return notFound;
      if (method === "POST") {
        const policy = { id: this.nextId++, name: String(body.name), type: String(body.type ?? "branch") };
        environment.policies.push(policy);
        return { status: 200, body: policy };
      }
      return { status: 200, body: { total_count: environment.policies.length, branch_policies: environment.policies } };
    }
    if ((m = /^\/environments\/([^/]+)\/secrets\/public-key$/.exec(rest)) && method === "GET") {
      if (!repository.environments.has(m[1]!)) return notFound;
      return {
        status: 200,
        body: { key_id: this.keys!.keyId, key: sodium.to_base64(this.keys!.publicKey, sodium.base64_variants.ORIGINAL) },
      };
    }
    if ((m = /^\/environments\/([^/]+)\/secrets\/([A-Z0-9_]+)$/.exec(rest))) {
      const environment = repository.environments.get(m[1]!);
      if (!environment) return notFound;
      const name = m[2]!;
      if (method === "PUT") {
        if (body.key_id !== this.keys!.keyId) return { status: 422, body: { message: "Bad request - key_id is not the environment's" } };
        try {
          sodium.crypto_box_seal_open(
            sodium.from_base64(String(body.encrypted_value), sodium.base64_variants.ORIGINAL),
            this.keys!.publicKey,
            this.keys!.privateKey,
          );
        } catch {
          return { status: 422, body: { message: "Bad request - encrypted_value could not be decrypted" } };
        }
        const created = !environment.secrets.has(name);
        environment.secrets.set(name, String(body.encrypted_value));
        return { status: created ? 201 : 204 };
      }
      return environment.secrets.has(name)
        ? { status: 200, body: { name, created_at: "2026-12-01T00:00:00Z", updated_at: "2026-12-01T00:00:00Z" } }
        : notFound;
    }
    if (rest === "/actions/variables" && method === "POST") {
      if (repository.variables.has(String(body.name)))
        return { status: 409, body: { message: "Already exists - Variable already exists" } };
      repository.variables.set(String(body.name), String(body.value));
      return { status: 201, body: {} };
    }
    if ((m = /^\/actions\/variables\/([A-Z0-9_]+)$/.exec(rest))) {
      const name = m[1]!;
      if (!repository.variables.has(name)) return notFound;
      if (method === "PATCH") {
        repository.variables.set(name, String(body.value));
        return { status: 204 };
      }
      return { status: 200, body: { name, value: repository.variables.get(name) } };
    }
    if (rest === "/rulesets") {
      if (!this.rulesetsAllowed)
        return { status: 403, body: { message: "Upgrade to GitHub Pro or make this repository public to enable this feature." } };
      if (method === "POST") {
        const ruleset = { ...body, id: this.nextId++, source: m?.[1] };
        repository.rulesets.push(ruleset);
        return { status: 201, body: ruleset };
      }
      return {
        status: 200,
        body: repository.rulesets.map((ruleset) => ({ id: ruleset.id, name: ruleset.name, enforcement: ruleset.enforcement })),
      };
    }
    return notFound;
  }

  private repositoryBody(repository: Repository) {
    return {
      full_name: `${repository.owner}/${repository.name}`,
      name: repository.name,
      owner: { login: repository.owner },
      private: true,
      default_branch: "main",
      clone_url: `file://${repository.bare}`,
    };
  }

  /** The App whose key signed `jwt` (issued by its client ID), if any. */
  private async appOf(jwt: string): Promise<StandInApp | undefined> {
    for (const app of this.apps.values()) {
      try {
        const { payload } = await jwtVerify(jwt, await importSPKI(app.publicKey, "RS256"), { issuer: app.client_id });
        if (typeof payload.exp === "number" && typeof payload.iat === "number" && payload.exp - payload.iat <= 600) return app;
      } catch {}
    }
    return undefined;
  }
}
