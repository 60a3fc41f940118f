import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import guideSource from "../../../docs/editing.md?raw";
import { cmsConfig } from "../../../build/cms/config.ts";
import { site } from "../../content/index.ts";
import { accessTeam } from "../../test/access-team.ts";
import { developerWordsIn } from "../../test/developer-words.ts";
import { fetchApp, inboxOff, makeLocalSigningKey } from "../../test/admin.ts";
import { visibleText } from "../../test/visible-text.ts";
import type { Env } from "../../env.ts";
import { LOCAL_DEVELOPER_EMAIL } from "../local-signer.ts";
import { editorPolicy } from "./routes.tsx";

/*
 * The browser editor's pages at /admin/content/ (routes.tsx): behind the inbox's gate like every
 * /admin page; a first screen that says who is signed in, when a change goes live and where the guide is;
 * the editor's page with a Content-Security-Policy of its own that no other page gets; and a configuration
 * that is the generated one (build/cms/config.ts) with the backend this request calls for: the Worker's
 * GitHub API where the GitHub App is connected, the local folder on this machine otherwise. The API itself
 * is tested in github/proxy.test.ts.
 */

const LOCAL = "http://localhost:8787";
const PRODUCTION = new URL(env.SITE_ORIGIN).origin;
/** The GitHub App's settings, as an operator sets them (the key is only read when GitHub is called). */
const CONNECTED: Partial<Env> = {
  CMS_GITHUB_REPO: "meridian/site",
  CMS_GITHUB_BRANCH: "live",
  CMS_GITHUB_APP_CLIENT_ID: "Iv23liTestClient",
  CMS_GITHUB_APP_INSTALLATION_ID: "4242",
  CMS_GITHUB_APP_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----",
};
const NOT_CONNECTED: Partial<Env> = { CMS_GITHUB_REPO: "", CMS_GITHUB_APP_CLIENT_ID: "", CMS_GITHUB_APP_INSTALLATION_ID: "" };
let signedIn: Partial<Env>;

beforeAll(async () => {
  signedIn = { ADMIN_LOCAL_SIGNING_KEY: await makeLocalSigningKey(), ...NOT_CONNECTED };
});

beforeEach(() => {
  // The gate's refusals and the site's 404s are logged; here they are expected.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

const read = async (response: Response) => ({
  status: response.status,
  headers: response.headers,
  // Decoded by hand: workerd warns when .text() reads a body whose type (application/yaml) is not text/*.
  body: new TextDecoder().decode(await response.arrayBuffer()),
});
const get = async (url: string, overrides: Partial<Env> = {}) => read(await fetchApp(url, {}, { ...signedIn, ...overrides }));

describe("on this machine without a GitHub connection (the local signer)", () => {
  it("opens on a first screen: who is signed in, the local folder, the editor and the guide", async () => {
    const { status, headers, body } = await get(`${LOCAL}/admin/content/`);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    const text = visibleText(body);
    expect(text).toContain(`You are signed in as ${LOCAL_DEVELOPER_EMAIL}, on this computer.`);
    expect(text).toContain("Work with Local Repository");
    expect(body).toContain('href="/admin/content/editor/"');
    expect(body).toContain('href="/admin/content/guide"');
    // An inbox page: no script.
    expect(body).not.toMatch(/<script/);
  });

  it("serves the editor's page: its one script, its config, the site's stylesheet and facts, never kept or indexed", async () => {
    const { status, headers, body } = await get(`${LOCAL}/admin/content/editor/`);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("x-robots-tag")).toBe("noindex");
    expect(body).toContain('<meta name="robots" content="noindex">');
    expect(body).toContain('<link rel="cms-config-url" type="application/yaml" href="/admin/content/config.yml">');
    expect(body.match(/<script type="module" src="[^"]+"><\/script>/g)).toEqual(['<script type="module" src="/src/cms/main.ts"></script>']);
    expect(body).toMatch(/<meta name="preview-style" content="[^"]+\.css">/);
    const previewSite = JSON.parse(/<script type="application\/json" id="preview-site">(.*?)<\/script>/.exec(body)![1]!);
    expect(previewSite.facts).toHaveProperty("practiceName");
    expect(previewSite.attorneyPath).toMatch(/^\/about\//);
    // No session to start: the editor opens the local folder.
    expect(body).not.toContain("editor-session");
  });

  it("gives that page, and it alone, the editor's policy: scripts from this site only, no eval, no other API host", async () => {
    const { headers } = await get(`${LOCAL}/admin/content/editor/`);
    const policy = headers.get("content-security-policy")!;
    expect(policy).toBe(editorPolicy({ dev: true }));
    expect(policy).toMatch(/(^|; )script-src 'self';/);
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(policy).toMatch(/(^|; )default-src 'none';/);
    expect(policy).toMatch(/connect-src 'self' data: blob: https:\/\/www\.githubstatus\.com ws:/);
    expect(policy).not.toContain("api.github.com");
    for (const path of ["/admin", "/admin/content/", "/admin/content/config.yml", "/admin/content/elsewhere", "/", "/resources"]) {
      const other = (await get(`${LOCAL}${path}`)).headers.get("content-security-policy");
      expect(other, path).not.toBe(policy);
      expect(other, path).toMatch(/(^|; )frame-src 'none'/);
      expect(other, path).not.toContain("github");
    }
  });

  it("sends /admin/content and /admin/content/editor to their pages with the slash the editor's links need", async () => {
    for (const [from, to] of [
      ["/admin/content", "/admin/content/"],
      ["/admin/content/editor", "/admin/content/editor/"],
    ]) {
      const { status, headers } = await get(`${LOCAL}${from}`);
      expect(status, from).toBe(308);
      expect(headers.get("location"), from).toBe(to);
    }
  });

  it("configures the local folder, with no token to paste: its one sign-in button is this site's window", async () => {
    const { status, headers, body } = await get(`${LOCAL}/admin/content/config.yml`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^application\/yaml/);
    const served = parse(body);
    expect(served.backend).toEqual({
      name: "github",
      repo: "local/working-tree",
      branch: "main",
      base_url: LOCAL,
      auth_endpoint: "admin/content/sign-in",
      auth_methods: ["oauth"],
    });
    expect(served.site_url).toBeUndefined();
    expect(served.logout_redirect_url).toBe("/admin/content/");
    const { collections, ...rest } = cmsConfig();
    expect(served).toMatchObject(rest);
    expect(served.collections).toEqual(collections);
  });

  it("answers that sign-in window with the local folder's way, and no token", async () => {
    const { status, body } = await get(`${LOCAL}/admin/content/sign-in?provider=github`);
    expect(status).toBe(200);
    const result = JSON.parse(/<script type="application\/json" id="sign-in-result">(.*?)<\/script>/.exec(body)![1]!) as string;
    expect(result).toMatch(/^authorization:github:error:/);
    expect(result).toContain("Work with Local Repository");
  });
});

describe("wherever the GitHub App is connected", () => {
  it("says on the first screen who is signed in and that a change goes live after the site's checks", async () => {
    const text = visibleText((await get(`${LOCAL}/admin/content/`, CONNECTED)).body);
    expect(text).toContain(`You are signed in as ${LOCAL_DEVELOPER_EMAIL}.`);
    expect(text).toContain("When a change goes live");
    expect(text).toMatch(/goes live once every check has passed/);
    expect(text).not.toContain("Work with Local Repository");
  });

  it("starts the editor signed in: its page names the session marker, which the sign-in window also hands back", async () => {
    const page = (await get(`${LOCAL}/admin/content/editor/`, CONNECTED)).body;
    const marker = /<meta name="editor-session" content="([^"]+)">/.exec(page)![1]!;
    const popup = await get(`${LOCAL}/admin/content/sign-in?provider=github`, CONNECTED);
    const result = JSON.parse(/<script type="application\/json" id="sign-in-result">(.*?)<\/script>/.exec(popup.body)![1]!) as string;
    expect(result).toBe(`authorization:github:success:${JSON.stringify({ token: marker })}`);
    // Its one inline script is allowed by its hash, and nothing else runs there.
    const script = /<script>([\s\S]*?)<\/script>/.exec(popup.body)![1]!;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script)));
    expect(popup.headers.get("content-security-policy")).toContain(`script-src 'sha256-${btoa(String.fromCharCode(...digest))}'`);
  });

  it("points the editor at the Worker's GitHub API on this site, for the configured repository and branch", async () => {
    const served = parse((await get(`${LOCAL}/admin/content/config.yml`, CONNECTED)).body);
    expect(served.backend).toEqual({
      name: "github",
      repo: "meridian/site",
      branch: "live",
      api_root: `${LOCAL}/admin/content/github`,
      base_url: LOCAL,
      auth_endpoint: "admin/content/sign-in",
      auth_methods: ["oauth"],
    });
    expect(JSON.stringify(served)).not.toContain("PRIVATE KEY");
  });
});

describe("the guide", () => {
  it("is docs/editing.md as a page behind the gate: its title, every section, no link into the repository", async () => {
    const { status, body } = await get(`${LOCAL}/admin/content/guide`);
    expect(status).toBe(200);
    const title = /^# (.+)$/m.exec(guideSource)![1]!;
    expect(body).toContain(`<h1 class="font-serif`);
    expect(visibleText(body)).toContain(title);
    const sections = [...guideSource.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.replace(/[*`]/g, ""));
    expect(sections.length).toBeGreaterThan(1);
    for (const section of sections) expect(visibleText(body), section).toContain(section);
    expect(body).not.toMatch(/href="[^"#][^"]*\.md/);
  });

  it("shows the practice's facts filled in, never a {{token}}, and no developer's word", async () => {
    const { body } = await get(`${LOCAL}/admin/content/guide`);
    expect(guideSource).toMatch(/\{\{\s*[A-Za-z]+\s*\}\}/);
    expect(body).not.toContain("{{");
    // The guide's own words (the page's header names the local developer, developer@localhost).
    expect(developerWordsIn(visibleText(body).replaceAll(LOCAL_DEVELOPER_EMAIL, ""))).toEqual([]);
  });
});

describe("on the production host", () => {
  const ALLOWED = "attorney@example.com";
  let team: Awaited<ReturnType<typeof accessTeam>>;

  beforeAll(async () => {
    team = await accessTeam(ALLOWED);
  });

  const throughAccess = async (path: string, overrides: Partial<Env>, accessToken?: string) =>
    read(await team.fetchAdmin(path, overrides, accessToken));

  it("does not exist without Access, as the inbox does not: the site's 404, even with the local key set", async () => {
    for (const path of [
      "/admin/content/",
      "/admin/content/editor/",
      "/admin/content/config.yml",
      "/admin/content",
      "/admin/content/guide",
    ]) {
      const { status, body } = await get(`${PRODUCTION}${path}`, { ...inboxOff, ...signedIn, ...CONNECTED });
      expect(status, path).toBe(404);
      expect(body, path).not.toMatch(/collections:|cms-config-url|meridian\/site/);
    }
  });

  it("refuses a request without a valid Access token as every /admin page does: 403, empty", async () => {
    for (const path of ["/admin/content/", "/admin/content/editor/", "/admin/content/config.yml", "/admin/content/sign-in"]) {
      expect(await throughAccess(path, CONNECTED), path).toMatchObject({ status: 403, body: "" });
      expect(await throughAccess(path, CONNECTED, "not-a-token"), path).toMatchObject({ status: 403, body: "" });
    }
  });

  it("tells a signed-in attorney the editor is not connected yet, and the operator what is missing", async () => {
    const first = await throughAccess("/admin/content/", { ...NOT_CONNECTED, CMS_GITHUB_REPO: "meridian/site" }, await team.token());
    expect(first.status).toBe(200);
    const text = visibleText(first.body);
    expect(text).toContain(`You are signed in as ${ALLOWED}.`);
    expect(text).toContain("The editor is not connected to the site’s files yet.");
    expect(text).toContain("CMS_GITHUB_APP_CLIENT_ID, CMS_GITHUB_APP_INSTALLATION_ID");
    expect(text).not.toContain("Work with Local Repository");
    for (const path of ["/admin/content/editor/", "/admin/content/config.yml", "/admin/content/sign-in"])
      expect((await throughAccess(path, NOT_CONNECTED, await team.token())).status, path).toBe(404);
  });

  it("speaks to her: no developer's word on the first screen or the sign-in window, the practice's name on the editor's", async () => {
    const first = await throughAccess("/admin/content/", CONNECTED, await team.token());
    expect(first.status).toBe(200);
    expect(visibleText(first.body)).toContain("Open the editor");
    expect(developerWordsIn(visibleText(first.body))).toEqual([]);
    const signIn = await throughAccess("/admin/content/sign-in?provider=github", CONNECTED, await team.token());
    expect(signIn.status).toBe(200);
    expect(developerWordsIn(visibleText(signIn.body))).toEqual([]);
    // Sveltia's entrance page and tab: the practice's name and mark, not Sveltia's.
    const served = parse((await throughAccess("/admin/content/config.yml", CONNECTED, await team.token())).body);
    expect(served.app_title).toBe(`${site.practiceName} · Site content`);
    expect(served.logo).toEqual({ src: "/favicon.svg" });
  });

  it("commits through this site to the configured repository and branch, and links to the production site", async () => {
    expect((await throughAccess("/admin/content/editor/", CONNECTED, await team.token())).status).toBe(200);
    const { status, body } = await throughAccess("/admin/content/config.yml", CONNECTED, await team.token());
    expect(status).toBe(200);
    const served = parse(body);
    expect(served.backend).toMatchObject({ repo: "meridian/site", branch: "live", api_root: `${PRODUCTION}/admin/content/github` });
    expect(served.site_url).toBe(env.SITE_ORIGIN);
  });
});
