import { type Context, Hono } from "hono";
import cms from "virtual:cms";
import assets from "virtual:client-assets";
import { factsOf } from "../../content/facts.ts";
import { site } from "../../content/index.ts";
import type { Env } from "../../env.ts";
import type { AdminEnv } from "../gate.ts";
import { NotFoundPage } from "../pages/NotFoundPage.tsx";
import { inboxSignIn } from "../policy.ts";
import { renderAdminPage } from "../render.tsx";

/**
 * /admin/content/: the browser editor of content/ (Sveltia CMS, src/cms), behind the inbox's gate like every
 * /admin page. Its page is the only /admin page with a script, so it carries a Content-Security-Policy of
 * its own (below); every other /admin page keeps the site's. `config.yml` is the configuration generated
 * from the content schemas at build time (build/cms/config.ts), with the backend added here: on a loopback
 * host (the local signer's) the editor edits the working tree through the browser's local-folder access;
 * elsewhere it commits to the GitHub repository CMS_GITHUB_REPO, and without that setting it does not
 * exist (the inbox's 404).
 */
export const contentRoutes = new Hono<AdminEnv>();

const GITHUB_API = "https://api.github.com";
/** Sveltia CMS asks GitHub's status page every five minutes while its GitHub backend is configured. */
const GITHUB_STATUS = "https://www.githubstatus.com";
const GITHUB_AVATARS = "https://avatars.githubusercontent.com";

/**
 * The editor page's policy, as strict as Sveltia CMS runs under (measured; docs/deploying.md, "The editor's
 * Content-Security-Policy"): scripts from this site only (no inline script, no eval); inline styles, which
 * its components set; data: and blob: for its logo, icons and the preview frame (a blob: document); GitHub's
 * API, status page and avatars, which it asks whenever its GitHub backend is configured, as it always is
 * (locally too, beside the local repository). Under `vite dev`, Vite's reload socket too.
 */
export function editorPolicy({ dev }: { dev: boolean }): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'none'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", GITHUB_AVATARS],
    "font-src": ["'self'"],
    "connect-src": ["'self'", "data:", "blob:", GITHUB_API, GITHUB_STATUS, ...(dev ? ["ws:"] : [])],
    "frame-src": ["blob:"],
    "base-uri": ["'self'"],
    "form-action": ["'none'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** How the editor reaches the files for this request: the local repository, GitHub, or not at all. */
type Backend =
  | { readonly local: true; readonly repo?: string; readonly branch: string }
  | { readonly local: false; readonly repo: string; readonly branch: string };

function backendFor(env: Env, url: string): Backend | undefined {
  const repo = env.CMS_GITHUB_REPO?.trim() || undefined;
  const branch = env.CMS_GITHUB_BRANCH?.trim() || "main";
  if (inboxSignIn(env, url)?.by === "local-signer") return { local: true, repo, branch };
  return repo ? { local: false, repo, branch } : undefined;
}

/** The backend section of config.yml, written as YAML whose values are JSON strings. */
function backendYaml(backend: Backend, siteOrigin: string): string {
  const lines = ["backend:", "  name: github"];
  // Locally the editor offers "Work with Local Repository" beside the token sign-in, which needs a repository.
  lines.push(`  repo: ${JSON.stringify(backend.repo ?? "local/working-tree")}`, `  branch: ${JSON.stringify(backend.branch)}`);
  // A fine-grained token with read and write access to the repository's contents: no OAuth server needed.
  lines.push("  auth_methods: [token]");
  // The "view on the site" links: the production site, or this machine's server.
  if (!backend.local) lines.push(`site_url: ${JSON.stringify(siteOrigin)}`);
  return `${lines.join("\n")}\n`;
}

const refuse = (c: Context<AdminEnv>) => renderAdminPage(c, "Not found", <NotFoundPage />, 404);

contentRoutes.get("/", (c) => {
  const backend = backendFor(c.env, c.req.url);
  if (!backend) return refuse(c);
  c.header("Content-Security-Policy", editorPolicy({ dev: assets.dev }));
  const html = [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>Site content · ${escapeHtml(site.practiceName)}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="cms-config-url" type="application/yaml" href="/admin/content/config.yml">',
    // The previews are drawn with the site's stylesheet and facts (src/cms/previews.tsx).
    ...assets.styles.map((href) => `<meta name="preview-style" content="${escapeHtml(href)}">`),
    `<script type="application/json" id="site-facts">${jsonInHtml(factsOf(site))}</script>`,
    `<script type="module" src="${escapeHtml(cms.script)}"></script>`,
    "</head>",
    "<body></body>",
    "</html>",
  ].join("\n");
  return c.html(html);
});

contentRoutes.get("/config.yml", async (c) => {
  const backend = backendFor(c.env, c.req.url);
  if (!backend) return refuse(c);
  return c.body(`${backendYaml(backend, c.env.SITE_ORIGIN)}${await generatedConfig(c.env, c.req.url)}`, 200, {
    "Content-Type": "application/yaml; charset=utf-8",
  });
});

/** The configuration generated from the content schemas: inline, or in a build the file among its static files. */
async function generatedConfig(env: Env, url: string): Promise<string> {
  if ("inline" in cms.config) return cms.config.inline;
  const response = await env.ASSETS.fetch(new URL(cms.config.file, url));
  if (!response.ok) throw new Error(`The editor's configuration ${cms.config.file} answered ${response.status}`);
  return response.text();
}

contentRoutes.all("*", refuse);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON inside a <script> element: nothing in it can close the element. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
