import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { routeTable } from "../scripts/lib/site-routes.ts";
import { expect, test } from "./fixtures.ts";

/*
 * Valid HTML, as the W3C's Nu Html Checker (vnu.jar, run with Java) judges it: every page the built site lists
 * in its sitemap, the 404 page and the contact page's outcomes, in one run of the checker. Errors and warnings
 * fail the test. Plain "info" notes do not: the only one the pages give is that a trailing slash on a void
 * element (`<meta …/>`, as React writes it) has no effect, which is true and harmless.
 *
 * The checker's CSS messages are left out: the stylesheet every page inlines is Tailwind's output, written
 * with CSS the checker's CSS module does not know yet (`@property`, `margin-trim`), which browsers do. This
 * checks the HTML, as it did while the stylesheet was linked rather than inlined.
 */

/** A word of the first article's title, which the search without JavaScript finds. */
const searchedWord = routeTable.byKind.article[0]?.params.article.title.split(/\s+/).at(-1) ?? "contract";

const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

interface VnuMessage {
  readonly type: "error" | "info" | "non-document-error";
  readonly subType?: string;
  readonly url?: string;
  readonly message: string;
  readonly lastLine?: number;
  readonly extract?: string;
}

test("every page is valid HTML", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the HTML is the same at every width; checked once");
  test.setTimeout(120_000);

  const sitemap = await (await request.get("/sitemap.xml")).text();
  const routes = Array.from(sitemap.matchAll(/<loc>([^<]+)<\/loc>/g), (match) => new URL(match[1]!).pathname);
  // Every page but the search's results, which are not for search engines; those are checked with a query.
  const listed = routeTable.routes.filter((route) => route.kind !== "search");
  expect(routes, "routes in the sitemap").toEqual(listed.map((route) => route.path));
  const searches = routeTable.byKind.search.map((route) => `${route.path}?q=${encodeURIComponent(searchedWord)}`);

  const pages = new Map<string, string>();
  for (const path of [...routes, ...searches, "/no-such-page", "/contact?sent=1"]) {
    const response = await request.get(path);
    expect([200, 404], path).toContain(response.status());
    pages.set(path, await response.text());
  }
  // The contact page as the plain (no JavaScript) form gets it back with errors.
  const invalid = await request.post("/api/contact", {
    form: { name: "", email: "not an address", message: "" },
    headers: { origin: new URL(testInfo.project.use.baseURL!).origin },
  });
  expect(invalid.status()).toBe(422);
  pages.set("/contact (form errors)", await invalid.text());

  const folder = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const files = new Map(Array.from(pages, ([path, html], index) => [join(folder, `page-${index}.html`), { path, html }]));
    for (const [file, { html }] of files) writeFileSync(file, html);
    let report: string;
    try {
      // The checker writes its JSON report to stderr.
      report = execFileSync("java", ["-jar", vnuJar, "--format", "json", "--exit-zero-always", "--stdout", ...files.keys()], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      throw new Error(`Could not run the Nu Html Checker with Java (on Debian: apt-get install default-jre-headless): ${String(error)}`);
    }
    const { messages } = JSON.parse(report) as { messages: VnuMessage[] };
    const problems = messages
      .filter((message) => message.type !== "info" || message.subType === "warning")
      .filter((message) => !message.message.startsWith("CSS: "))
      .map((message) => {
        const page = files.get(new URL(message.url ?? "file:///").pathname)?.path ?? message.url;
        return `${page}:${message.lastLine ?? "?"} ${message.subType ?? message.type}: ${message.message} [${message.extract?.trim() ?? ""}]`;
      });
    expect(problems, "Nu Html Checker errors and warnings").toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
