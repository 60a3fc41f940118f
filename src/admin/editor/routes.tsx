import { Hono } from "hono";
import cms from "virtual:cms";
import assets from "virtual:client-assets";
import { cspHash } from "../../csp-hash.ts";
import { factsOf } from "../../content/facts.ts";
import { site } from "../../content/index.ts";
import { attorneyPathOf } from "../../content/site.ts";
import type { Env } from "../../env.ts";
import { EDITOR_PATH, FirstScreen, GuidePage } from "./EditorPages.tsx";
import type { AdminEnv } from "../gate.ts";
import { type EditorMode, editorMode } from "../github/connection.ts";
import { lastSave } from "../github/last-save.ts";
import { githubProxy } from "../github/proxy.ts";
import { isLoopbackRequest } from "../policy.ts";
import { renderAdminPage, renderNotFound } from "../shared/render.tsx";

/**
 * /admin/content/: the browser editor of content/ (Sveltia CMS, src/cms), behind the inbox's gate like every
 * /admin page, so whoever may open the inbox may edit, and no one else.
 *
 * - `/admin/content/`: the first screen (who is signed in, whether their last save is live, when a change
 *   goes live, the guide), in the
 *   inbox's document; `/admin/content/guide`: docs/editing.md.
 * - `/admin/content/editor/`: the editor's page, the only /admin page with a script, with a
 *   Content-Security-Policy of its own (below); `config.yml`, the configuration generated from the content
 *   schemas at build time (build/cms/config.ts) with the backend added here.
 * - `/admin/content/github/`: the GitHub API the editor talks to (its `api_root`), served by the Worker
 *   (../github/proxy.ts), which commits as the practice's GitHub App under content/ only.
 * - `/admin/content/sign-in`: the sign-in window the editor opens if it ever shows its sign-in screen (a
 *   session gone stale): it hands back a marker that opens nothing, since the gate is the sign-in.
 *
 * Without a GitHub connection the editor works on a loopback host only (the local signer's), in the working
 * tree through the browser's local-folder access; elsewhere the first screen says it is not connected yet.
 */
export const contentRoutes = new Hono<AdminEnv>();

/** Sveltia CMS asks GitHub's status page every five minutes while its GitHub backend is configured. */
const GITHUB_STATUS = "https://www.githubstatus.com";

/**
 * What the editor holds as its "token": a marker that opens nothing. The Worker's proxy ignores it (the
 * gate's sign-in is what counts) and calls GitHub with a token the browser never sees.
 */
const SESSION_MARKER = "signed-in-through-the-site";

/** Where the editor's API and sign-in window are, relative to the site's origin. */
const API_PATH = "/admin/content/github";
/** The practice's mark (the site's favicon), on the editor's screens in place of Sveltia's logo. */
const LOGO_PATH = "/favicon.svg";
const SIGN_IN_PATH = "admin/content/sign-in";

/**
 * The editor page's policy, as strict as Sveltia CMS runs under (measured; docs/deploying.md, "The editor's
 * Content-Security-Policy"): scripts from this site only (no inline script, no eval); inline styles, which
 * its components set; data: and blob: for its logo, icons and the preview frame (a blob: document); this
 * site for its API (the Worker's proxy) and GitHub's status page, which it asks whenever its GitHub backend
 * is configured, as it always is (locally too, beside the local folder). Under `vite dev`, Vite's reload
 * socket too.
 */
export function editorPolicy({ dev }: { dev: boolean }): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'none'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", "data:", "blob:", GITHUB_STATUS, ...(dev ? ["ws:"] : [])],
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

/** The backend section of config.yml (and the addresses the Worker knows), as YAML whose values are JSON strings. */
function backendYaml(mode: Exclude<EditorMode, { kind: "off" }>, env: Env, url: string): string {
  const origin = new URL(url).origin;
  const repo = mode.kind === "github" ? `${mode.connection.owner}/${mode.connection.name}` : "local/working-tree";
  const branch = mode.kind === "github" ? mode.connection.branch : mode.branch;
  const lines = ["backend:", "  name: github", `  repo: ${JSON.stringify(repo)}`, `  branch: ${JSON.stringify(branch)}`];
  if (mode.kind === "github") lines.push(`  api_root: ${JSON.stringify(`${origin}${API_PATH}`)}`);
  // No token to paste: the one sign-in button opens this site's sign-in window (SIGN_IN_PATH).
  lines.push(`  base_url: ${JSON.stringify(origin)}`, `  auth_endpoint: ${JSON.stringify(SIGN_IN_PATH)}`, "  auth_methods: [oauth]");
  // The editor's own screens and tab name the practice and show its mark, not Sveltia's.
  lines.push(`app_title: ${JSON.stringify(`${site.practiceName} · Site content`)}`, "logo:", `  src: ${JSON.stringify(LOGO_PATH)}`);
  // Signing out of the editor leads back to the first screen.
  lines.push(`logout_redirect_url: ${JSON.stringify("/admin/content/")}`);
  // The "view on the site" links: the production site, or (on this machine) this server.
  if (!isLoopbackRequest(url)) lines.push(`site_url: ${JSON.stringify(env.SITE_ORIGIN)}`);
  return `${lines.join("\n")}\n`;
}

contentRoutes.get("/", async (c) => {
  const mode = editorMode(c.env, c.req.url);
  // Whether her last save is live: read from GitHub (never an error: "ask your operator" when it cannot tell).
  const last = mode.kind === "github" ? await lastSave(mode.connection, c.var.adminEmail) : undefined;
  return renderAdminPage(c, "Edit the site", <FirstScreen email={c.var.adminEmail} mode={mode} last={last} />);
});

contentRoutes.get("/guide", async (c) =>
  renderAdminPage(c, cms.guide.title, <GuidePage title={cms.guide.title} html={await builtText(c.env, c.req.url, cms.guide.page)} />),
);

contentRoutes.get("/editor", (c) => c.redirect(EDITOR_PATH, 308));

contentRoutes.get("/editor/", (c) => {
  const mode = editorMode(c.env, c.req.url);
  if (mode.kind === "off") return renderNotFound(c);
  c.header("Content-Security-Policy", editorPolicy({ dev: assets.dev }));
  const html = [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>Edit the site · ${escapeHtml(site.practiceName)}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="cms-config-url" type="application/yaml" href="/admin/content/config.yml">',
    // Through the Worker, the editor signs in as the gate let the person in (src/cms/main.ts).
    ...(mode.kind === "github" ? [`<meta name="editor-session" content="${SESSION_MARKER}">`] : []),
    // The previews are drawn with the site's stylesheet and facts (src/cms/previews.tsx).
    ...assets.styles.map((href) => `<meta name="preview-style" content="${escapeHtml(href)}">`),
    `<script type="application/json" id="preview-site">${jsonInHtml(previewSite)}</script>`,
    `<script type="module" src="${escapeHtml(cms.script)}"></script>`,
    "</head>",
    "<body></body>",
    "</html>",
  ].join("\n");
  return c.html(html);
});

contentRoutes.get("/config.yml", async (c) => {
  const mode = editorMode(c.env, c.req.url);
  if (mode.kind === "off") return renderNotFound(c);
  return c.body(`${backendYaml(mode, c.env, c.req.url)}${await builtText(c.env, c.req.url, cms.config)}`, 200, {
    "Content-Type": "application/yaml; charset=utf-8",
  });
});

/**
 * The sign-in window's script: Sveltia's hand-shake with the window that opened it (the one Decap CMS's
 * OAuth providers speak): announce, wait for the echo from this origin, then post the result, which the page
 * carries as JSON. The same text on every answer, allowed by its hash.
 */
const SIGN_IN_SCRIPT = [
  'const result = JSON.parse(document.getElementById("sign-in-result").textContent);',
  'addEventListener("message", (event) => {',
  '  if (event.origin === location.origin && event.data === "authorizing:github") opener.postMessage(result, location.origin);',
  "});",
  'if (opener) opener.postMessage("authorizing:github", location.origin);',
].join("\n");

/** On this computer, where there is nothing to sign in to: the one way in, in plain words. */
const LOCAL_SIGN_IN =
  "On this computer the editor changes the site’s files here, not the live site: choose “Work with Local Repository” and pick the site’s folder.";

contentRoutes.get("/sign-in", async (c) => {
  const mode = editorMode(c.env, c.req.url);
  if (mode.kind === "off") return renderNotFound(c);
  const result =
    mode.kind === "github"
      ? `authorization:github:success:${JSON.stringify({ token: SESSION_MARKER })}`
      : `authorization:github:error:${JSON.stringify({ error: LOCAL_SIGN_IN })}`;
  const words = mode.kind === "github" ? "Signing you in to the editor…" : LOCAL_SIGN_IN;
  c.header(
    "Content-Security-Policy",
    `default-src 'none'; script-src '${await cspHash(SIGN_IN_SCRIPT)}'; style-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  return c.html(
    [
      "<!doctype html>",
      '<html lang="en">',
      '<head><meta charset="utf-8"><meta name="robots" content="noindex">',
      `<title>Sign in · ${escapeHtml(site.practiceName)}</title>`,
      ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
      "</head>",
      `<body class="p-8"><p>${escapeHtml(words)}</p><p class="mt-4"><a class="text-accent underline" href="/admin/content/">Edit the site</a></p>`,
      `<script type="application/json" id="sign-in-result">${jsonInHtml(result)}</script>`,
      `<script>${SIGN_IN_SCRIPT}</script>`,
      "</body></html>",
    ].join("\n"),
  );
});

contentRoutes.route("/github", githubProxy);

/**
 * What the build made for these pages (the configuration generated from the content schemas, the guide):
 * inline, or in a build a file among its static files, read behind the gate.
 */
async function builtText(env: Env, url: string, made: { readonly inline: string } | { readonly file: string }): Promise<string> {
  if ("inline" in made) return made.inline;
  const response = await env.ASSETS.fetch(new URL(made.file, url));
  if (!response.ok) throw new Error(`The editor's ${made.file} answered ${response.status}`);
  return response.text();
}

contentRoutes.all("*", renderNotFound);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON inside a <script> element: nothing in it can close the element. */
/** What the editor's previews set beside an entry's own words (PreviewSite in src/cms/previews.tsx). */
const previewSite = { facts: factsOf(site), attorneyPath: attorneyPathOf(site), portfolioHref: site.links.portfolio.href };

const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
