import { exportPKCS8, generateKeyPair } from "jose";
import type { Env } from "../env.ts";

/** The repository and the GitHub App installation the editor's Worker tests connect to. */
export const TEST_APP = { owner: "meridian", name: "site", branch: "main", clientId: "Iv23liTestClient", installationId: "4242" } as const;

/** A key pair for the App: the private half for the Worker (PKCS#8), the public half for the stub to verify with. */
export async function testAppKeys(): Promise<{ privateKeyPem: string; publicKey: CryptoKey }> {
  const pair = await generateKeyPair("RS256", { extractable: true });
  return { privateKeyPem: await exportPKCS8(pair.privateKey), publicKey: pair.publicKey };
}

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
