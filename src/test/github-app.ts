import { exportPKCS8, generateKeyPair } from "jose";
import { vi } from "vitest";
import type { Env } from "../env.ts";
import { makeLocalSigningKey } from "./admin.ts";
import { GithubStub } from "./github-stub.ts";

/** The repository and the GitHub App installation the editor's Worker tests connect to. */
export const TEST_APP = { owner: "meridian", name: "site", branch: "main", clientId: "Iv23liTestClient", installationId: "4242" } as const;

/** A key pair for the App: the private half for the Worker (PKCS#8), the public half for the stub to verify with. */
export async function testAppKeys(): Promise<{ privateKeyPem: string; publicKey: CryptoKey }> {
  const pair = await generateKeyPair("RS256", { extractable: true });
  return { privateKeyPem: await exportPKCS8(pair.privateKey), publicKey: pair.publicKey };
}

/** The keys an editor test signs with: the App's pair, and the local developer's sign-in key. */
export interface EditorKeys {
  readonly privateKeyPem: string;
  readonly publicKey: CryptoKey;
  readonly localKey: string;
}

export const editorKeys = async (): Promise<EditorKeys> => ({ ...(await testAppKeys()), localKey: await makeLocalSigningKey() });

/** The Worker's settings that connect the editor to TEST_APP on GitHub at `api`, signed in locally with `localKey`. */
export const connectedEditor = (api: string, privateKeyPem: string, localKey: string): Partial<Env> => ({
  ADMIN_LOCAL_SIGNING_KEY: localKey,
  CMS_GITHUB_REPO: `${TEST_APP.owner}/${TEST_APP.name}`,
  CMS_GITHUB_BRANCH: TEST_APP.branch,
  CMS_GITHUB_APP_CLIENT_ID: TEST_APP.clientId,
  CMS_GITHUB_APP_INSTALLATION_ID: TEST_APP.installationId,
  CMS_GITHUB_APP_PRIVATE_KEY: privateKeyPem,
  CMS_GITHUB_API: api,
});

let origins = 0;
const nextOrigin = () => `https://github-${(origins += 1)}.test`;

/**
 * A GitHub of its own for one test: TEST_APP's repository holding `files`, stubbed at an origin no earlier
 * test used (so no token or state it cached is used), put in place of the network for that origin; and the
 * Worker's settings that connect the editor to it. `moved()` gives the same GitHub a new origin, and the
 * settings for it. While `reachable()` is false the network fails for it, as when GitHub is down.
 * `vi.restoreAllMocks()` takes it away.
 */
export function stubbedGithub(files: Readonly<Record<string, string>>, keys: EditorKeys, reachable: () => boolean = () => true) {
  let api = nextOrigin();
  const { owner, name, branch, clientId, installationId } = TEST_APP;
  const stub = new GithubStub({ owner, name, branch, files, clientId, installationId, appKey: keys.publicKey });
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(`${api}/`)) return network(input, init);
    if (!reachable()) return Promise.reject(new TypeError("Network connection lost."));
    return stub.fetch(request);
  });
  const settingsAt = () => connectedEditor(api, keys.privateKeyPem, keys.localKey);
  return {
    stub,
    settings: settingsAt(),
    moved: () => {
      api = nextOrigin();
      return settingsAt();
    },
  };
}
