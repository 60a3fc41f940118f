/**
 * The browser editor's GitHub App, made through the manifest flow (the operator confirms it on GitHub), then
 * installed on the repository (the operator chooses it on GitHub): Contents read and write, Checks read,
 * Metadata read, no webhook. Its client ID and installation's ID into wrangler.toml, its private key (as
 * PKCS#8, which the Worker reads) for the deploy.
 */
import { createPrivateKey } from "node:crypto";
import { join } from "node:path";
import { SignJWT, importPKCS8 } from "jose";
import { AppFlow, type Manifest } from "../app-manifest.ts";
import { type Context, type Step, kept, made } from "../context.ts";
import { gh, ghApi } from "../github.ts";
import type { App } from "../state.ts";
import { Stop } from "../stop.ts";
import { setTomlValues } from "../toml.ts";

/** How often the installation is looked for while the operator installs the App, and for how long. */
const LOOK_EVERY_MS = 1000;
const WAIT_MS = 15 * 60 * 1000;

const manifest =
  (domain: string) =>
  (base: string): Manifest => ({
    name: `${domain} editor`.slice(0, 34),
    url: `https://${domain}`,
    hook_attributes: { url: `https://${domain}/`, active: false },
    redirect_url: `${base}created`,
    public: false,
    default_permissions: { contents: "write", checks: "read", metadata: "read" },
    default_events: [],
  });

async function makeApp(context: Context): Promise<App> {
  const [owner] = context.answers.repository!.split("/") as [string];
  const user = await gh<{ login: string }>("GET", "/user");
  const flow = new AppFlow();
  try {
    const url = await flow.start(manifest(context.answers.domain!), { login: owner, organization: user.login !== owner });
    context.say(`  Open ${url} in your browser: it takes you to GitHub to create the App; confirm there.`);
    const code = await flow.created;
    const app = await gh<{ id: number; slug: string; client_id: string; pem: string; owner: { login: string } }>(
      "POST",
      `/app-manifests/${code}/conversions`,
    );
    context.state.setSecret("CMS_GITHUB_APP_PRIVATE_KEY", createPrivateKey(app.pem).export({ type: "pkcs8", format: "pem" }).toString());
    const kept = { id: app.id, slug: app.slug, clientId: app.client_id, owner: app.owner.login };
    context.state.keep({ app: kept });
    return kept;
  } finally {
    flow.close();
  }
}

/** The App's installation on the repository, asked as the App (a JWT signed with its key). */
async function installation(context: Context, app: App): Promise<number | undefined> {
  const key = context.state.secrets.CMS_GITHUB_APP_PRIVATE_KEY;
  if (!key) return undefined;
  const now = Math.floor(Date.now() / 1000);
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: "RS256" })
    .setIssuer(app.clientId)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 540)
    .sign(await importPKCS8(key, "RS256"));
  const answer = await ghApi<{ id: number }>("GET", `/repos/${context.answers.repository}/installation`, undefined, {
    Authorization: `Bearer ${jwt}`,
  });
  return answer.status === 200 ? answer.body.id : undefined;
}

export const githubApp: Step = {
  title: "The browser editor's GitHub App",
  does: "makes the App from its manifest (you confirm it on GitHub; Contents: read and write, Checks: read), keeps its key for the deploy, waits while you install it on the repository, and writes CMS_GITHUB_APP_CLIENT_ID and CMS_GITHUB_APP_INSTALLATION_ID",
  async run(context) {
    const changes: string[] = [];
    let app = context.state.kept.app;
    if (app && (await ghApi("GET", `/apps/${app.slug}`)).status === 404) app = undefined;
    if (!app || !context.state.secrets.CMS_GITHUB_APP_PRIVATE_KEY) {
      app = await makeApp(context);
      changes.push(`made ${app.slug}`);
    }
    let installed = await installation(context, app);
    if (installed === undefined) {
      const link = `https://github.com/apps/${app.slug}/installations/new`;
      context.say(`  Install the App on ${context.answers.repository} alone: ${link} (Only select repositories). Waiting for it…`);
      for (const until = Date.now() + WAIT_MS; installed === undefined && Date.now() < until; ) {
        await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
        installed = await installation(context, app);
      }
      if (installed === undefined) throw new Stop(`The App is not installed on ${context.answers.repository} yet: install it there`, link);
      changes.push("installed");
    }
    context.state.keep({ installationId: installed });
    const written = setTomlValues(join(context.root, "wrangler.toml"), "vars", {
      CMS_GITHUB_APP_CLIENT_ID: app.clientId,
      CMS_GITHUB_APP_INSTALLATION_ID: String(installed),
    });
    if (written) changes.push("wrangler.toml");
    return changes.length ? made(`${app.slug}: ${changes.join(", ")}`) : kept(`${app.slug}, installed (${installed})`);
  },
};
