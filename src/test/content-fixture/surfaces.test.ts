import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { decodeEntities, headingsOf, titleOf } from "../html.ts";
import { visibleText } from "../visible-text.ts";
import { fixture, fixtureFiles } from "./files.ts";

/*
 * Run by the `content-fixture` project of vitest.config.ts: the whole Worker, built from a temporary copy of
 * content/ with the files of ./files.ts added and nothing else changed. One new file must put a published
 * article on every surface; an upcoming one only as a card; a draft nowhere.
 */
const origin = new URL(env.SITE_ORIGIN).origin;
const get = async (path: string) => {
  const response = await exports.default.fetch(new Request(new URL(path, origin)));
  const raw = await response.text();
  return { status: response.status, raw, text: decodeEntities(raw) };
};
const { published, upcoming, draft, news, draftNews } = fixture;
const articlePath = `/blog/${published.slug}`;
const graphOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!)["@graph"] as Record<string, unknown>[];
const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

/** The body of the fixture article as a reader counts it: its words, at 230 a minute. */
function expectedMinutes(): number {
  const source = fixtureFiles[`articles/${published.slug}.md`]!;
  const body = source
    .slice(source.indexOf("---", 3) + 3)
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
    .replace(/^#+ /gm, "");
  return Math.round(body.split(/\s+/).filter(Boolean).length / 230);
}

describe("a new published article, added as one file", () => {
  it("has its own page with title, description, byline, date and reading time", async () => {
    const { status, text } = await get(articlePath);
    expect(status).toBe(200);
    expect(headingsOf(text, 1)).toEqual([published.title]);
    expect(titleOf(text)).toBe(`${published.title} | Meridian Creative Law`);
    expect(meta(text, "description")).toBe(published.description);
    expect(text).toContain(`<time dateTime="${published.date}">November 20, 2026</time>`);
    expect(visibleText(text)).toContain(`By Jordan Avery · November 20, 2026 · ${expectedMinutes()} min read`);
    expect(headingsOf(text, 2)).toContain("What to Agree First");
    expect(text).toMatch(/<a href="https:\/\/www\.copyright\.gov\/" target="_blank" rel="noopener noreferrer">/);
  });

  it("carries Open Graph tags, a breadcrumb and BlogPosting structured data with its dates", async () => {
    const { text } = await get(articlePath);
    expect(meta(text, "og:title")).toBe(`${published.title} | Meridian Creative Law`);
    expect(meta(text, "og:type")).toBe("article");
    expect(meta(text, "og:url")).toBe(`${origin}${articlePath}`);
    expect(meta(text, "article:published_time")).toBe(published.date);
    expect(meta(text, "article:modified_time")).toBe(published.updated);
    expect(text).toMatch(
      /<nav aria-label="Breadcrumb"[\s\S]*?>Home<[\s\S]*?>Resources<[\s\S]*?aria-current="page"[^>]*>A Fixture Guide to Commissions</,
    );
    const graph = graphOf(text);
    expect(graph.find((node) => node["@type"] === "BlogPosting")).toMatchObject({
      headline: published.title,
      description: published.description,
      datePublished: published.date,
      dateModified: published.updated,
      articleSection: "Contracts",
    });
    const crumbs = graph.find((node) => node["@type"] === "BreadcrumbList")!.itemListElement as { name: string }[];
    expect(crumbs.map((crumb) => crumb.name)).toEqual(["Home", "Resources", published.title]);
  });

  it("leads the resources grid and the home carousel, which keeps three cards", async () => {
    const resources = (await get("/resources")).text;
    const grid = resources.slice(resources.indexOf("Blog & Articles"), resources.indexOf("News & Updates"));
    expect(headingsOf(grid, 3)[0]).toBe(published.title);
    expect(grid).toContain(`<a href="${articlePath}"`);

    const home = (await get("/")).raw;
    const props = JSON.parse(decodeEntities(/data-island="article-carousel" data-props="([^"]*)"/.exec(home)![1]!)) as {
      articles: { title: string; path: string }[];
    };
    expect(props.articles).toHaveLength(3);
    expect(props.articles[0]).toMatchObject({ title: published.title, path: articlePath });
    expect(home).toContain("November 2026");
  });

  it("is in the sitemap, with its last change, and first in the Atom feed", async () => {
    const sitemap = (await get("/sitemap.xml")).text;
    expect(sitemap).toContain(`<url><loc>${origin}${articlePath}</loc><lastmod>${published.updated}</lastmod></url>`);
    const feed = (await get("/feed.xml")).text;
    const firstEntry = feed.slice(feed.indexOf("<entry>"), feed.indexOf("</entry>"));
    expect(firstEntry).toContain(`<title>${published.title}</title>`);
    expect(firstEntry).toContain(`<updated>${published.updated}T12:00:00-08:00</updated>`);
  });
});

describe("an upcoming article", () => {
  it("shows as a Coming Soon card that is not clickable, and has no page", async () => {
    const resources = (await get("/resources")).text;
    const card = resources.slice(resources.indexOf(upcoming.title) - 600, resources.indexOf(upcoming.title) + 400);
    expect(card).toContain("Coming Soon");
    expect(resources).not.toContain(`href="/blog/${upcoming.slug}"`);
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await get(`/blog/${upcoming.slug}`)).status).toBe(404);
    vi.restoreAllMocks();
    for (const path of ["/", "/sitemap.xml", "/feed.xml"]) expect((await get(path)).text, path).not.toContain(upcoming.slug);
  });
});

describe("drafts", () => {
  it("appear nowhere: no page, card, carousel slide, sitemap or feed entry", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await get(`/blog/${draft.slug}`)).status).toBe(404);
    vi.restoreAllMocks();
    const sitemap = (await get("/sitemap.xml")).text;
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    for (const path of [...paths, "/sitemap.xml", "/feed.xml"]) {
      const { text } = await get(path);
      for (const hidden of [draft.title, draft.slug, draftNews.title]) expect(text, `${path} shows ${hidden}`).not.toContain(hidden);
    }
  });
});

describe("a news item, added as one file", () => {
  it("appears under News & Updates, newest first, linking where it says", async () => {
    const resources = (await get("/resources")).text;
    const newsSection = resources.slice(resources.indexOf("News & Updates"));
    expect(headingsOf(newsSection, 3)[0]).toBe(news.title);
    expect(newsSection).toMatch(new RegExp(`<a href="${news.link}"[^>]*>${news.title}</a>`));
    expect(newsSection).toContain("Resources Coming Soon");
  });
});
