import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentCopy } from "../../build/content/fixture-copy.ts";
import { loadContent } from "../../build/content/load.ts";
import { routeTableFor } from "../../src/routes/table.ts";
import { madeUpArticleFiles } from "../../src/test/many-articles/articles.ts";
import { routePerKindOf, routesToCheckOf } from "./site-routes.ts";

const root = join(import.meta.dirname, "../..");
const tables = new Map<number, ReturnType<typeof routeTableFor>>();
/** The route table of the seed content with `articles` made-up articles, compiled once for every test. */
const tableWith = (articles: number) => {
  if (!tables.has(articles))
    tables.set(
      articles,
      routeTableFor(
        loadContent({ root, dir: contentCopy(join(root, "test/fixtures/seed-content"), madeUpArticleFiles(articles)) }).content,
      ),
    );
  return tables.get(articles)!;
};

describe("the pages the browser's whole-page checks load", () => {
  it("are each kind of page, at most three of a kind, whatever the number of articles", () => {
    for (const table of [tableWith(0), tableWith(120)]) {
      const checked = routesToCheckOf(table);
      expect(new Set(checked.map((route) => route.kind))).toEqual(new Set(table.routes.map((route) => route.kind)));
      const perKind = new Map<string, number>();
      for (const { kind } of checked) perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
      expect(Math.max(...perKind.values())).toBeLessThanOrEqual(3);
    }
  });

  it("hold a kind's first and last page and the one with the most in it, in sitemap order", () => {
    const table = tableWith(120);
    const checked = routesToCheckOf(table);
    const articles = table.byKind.article;
    const fullest = articles.toSorted((a, b) => b.params.article.html.length - a.params.article.html.length)[0]!;
    expect(checked).toEqual(expect.arrayContaining([articles[0], articles.at(-1), fullest]));
    expect(checked).toEqual(table.routes.filter((route) => checked.includes(route)));
  });
});

describe("the pages the browser's checks of a kind's code load", () => {
  it("are the first of each kind, in sitemap order, whatever the number of articles", () => {
    for (const table of [tableWith(0), tableWith(120)]) {
      const checked = routePerKindOf(table);
      const kinds = [...new Set(table.routes.map((route) => route.kind))];
      expect(checked.map((route) => route.kind).sort()).toEqual(kinds.sort());
      for (const route of checked) expect(route).toBe(table.byKind[route.kind][0]);
      expect(checked).toEqual(table.routes.filter((route) => checked.includes(route)));
    }
  });
});
