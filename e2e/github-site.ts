import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { type IncomingMessage, type Server, createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { exportPKCS8, generateKeyPair } from "jose";
import { GithubStub } from "../src/test/github-stub.ts";
import { editorGithubPorts } from "./servers.ts";

/**
 * The built site as `npm start` serves it, connected to a GitHub App, with GitHub itself stood in for at the
 * network edge: the stub of src/test/github-stub.ts behind a Node server (GitHub cannot be reached here),
 * holding a repository whose content/ is this project's. The site's Worker is given the App's settings in an
 * env file of its own (a key pair made for the run; the stub checks the App's JWTs with its public half) and
 * CMS_GITHUB_API pointing at the stub; it signs in with the local signer as every local server does.
 */
export interface GithubSite {
  readonly origin: string;
  readonly stub: GithubStub;
  readonly repo: { readonly owner: string; readonly name: string; readonly branch: string };
  close(): Promise<void>;
}

/** Every file of a folder, by its path relative to `root`. */
function filesUnder(root: string, folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? Object.entries(filesUnder(root, path)) : [[relative(root, path), readFileSync(path, "utf8")]];
    }),
  );
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });

/** The stub answering HTTP on `port`. */
function serve(stub: GithubStub, port: number): Promise<Server> {
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const answer = await stub.fetch(
      new Request(`http://127.0.0.1:${port}${request.url}`, {
        method: request.method,
        headers: Object.entries(request.headers).flatMap(([name, value]) =>
          typeof value === "string" ? [[name, value] as [string, string]] : [],
        ),
        body: request.method === "GET" || request.method === "HEAD" ? undefined : new Uint8Array(body),
      }),
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

async function waitFor(url: string, child: ChildProcess, log: () => string) {
  for (let i = 0; i < 240; i += 1) {
    if (child.exitCode !== null) throw new Error(`the site's server stopped (${child.exitCode}):\n${log()}`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the site's server did not answer at ${url}:\n${log()}`);
}

export async function startGithubSite(): Promise<GithubSite> {
  const repo = { owner: "meridian", name: "site", branch: "main" };
  const clientId = "Iv23liE2eClient";
  const installationId = "4242";
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const stub = new GithubStub({
    ...repo,
    files: { ...filesUnder(".", "content"), "package.json": readFileSync("package.json", "utf8") },
    clientId,
    installationId,
    appKey: publicKey,
  });
  const server = await serve(stub, editorGithubPorts.stub);
  const folder = mkdtempSync(join(tmpdir(), "editor-github-"));
  const envFile = join(folder, "github.env");
  const values = {
    CMS_GITHUB_REPO: `${repo.owner}/${repo.name}`,
    CMS_GITHUB_BRANCH: repo.branch,
    CMS_GITHUB_APP_CLIENT_ID: clientId,
    CMS_GITHUB_APP_INSTALLATION_ID: installationId,
    CMS_GITHUB_API: `http://127.0.0.1:${editorGithubPorts.stub}`,
    CMS_GITHUB_APP_PRIVATE_KEY: await exportPKCS8(privateKey),
  };
  // Double-quoted values, newlines as \n: how a dotenv file carries a PEM.
  writeFileSync(
    envFile,
    Object.entries(values)
      .map(([name, value]) => `${name}="${value.replaceAll("\n", "\\n")}"\n`)
      .join(""),
  );
  let output = "";
  const site = spawn("npm", ["run", "start:e2e", "--", "--env-file", envFile], {
    env: { ...process.env, PORT: String(editorGithubPorts.site), SERVE: "serve:local" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  site.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  site.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const origin = `http://localhost:${editorGithubPorts.site}`;
  const close = async () => {
    // The process group this started (npm, wrangler and workerd under it), by its id.
    if (site.exitCode === null && site.pid) process.kill(-site.pid, "SIGTERM");
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitFor(`${origin}/`, site, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return { origin, stub, repo, close };
}
