import { describe, expect, it } from "vitest";
import { ARTICLES_PER_PAGE, paths } from "../../routes/table.ts";
import { decodeEntities, fetchPath } from "../html.ts";
import { content, routeTable } from "../routes.ts";

/*
 * A practice that has written for years (vitest project `many-articles`: the seed with 60 more articles,
 * src/test/many-articles/articles.ts): every list stays a page long, and every article is still reachable,
 * listed, fed and mapped.
 */
const { site } = content;
const listed = content.articles;
const published = listed.filter((article) => article.status === "published");

const html = async (path: string) => {
  const response = await fetchPath(path);
  expect(response.status, path).toBe(200);
  return response.text();
};
const linksIn = (page: string) => [...page.matchAll(/<a [^>]*href="([^"#?]+)"/g)].map((match) => decodeEntities(match[1]!));
/** The paths of the article cards of a list page, in order. */
const cardsIn = (page: string) => linksIn(page.slice(page.indexOf('<main id="main"'))).filter((href) => href.startsWith("/blog/"));

describe("a practice with many articles", () => {
  it("has more articles than one page holds (the project's premise)", () => {
    expect(listed.length).toBeGreaterThan(4 * ARTICLES_PER_PAGE);
  });

  it("shows the newest articles on /resources, a page of them at a time, and each later page in turn", async () => {
    const pages = routeTable.byKind.resources[0]!.params.pager.paths;
    expect(pages).toHaveLength(Math.ceil(listed.length / ARTICLES_PER_PAGE));
    const inOrder: string[] = [];
    for (const [index, path] of pages.entries()) {
      const page = await html(path);
      // The list's cards: on /resources, those of its articles section (the news follow).
      const main = page.slice(page.indexOf('<main id="main"'));
      const list = index === 0 ? main.slice(main.indexOf('id="articles-heading"'), main.indexOf("</section>")) : main;
      const cards = list.match(/<article /g) ?? [];
      if (index < pages.length - 1) expect(cards, path).toHaveLength(ARTICLES_PER_PAGE);
      else expect(cards.length, path).toBeLessThanOrEqual(ARTICLES_PER_PAGE);
      inOrder.push(...cardsIn(page));
      // Each page links to every page of the list: any of them is one click away.
      for (const other of pages) expect(linksIn(page), `${path} links ${other}`).toContain(other);
    }
    expect(inOrder).toEqual(published.map((article) => article.path));
  });

  it("names the newer and older page of each later page for search engines", async () => {
    const pages = routeTable.byKind.resources[0]!.params.pager.paths;
    const second = await html(pages[1]!);
    expect(second).toMatch(new RegExp(`<link rel="prev" href="[^"]*${pages[0]}"/>`));
    if (pages[2]) expect(second).toMatch(new RegExp(`<link rel="next" href="[^"]*${pages[2]}"/>`));
  });

  it("gives each topic pages of its own articles only, every one of them", async () => {
    for (const topic of routeTable.byKind.resources[0]!.params.topics) {
      const ofTopic = published.filter((article) => article.category === topic.name).map((article) => article.path);
      expect(topic.count).toBe(listed.filter((article) => article.category === topic.name).length);
      const first = await html(topic.path);
      // Many articles: the introduction that speaks of many.
      expect(decodeEntities(first), topic.path).toContain(content.pages.resources.topics.intro.replace("{topic}", topic.name));
      const topicPages = [...new Set(linksIn(first).filter((href) => href === topic.path || href.startsWith(`${topic.path}/page/`)))];
      const found = new Set<string>();
      for (const path of topicPages) for (const card of cardsIn(await html(path))) found.add(card);
      expect([...found].sort()).toEqual(ofTopic.sort());
    }
  });

  it("reaches every published article from /resources in at most three clicks, without JavaScript", async () => {
    const reached = new Set<string>(["/resources"]);
    let frontier = ["/resources"];
    for (let click = 1; click <= 3; click++) {
      const next: string[] = [];
      for (const path of frontier) {
        if (path.startsWith("/blog/")) continue;
        for (const link of linksIn(await html(path))) {
          if (reached.has(link) || !(link.startsWith("/resources") || link.startsWith("/blog/"))) continue;
          reached.add(link);
          next.push(link);
        }
      }
      frontier = next;
    }
    for (const article of published) expect(reached, article.path).toContain(article.path);
  });

  it("feeds the newest articles, as many as site.yaml says, and maps every one", async () => {
    const feed = decodeEntities(await html("/feed.xml"));
    const entries = [...feed.matchAll(/<entry>\s*<id>([^<]+)<\/id>/g)].map((match) => new URL(match[1]!).pathname);
    expect(entries).toEqual(published.slice(0, site.feedEntries).map((article) => article.path));
    const sitemap = await html("/sitemap.xml");
    const mapped = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname));
    for (const article of published) expect(mapped, article.path).toContain(article.path);
    for (const path of routeTable.byKind.resources[0]!.params.pager.paths) expect(mapped).toContain(path);
  });

  it("answers 404 for a page past the last, and for a topic that does not exist", async () => {
    const pages = routeTable.byKind.resources[0]!.params.pager.paths;
    for (const path of [paths.articlesPage(pages.length + 1), "/resources/category/no-such-topic", "/resources/page/1"]) {
      expect((await fetchPath(path)).status, path).toBe(404);
    }
  });
});
