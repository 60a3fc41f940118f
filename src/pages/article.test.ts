import { describe, expect, it } from "vitest";
import { attorneyPath, notices, site } from "../content/index.ts";
import { routeTable } from "../test/routes.ts";
import { decodeEntities, fetchPath, headingsOf } from "../test/html.ts";

const articles = routeTable.byKind.article.map((route) => route.params.article);

const wordsOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, " "))
    .split(/\s+/)
    .filter(Boolean).length;

describe.each(articles.map((article) => [article.slug, article] as const))("article %s", (_slug, article) => {
  it("is an <article> with its title, author, date and long-form body", async () => {
    const html = await (await fetchPath(article.path)).text();
    const body = /<article[^>]*>([\s\S]*?)<\/article>/.exec(html)?.[1] ?? "";
    expect(headingsOf(body, 1)).toEqual([article.title]);
    expect(body).toContain(`<time dateTime="2025-11-04">November 4, 2025</time>`);
    expect(body).toMatch(new RegExp(`<a href="${attorneyPath}" rel="author"[^>]*>${site.founder.name}</a>`));
    expect(wordsOf(body)).toBeGreaterThan(800);
  });

  it("renders every section heading of its body as an h2 with an anchor", async () => {
    const html = await (await fetchPath(article.path)).text();
    const sectionHeadings = headingsOf(article.html, 2);
    expect(sectionHeadings.length).toBeGreaterThanOrEqual(4);
    expect(headingsOf(html, 2)).toEqual(expect.arrayContaining(sectionHeadings));
    expect(article.html).toMatch(/<h2 id="[a-z0-9-]+">/);
  });

  it("ends with tips, a call to action to /contact and the disclaimer", async () => {
    const html = decodeEntities(await (await fetchPath(article.path)).text());
    const body = /<article[^>]*>([\s\S]*?)<\/article>/.exec(html)?.[1] ?? "";
    expect(body).toMatch(/<aside [^>]*aria-label="[^"]*[Tt]ips"/);
    expect(body).toMatch(/<a href="\/contact"/);
    expect(body).toContain(notices.notLegalAdvice);
  });
});

describe("the five-clauses article", () => {
  it("covers the five clauses the spec lists, with its illustrative figures", async () => {
    const html = decodeEntities(await (await fetchPath("/blog/5-clauses-artist-contract")).text()).toLowerCase();
    for (const topic of ["scope of work", "payment", "copyright", "usage", "termination"]) expect(html).toContain(topic);
    for (const figure of ["50%", "10,000", "12-month"]) expect(html).toContain(figure);
  });
});

describe("the licensing article", () => {
  it("walks through six steps, naming the three kinds of license", async () => {
    const html = decodeEntities(await (await fetchPath("/blog/how-to-license-artwork")).text());
    expect(headingsOf(html, 2).filter((heading) => /^Step \d/.test(heading))).toHaveLength(6);
    for (const kind of ["exclusive", "non-exclusive", "limited"]) expect(html.toLowerCase()).toContain(kind);
  });
});
