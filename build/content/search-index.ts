/**
 * The search over the articles (src/islands/ArticleSearch.tsx): an index of every published article's text,
 * written at build by Pagefind among the static files (/pagefind/), which the browser loads only when a
 * visitor starts searching. Pagefind reads each article as HTML: its title, its body (its `##` sections
 * become results of their own) and, not searched but shown, its card's summary, topic and date.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import * as pagefind from "pagefind";
import type { SiteContent } from "../../src/content/collections.ts";
import { longDate } from "../../src/content/dates.ts";
import { SEARCH_INDEX_SCRIPT } from "../../src/content/stored-keys.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** An article as Pagefind reads it. */
const articleHtml = (article: SiteContent["articles"][number]) => `<!doctype html><html lang="en"><body><main>
<h1>${escapeHtml(article.title)}</h1>
<div data-pagefind-ignore><p data-pagefind-meta="summary">${escapeHtml(article.excerpt)}</p><p data-pagefind-meta="category">${escapeHtml(article.category)}</p><p data-pagefind-meta="date">${escapeHtml(longDate(article.date))}</p></div>
${article.html}
</main></body></html>`;

/** The files of the search index of the published articles, by their path under /pagefind/. */
export async function searchIndexFiles(content: SiteContent): Promise<Map<string, Uint8Array>> {
  const created = await pagefind.createIndex({ forceLanguage: "en" });
  const { index } = created;
  if (!index) throw new Error(`search index: ${created.errors.join("; ")}`);
  try {
    for (const article of content.articles.filter((piece) => piece.status === "published")) {
      const added = await index.addHTMLFile({ url: article.path, content: articleHtml(article) });
      if (added.errors.length > 0) throw new Error(`search index, ${article.path}: ${added.errors.join("; ")}`);
    }
    const { errors, files } = await index.getFiles();
    if (errors.length > 0) throw new Error(`search index: ${errors.join("; ")}`);
    // The index, its worker and its script; not Pagefind's own search interfaces, which the site does not use.
    return new Map(files.filter(({ path }) => !/(^|\/)pagefind-(.*ui|highlight)\./.test(path)).map((file) => [file.path, file.content]));
  } finally {
    await pagefind.close();
  }
}

/** Where the index's files are served from: /pagefind/. */
export const SEARCH_INDEX_BASE = `${dirname(SEARCH_INDEX_SCRIPT)}/`;

/** Writes the search index of the published articles into `outDir`/pagefind. */
export async function writeSearchIndex(content: SiteContent, outDir: string): Promise<void> {
  for (const [path, data] of await searchIndexFiles(content)) {
    const target = join(outDir, SEARCH_INDEX_BASE, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
  }
}
