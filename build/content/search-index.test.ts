import { mkdtempSync, readFile } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { madeUpArticles } from "../../src/test/many-articles/articles.ts";
import { SEARCH_INDEX_SCRIPT } from "../../src/content/stored-keys.ts";
import { loadContent } from "./load.ts";
import { writeSearchIndex } from "./search-index.ts";
import { project } from "./test-project.ts";

/** Pagefind's browser search, run in Node on an index on disk: its fetches of the index's files read them. */
interface Pagefind {
  options(options: object): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<{ url: string; meta: Record<string, string>; excerpt: string }> }[] }>;
}

const articles = madeUpArticles(30);
const realFetch = globalThis.fetch;
let pagefind: Pagefind;

beforeAll(async () => {
  const root = project(Object.fromEntries(articles.map((article) => [article.file, article.text])));
  const out = mkdtempSync(join(tmpdir(), "search-index-"));
  await writeSearchIndex(loadContent({ root }).content, out);
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== "file:") return realFetch(input, init);
    return new Promise((resolve) =>
      readFile(fileURLToPath(url), (error, data) => resolve(error ? new Response(null, { status: 404 }) : new Response(data))),
    );
  };
  const script = join(out, SEARCH_INDEX_SCRIPT);
  pagefind = (await import(/* @vite-ignore */ pathToFileURL(script).href)) as Pagefind;
  await pagefind.options({ basePath: `${pathToFileURL(join(script, "..")).href}/`, baseUrl: "/" });
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

const found = async (query: string) => {
  const { results } = await pagefind.search(query);
  return Promise.all(results.map((result) => result.data()));
};

describe("the search index built with the articles", () => {
  it("finds an article by a word that only its body holds, with its title, topic and date", async () => {
    const article = articles[17]!;
    const results = await found(article.bodyOnlyWord);
    expect(results.map((result) => result.url)).toEqual([`/blog/${article.slug}`]);
    expect(results[0]!.meta.title).toBe(article.title);
    expect(results[0]!.meta.category).toMatch(/^(Contracts|IP Law|General)$/);
    expect(results[0]!.meta.date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(results[0]!.excerpt).toContain(`<mark>${article.bodyOnlyWord}`);
  });

  it("finds nothing for a word no article holds", async () => {
    expect(await found("zyzzogeton")).toEqual([]);
  });
});
