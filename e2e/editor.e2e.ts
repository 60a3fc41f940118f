import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type ViteDevServer, createServer } from "vite";
import { parse } from "yaml";
import { CLIENT_ENTRY } from "../build/client-assets.ts";
import { labelOf } from "../build/cms/config.ts";
import { CMS_ASSETS_DIR, CMS_CONFIG_FILE, CMS_ENTRY, CMS_GUIDE_FILE, CMS_MANIFEST } from "../build/cms/vite-plugin.ts";
import { loadContent } from "../build/content/load.ts";
import { testPicture } from "../build/content/test-pictures.ts";
import { singleFiles } from "../src/content/schema/index.ts";
import { attorneyPathOf } from "../src/content/site.ts";
import { pagePathPerKind } from "../scripts/lib/site-routes.ts";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { type ConsoleRecord, expect, gotoHydrated, test } from "./fixtures.ts";
import { startGithubSite } from "./github-site.ts";
import { answerFolderPicker } from "./local-folder.ts";
import { editorDevPort } from "./servers.ts";

/*
 * The browser editor at /admin/content/, desktop only:
 * - as `npm run dev` gives it to a writer without a GitHub connection: the first screen, "Work with Local
 *   Repository", an article's title and a field of the attorney page changed and saved. The files change,
 *   pass the content check, and the site shows them at once. The project is a temporary copy (content/ and
 *   a .git marker): the folder picker is answered by e2e/local-folder.ts there, and a `vite dev` of the
 *   project reads its content from there (CONTENT_DIR), so the working tree is never touched;
 * - as the attorney meets it where the GitHub App is connected, on the built site with GitHub stood in for
 *   (e2e/github-site.ts): the first screen, the editor signed in already, an article's title changed and
 *   saved, and the one commit GitHub receives; then a cover uploaded into the article from a file, with its
 *   words, and the commit that adds the picture under content/images/ beside the article naming it.
 */

const ORIGIN = `http://localhost:${editorDevPort}`;

/**
 * A temporary copy of the project (content/ and a .git marker) and a `vite dev` of the project reading it,
 * ready: its packages pre-bundled, and the Worker's modules and the editor's entry loaded once, so that the
 * browser meets the server as a writer does once `npm run dev` has started.
 */
async function devServerOfCopy(): Promise<{ project: string; server: ViteDevServer }> {
  const project = mkdtempSync(join(tmpdir(), "editor-test-"));
  cpSync("content", join(project, "content"), { recursive: true });
  // The editor's local mode opens only a folder that is a git repository.
  mkdirSync(join(project, ".git"));
  writeFileSync(join(project, ".git", "HEAD"), "ref: refs/heads/main\n");
  process.env.CONTENT_DIR = join(project, "content");
  // The inbox's pages read the local D1, as `npm run dev` migrates it first (here while the server starts).
  const migrated = promisify(execFile)("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"]);
  migrated.catch(() => {}); // awaited below, once the server listens
  let server: ViteDevServer;
  try {
    server = await createServer({
      configFile: "vite.config.ts",
      // Its own cache of pre-bundled packages, so a developer's `npm run dev` alongside is left alone.
      cacheDir: "node_modules/.vite-editor-test",
      logLevel: "error",
      server: { port: editorDevPort, strictPort: true },
      // The `cms` environment is the editor's build (vite.config.ts); `vite dev` serves the editor from the
      // client's. Its own pre-bundling of the same package served nothing and took as much CPU again.
      environments: { cms: { optimizeDeps: { noDiscovery: true, include: [] } } },
    });
    await server.listen();
  } finally {
    delete process.env.CONTENT_DIR;
  }
  await migrated;
  await prebundled(server);
  for (const path of ["/admin/content/", `/${CMS_ENTRY}`]) {
    const response = await fetch(`${ORIGIN}${path}`);
    expect(response.status, path).toBe(200);
  }
  return { project, server };
}

/** Once each environment's pre-bundling of packages has ended (a fresh cache has it run at start-up). */
async function prebundled(server: ViteDevServer) {
  for (const { depsOptimizer } of Object.values(server.environments)) {
    await depsOptimizer?.scanProcessing;
    await Promise.all(Object.values(depsOptimizer?.metadata.discovered ?? {}).map((dependency) => dependency.processing));
  }
}

test.describe("as `npm run dev` gives it", () => {
  let dev: { project: string; server: ViteDevServer } | undefined;

  test.beforeAll(async () => {
    if (test.info().project.name !== "desktop") return;
    // A bound for a server that never comes up: from a fresh clone, beside the other tests on two cores,
    // starting `vite dev` and pre-bundling the editor's packages has taken more than a minute.
    test.setTimeout(240_000);
    dev = await devServerOfCopy();
  });

  test.afterAll(async () => {
    await dev?.server.close();
    if (dev) rmSync(dev.project, { recursive: true, force: true });
  });

  test("edits an article and the attorney page in the browser; the files pass the check and the site shows them", async ({
    page,
    console,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one server and one browser for the editor: desktop only");
    test.setTimeout(180_000);
    try {
      await editInTheBrowser(page, dev!.project, console);
    } finally {
      // Off the dev server's pages first: a page left open would try to reconnect to it as it stops.
      await page.goto("about:blank");
    }
  });
});

async function editInTheBrowser(page: Page, project: string, console: ConsoleRecord & { allow(pattern: RegExp): void }) {
  // Sveltia CMS's preview frame is a blob: document it scripts, sandboxed with both allow-scripts and
  // allow-same-origin, which Chromium warns of.
  console.allow(/allow-scripts and allow-same-origin/);
  const before = loadContent({ root: project }).content;
  const fileOf = (slug: string) => join(project, "content", "articles", `${slug}.md`);
  // A published article directly in content/articles (the editor lists those in subfolders in a tree).
  const article = before.articles.find((piece) => piece.status === "published" && existsSync(fileOf(piece.slug)));
  test.skip(!article, "content/articles has no published article to edit");
  const articleFile = fileOf(article!.slug);
  const attorneyFile = join(project, "content", singleFiles.attorney.path);
  // The editor shows the fields as written ({{facts}} and placeholder(…) included); the site, as compiled.
  const written = (file: string) => parse(/^---\n([\s\S]*?)\n---/.exec(readFileSync(file, "utf8"))![1]!) as Record<string, string>;
  const { title: writtenTitle } = written(articleFile);
  const { role: writtenRole } = written(attorneyFile);
  const added = { title: " (edited in the browser)", role: " and Educator" };
  const newTitle = `${article!.title}${added.title}`;
  const newRole = `${before.pages.attorney.role}${added.role}`;

  const violations: string[] = [];
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(ORIGIN) && !request.url().startsWith("blob:")) elsewhere.push(request.url());
  });
  await page.exposeFunction("__violation", (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { __violation(text: string): void }).__violation(`${event.effectiveDirective} ${event.blockedURI}`),
    ),
  );
  // Its policy allows GitHub's status page, which the test answers rather than let it reach the network.
  await answerGithubStatus(page);
  await answerFolderPicker(page, project);

  // The first screen, then the editor, which offers the project folder and no token to paste.
  await page.goto(`${ORIGIN}/admin/content/`);
  await expect(page.getByText("You are signed in as developer@localhost, on this computer.")).toBeVisible();
  await page.getByRole("link", { name: "Open the editor" }).click();
  // The editor's 2.7 MB of script, as `vite dev` serves it (not minified), beside the other tests on two cores.
  await expect(page.getByRole("button", { name: "Work with Local Repository" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: /Access Token/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Work with Local Repository" }).click();
  await page.evaluate(() => Object.assign(window, { editorStillOpen: true }));

  // An article's title.
  await page.getByText(writtenTitle!, { exact: false }).first().click();
  const title = page.getByRole("textbox", { name: labelOf("title"), exact: false }).first();
  await expect(title).toHaveValue(writtenTitle!);
  await title.fill(`${writtenTitle}${added.title}`);
  // The preview sets it as the site does, in the site's stylesheet.
  const preview = page.frameLocator('iframe[src^="blob:"]').first();
  await expect(preview.locator("h1")).toHaveText(newTitle);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect.poll(() => written(articleFile).title).toBe(`${writtenTitle}${added.title}`);
  // Once the file is saved, the editor goes back to the collection's list: going on before it does would
  // have that move undo the next one.
  await expect(page).toHaveURL(/#\/collections\/articles$/);

  // A field of the attorney page.
  await page.evaluate(() => (location.hash = "#/collections/pages/entries/attorney"));
  const role = page.getByRole("textbox", { name: labelOf("role"), exact: false }).first();
  await expect(role).toHaveValue(writtenRole!);
  await role.fill(`${writtenRole}${added.role}`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect.poll(() => written(attorneyFile).role).toBe(`${writtenRole}${added.role}`);

  // The editor kept its page through the saves (under vite dev every other page reloads).
  expect(await page.evaluate(() => (window as unknown as { editorStillOpen?: boolean }).editorStillOpen)).toBe(true);
  expect(violations, "Content-Security-Policy violations on /admin/content/").toEqual([]);
  expect(
    elsewhere.filter((url) => !url.startsWith("https://www.githubstatus.com/")),
    "requests to other hosts than this site",
  ).toEqual([]);

  // The edited files pass the content check, as the build runs it.
  const after = loadContent({ root: project }).content;
  const edited = after.articles.find((piece) => piece.slug === article!.slug);
  expect(edited?.title).toBe(newTitle);
  // Its text reads as it did (the editor may space Markdown differently, never change what it says).
  expect(edited?.html).toBe(article!.html);
  expect(after.pages.attorney.role).toBe(newRole);

  // And the site shows them: the dev server rebuilt its content when the files changed.
  await page.goto(`${ORIGIN}${article!.path}`);
  await expect(page.locator("h1")).toHaveText(newTitle);
  await page.goto(`${ORIGIN}${attorneyPathOf(after.site)}`);
  await expect(page.getByText(newRole, { exact: true }).first()).toBeVisible();
}

/** The cover the GitHub test uploads: made by sharp for the run (no picture kept in the repository). */
let coverBytes: Buffer | undefined;
const coverWords = "A studio worktable at dusk, brushes beside a signed agreement";

/**
 * Adds a cover to the article `slug` as the attorney would (the picture from this computer, its words, the
 * preview, Save), then checks the one commit: the picture under content/images/, as uploaded, beside the
 * article naming it; and that what was saved passes the content check, the article with its cover.
 */
async function uploadCover(page: Page, site: Awaited<ReturnType<typeof startGithubSite>>, slug: string) {
  const before = site.stub.commits.length;
  await addCover(page, site.origin, slug);
  await expect.poll(() => site.stub.commits.length).toBe(before + 1);
  const path = `content/articles/${slug}.md`;
  const picture = "content/images/studio-table-at-dusk.jpg";
  const commit = site.stub.commits[before]!;
  expect(commit).toMatchObject({ added: expect.arrayContaining([picture, path]), deleted: [] });
  expect(commit.added).toHaveLength(2);
  expect(Buffer.from((await site.stub.bytes(picture))!).equals(coverBytes!)).toBe(true);
  const frontmatter = parse(/^---\n([\s\S]*?)\n---/.exec((await site.stub.file(path))!)![1]!) as Record<string, unknown>;
  expect(frontmatter).toMatchObject({ cover: { src: "/images/studio-table-at-dusk.jpg", alt: coverWords } });
  const saved = mkdtempSync(join(tmpdir(), "editor-saved-"));
  for (const file of (await site.stub.paths()).filter((name) => name.startsWith("content/"))) {
    mkdirSync(join(saved, file, ".."), { recursive: true });
    writeFileSync(join(saved, file), (await site.stub.bytes(file))!);
  }
  const covered = loadContent({ root: saved }).content.articles.find((piece) => piece.slug === slug);
  expect(covered?.cover).toMatchObject({ width: 1600, height: 900, alt: coverWords });
  rmSync(saved, { recursive: true, force: true });
}

/** Opens the article (the editor afresh), adds a cover from a file of this computer with its words, checks the preview, saves. */
async function addCover(page: Page, origin: string, slug: string) {
  coverBytes ??= await testPicture(1600, 900, "jpeg", 7);
  await page.goto(`${origin}/admin/content/editor/#/collections/articles/entries/${slug}`);
  // Once the entry has loaded: a field added before then is drawn without its own fields.
  await expect(page.getByRole("textbox", { name: labelOf("title"), exact: false }).first()).not.toHaveValue("");
  await page.getByRole("checkbox", { name: /Add .Cover/ }).check();
  const cover = page.getByRole("group", { name: /Cover.*Field/ });
  // The editor draws a field only once it is in view; as a person would, the test scrolls to the cover's.
  await cover.evaluate((group) => group.scrollIntoView({ block: "start" }));
  await cover.getByRole("button", { name: "Browse" }).click();
  // The editor's picture library: Upload takes a file from this computer (its name made plain: lowercase, hyphens).
  const library = page.getByRole("dialog");
  await library
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: "Studio Table at Dusk.JPG", mimeType: "image/jpeg", buffer: coverBytes });
  await expect(library.getByRole("option", { name: "studio-table-at-dusk.jpg" })).toBeVisible();
  await library.getByRole("button", { name: "Insert" }).click();
  await cover.getByRole("textbox", { name: "What it shows" }).fill(coverWords);
  // The preview shows it at the top of the article, with its words.
  await expect(page.frameLocator('iframe[src^="blob:"]').first().getByRole("img", { name: coverWords })).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

/** Sveltia CMS asks GitHub's status page while a GitHub backend is configured; tests answer it themselves. */
const answerGithubStatus = (page: Page) =>
  page.route("https://www.githubstatus.com/**", (route) => route.fulfill({ json: { status: { indicator: "none" } } }));

test("npm start serves the same editor over the built site, on the local folder: its own bundle, from this site alone, within its policy", async ({
  page,
  console,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the editor is a desktop tool; its bundle is the same at every width");
  console.allow(/allow-scripts and allow-same-origin/);
  const origin = new URL(testInfo.project.use.baseURL!).origin;
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("blob:") && !url.startsWith("data:") && !url.startsWith("https://www.githubstatus.com/"))
      elsewhere.push(url);
  });
  const violations: string[] = [];
  await page.exposeFunction("__violation", (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { __violation(text: string): void }).__violation(`${event.effectiveDirective} ${event.blockedURI}`),
    ),
  );
  await answerGithubStatus(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  // A copy to open (nothing is saved): the preview of a service, in the built site's stylesheet.
  const project = mkdtempSync(join(tmpdir(), "editor-build-"));
  cpSync("content", join(project, "content"), { recursive: true });
  mkdirSync(join(project, ".git"));
  await answerFolderPicker(page, project);
  const service = loadContent({ root: project }).content.services[0]!;
  await page.goto("/admin/content/editor/");
  await expect(page.getByRole("button", { name: /Access Token/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Work with Local Repository" }).click();
  await page.evaluate((slug) => (location.hash = `#/collections/services/entries/${slug}`), service.slug);
  const heading = page.frameLocator('iframe[src^="blob:"]').first().locator("h1");
  await expect(heading).toHaveText(service.title);
  // Set in the site's serif stack: the built site's stylesheet reached the preview frame.
  expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"?Source Serif/);
  rmSync(project, { recursive: true, force: true });
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((path) => !path.startsWith(`/${CMS_ASSETS_DIR}/`)),
    "scripts from outside the editor's build",
  ).toEqual([]);
  expect(violations).toEqual([]);
  expect(elsewhere, "requests to other hosts (fonts from a CDN, say)").toEqual([]);
});

test("the built editor's configuration and guide are served behind the gate; their files in the build are not", async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one request of each; the width does not matter");
  const config = await request.get("/admin/content/config.yml");
  expect(config.status()).toBe(200);
  const text = await config.text();
  expect(text).toMatch(/^backend:\n {2}name: github$/m);
  expect(text).toMatch(/^ {2}auth_methods: \[oauth\]$/m);
  expect(text).toMatch(/^collections:$/m);
  // Everything under /admin reaches the Worker first, which serves no such path, signed in or not.
  expect((await request.get(`/${CMS_CONFIG_FILE}`)).status()).toBe(404);
  expect((await request.get(`/${CMS_GUIDE_FILE}`)).status()).toBe(404);
  expect((await request.get("/admin/content/guide")).status()).toBe(200);
});

test("the build serves none of its manifests, and keeps no .dev.vars among its files", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one request of each; the width does not matter");
  for (const manifest of readdirSync("dist/client/.vite")) expect((await request.get(`/.vite/${manifest}`)).status(), manifest).toBe(404);
  expect(existsSync("dist/worker/.dev.vars")).toBe(false);
  expect(existsSync("dist/client/.dev.vars")).toBe(false);
});

test("a new user edits through GitHub: the first screen, an article's title saved, one commit naming them, a cover uploaded", async ({
  page,
  console,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one server and one browser for the editor: desktop only");
  test.setTimeout(180_000);
  console.allow(/allow-scripts and allow-same-origin/);
  // The stale session the test makes up, and Sveltia's own report of it.
  console.allow(/status of 401 \(Unauthorized\)|Error Authentication/);
  const site = await startGithubSite();
  try {
    await editThroughGithub(page, site);
  } finally {
    await page.goto("about:blank").catch(() => {});
    await site.close();
  }
});

async function editThroughGithub(page: Page, site: Awaited<ReturnType<typeof startGithubSite>>) {
  const content = loadContent({ root: "." }).content;
  const article = content.articles.find(
    (piece) => piece.status === "published" && existsSync(join("content", "articles", `${piece.slug}.md`)),
  );
  test.skip(!article, "content/articles has no published article to edit");
  const path = `content/articles/${article!.slug}.md`;
  const written = (text: string) => parse(/^---\n([\s\S]*?)\n---/.exec(text)![1]!) as Record<string, string>;
  const { title: writtenTitle } = written((await site.stub.file(path))!);
  const violations: string[] = [];
  const elsewhere: string[] = [];
  const answers: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(site.origin) && !/^(blob|data):/.test(url) && !url.startsWith("https://www.githubstatus.com/")) elsewhere.push(url);
  });
  page.on("response", async (response) => {
    if (!response.url().startsWith(`${site.origin}/admin/content/github/`)) return;
    // A 204 has no body to read.
    const body = await response.body().then(String, () => "");
    answers.push(`${JSON.stringify(await response.allHeaders())} ${body}`);
  });
  await page.exposeFunction("__violation", (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { __violation(text: string): void }).__violation(`${event.effectiveDirective} ${event.blockedURI}`),
    ),
  );
  await answerGithubStatus(page);

  // The first screen: who is signed in, when a change goes live, the guide; then the editor, signed in.
  await page.goto(`${site.origin}/admin/content/`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit the site" })).toBeVisible();
  await expect(page.getByText("You are signed in as developer@localhost.")).toBeVisible();
  await expect(page.getByText(/goes live once every check has passed/)).toBeVisible();
  await expect(page.getByRole("link", { name: /How editing works/ })).toHaveAttribute("href", "/admin/content/guide");
  await expectNoAxeViolations(page, "the editor's first screen");
  await page.getByRole("link", { name: "Open the editor" }).click();

  // No sign-in screen: the collection's entries, read through the Worker from GitHub.
  await page.getByText(writtenTitle!, { exact: false }).first().click();
  const title = page.getByRole("textbox", { name: labelOf("title"), exact: false }).first();
  await expect(title).toHaveValue(writtenTitle!);
  const newTitle = `${writtenTitle} (edited in the browser)`;
  await title.fill(newTitle);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect.poll(() => site.stub.commits.length).toBe(1);

  // One commit on the branch, touching only that file, naming the person signed in.
  const [commit] = site.stub.commits;
  expect(commit).toMatchObject({ branch: site.repo.branch, added: [path], deleted: [] });
  expect(commit!.body).toBe("Co-authored-by: developer@localhost <developer@localhost>");
  expect(written((await site.stub.file(path))!).title).toBe(newTitle);
  await expect(page).toHaveURL(/#\/collections\/articles$/);

  // Back on the first screen, where that save stands: CI is still checking it (the App granted Checks: read).
  site.stub.checks = "read";
  site.stub.setCheckRuns(commit!.oid, [{ name: "test", status: "in_progress" }]);
  await page.goto(`${site.origin}/admin/content/`);
  await expect(page.getByText(/^Your last change \(“.+”, .+\) is being checked and published\./)).toBeVisible();

  // A cover, uploaded as the attorney would, into a published article that has none yet.
  const uncovered = content.articles.find(
    (piece) => piece.status === "published" && !piece.cover && existsSync(join("content", "articles", `${piece.slug}.md`)),
  );
  if (uncovered) await uploadCover(page, site, uncovered.slug);
  else test.info().annotations.push({ type: "skipped part", description: "every published article has a cover: no cover to add" });

  // No GitHub token reached the browser; nothing came from another host; the policy held.
  expect(site.stub.tokens.length).toBeGreaterThan(0);
  for (const token of site.stub.tokens) expect(answers.filter((answer) => answer.includes(token))).toEqual([]);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toMatch(/ghs_|github_pat_/);
  expect(elsewhere, "requests to other hosts than this site").toEqual([]);
  expect(violations, "Content-Security-Policy violations").toEqual([]);

  // A session gone stale (GitHub's answer to /user refused once): the editor shows its sign-in screen, whose
  // button opens this site's sign-in window, which signs it in again with no token to paste.
  let stale = 1;
  await page.route(`${site.origin}/admin/content/github/api/v3/user`, (route) =>
    stale-- > 0 ? route.fulfill({ status: 401, json: { message: "Bad credentials" } }) : route.continue(),
  );
  await page.goto(`${site.origin}/admin/content/editor/`);
  await expect(page.getByRole("button", { name: /Access Token/ })).toHaveCount(0);
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: /Sign In with/ }).click()]);
  expect(new URL(popup.url()).pathname).toBe("/admin/content/sign-in");
  await expect(page.getByText(newTitle).first()).toBeVisible();

  // The guide, reached from the first screen, reads as the rest of the inbox.
  await page.goto(`${site.origin}/admin/content/guide`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^(?!Not found).+/);
  await expectNoAxeViolations(page, "the editor's guide");
}

test.describe("no public page", () => {
  test("loads any of the editor's code, with every island live", async ({ page, console }) => {
    // The 404 page logs the path it was asked for (the specification's "path logged").
    console.allow(/404 Error: User attempted to access non-existent route|status of 404/);
    const editorFiles: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith(`/${CMS_ASSETS_DIR}/`) || path.startsWith("/admin/content") || path.includes("sveltia")) editorFiles.push(path);
    });
    for (const path of pagePathPerKind) await gotoHydrated(page, path);
    expect(editorFiles).toEqual([]);
  });

  test("build imports it: the client entry's chunks and the editor's are apart", () => {
    const client = JSON.parse(readFileSync("dist/client/.vite/manifest.json", "utf8")) as Record<string, Chunk>;
    const editor = JSON.parse(readFileSync(join("dist/client", CMS_MANIFEST), "utf8")) as Record<string, Chunk>;
    // Everything the island loader may ever fetch: its imports and dynamic imports, all the way down.
    const reachable = new Set<string>();
    const visit = (key: string) => {
      if (reachable.has(key)) return;
      reachable.add(key);
      for (const next of [...(client[key]?.imports ?? []), ...(client[key]?.dynamicImports ?? [])]) visit(next);
    };
    visit(CLIENT_ENTRY);
    const publicFiles = [...reachable].map((key) => client[key]!.file);
    expect(publicFiles.length).toBeGreaterThan(5);
    expect(publicFiles.filter((file) => file.startsWith(`${CMS_ASSETS_DIR}/`) || /sveltia|cms/i.test(file))).toEqual([]);
    expect([...reachable].filter((key) => /sveltia|src\/cms\//.test(key))).toEqual([]);
    // And the editor's files are all in their own folder, none of them a public chunk.
    const editorFiles = Object.values(editor).map((chunk) => chunk.file);
    expect(editorFiles.every((file) => file.startsWith(`${CMS_ASSETS_DIR}/`))).toBe(true);
    expect(editorFiles.filter((file) => publicFiles.includes(file))).toEqual([]);
    for (const file of readdirSync("dist/client/assets").filter((name) => name.endsWith(".js")))
      expect(readFileSync(join("dist/client/assets", file), "utf8"), file).not.toMatch(/sveltia|registerPreviewTemplate/i);
  });
});

interface Chunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}
