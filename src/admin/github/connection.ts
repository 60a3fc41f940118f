import type { Env } from "../../env.ts";
import { inboxSignIn } from "../policy.ts";
import type { EditorTarget } from "./graphql-rules.ts";

/*
 * How the browser editor at /admin/content/ reaches the files, from configuration: through the Worker to the
 * practice's GitHub repository, as its GitHub App (docs/deploying.md, "The browser editor"), or, on this
 * machine without that connection, in the working tree through the browser's local-folder access.
 */

/** Everything the Worker needs to commit for the editor: the repository and branch, and the App. */
export interface GithubConnection extends EditorTarget {
  /** The App's client ID: the issuer of the JWT that asks for an installation token. */
  readonly clientId: string;
  readonly installationId: string;
  /** The App's private key, PKCS#8 PEM. */
  readonly privateKey: string;
  /** GitHub's REST API origin, without a trailing slash. */
  readonly api: string;
}

export type EditorMode =
  | { readonly kind: "github"; readonly connection: GithubConnection }
  /** This machine, without a GitHub connection: the editor opens the project folder itself. */
  | { readonly kind: "local-folder"; readonly branch: string }
  /** Not connected: the settings still missing, by name, for the operator. */
  | { readonly kind: "off"; readonly missing: readonly string[] };

const REPOSITORY = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/;

/** The GitHub connection the settings describe, or the names of the settings it still lacks. */
export function githubConnection(env: Env): GithubConnection | { missing: string[] } {
  const repo = REPOSITORY.exec(env.CMS_GITHUB_REPO?.trim() ?? "");
  const clientId = env.CMS_GITHUB_APP_CLIENT_ID?.trim() ?? "";
  const installationId = env.CMS_GITHUB_APP_INSTALLATION_ID?.trim() ?? "";
  const privateKey = env.CMS_GITHUB_APP_PRIVATE_KEY?.trim() ?? "";
  const api = (env.CMS_GITHUB_API?.trim() || "https://api.github.com").replace(/\/+$/, "");
  const missing = [
    ...(repo ? [] : ["CMS_GITHUB_REPO"]),
    ...(clientId ? [] : ["CMS_GITHUB_APP_CLIENT_ID"]),
    ...(/^\d+$/.test(installationId) ? [] : ["CMS_GITHUB_APP_INSTALLATION_ID"]),
    ...(privateKey ? [] : ["CMS_GITHUB_APP_PRIVATE_KEY"]),
  ];
  if (missing.length > 0 || !repo) return { missing };
  return { owner: repo[1]!, name: repo[2]!, branch: branchOf(env), clientId, installationId, privateKey, api };
}

const branchOf = (env: Env) => env.CMS_GITHUB_BRANCH?.trim() || "main";

/** How the editor works for this request: through GitHub wherever it is connected; else locally on this machine; else off. */
export function editorMode(env: Env, url: string): EditorMode {
  const connection = githubConnection(env);
  if (!("missing" in connection)) return { kind: "github", connection };
  if (inboxSignIn(env, url)?.by === "local-signer") return { kind: "local-folder", branch: branchOf(env) };
  return { kind: "off", missing: connection.missing };
}
