import { content, routeTable } from "../routes.ts";
import { describe, expect, it } from "vitest";
import { monthAndYear } from "../../content/dates.ts";
import { attorneyPath } from "../../content/index.ts";
import { CAROUSEL_SIZE } from "../../content/worker-content.ts";
import { cspHash } from "../../csp-hash.ts";
import { policyOf } from "../csp.ts";
import { decodeEntities, descriptionOf, fetchPath, headingsOf, titleOf } from "../html.ts";
import { visibleText } from "../visible-text.ts";

/*
 * What every page must be, whatever content/ holds: each expectation is derived from the content compiled
 * into this build. Run on the practice's own content/ (project `site`) and on a copy after a writer's
 * ordinary day (project `content-edits`), so that publishing, renaming or rewording never breaks a test.
 */
const { site, services, articles, news, notices } = content;
const published = articles.filter((article) => article.status === "published");
const page = async (path: string) => {
  const response = await fetchPath(path);
  const html = await response.text();
  return { status: response.status, html, text: visibleText(html) };
};
const textOf = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, ""));

describe("every page of the route table", () => {
  it.each(routeTable.routes.map((route) => [route.path, route] as const))(
    "%s answers with its title, description and one h1",
    async (path, route) => {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(titleOf(html)).toBe(route.title);
      expect(descriptionOf(html)).toBe(route.description);
      expect(headingsOf(html, 1)).toHaveLength(1);
    },
  );

  it.each(routeTable.routes.map((route) => [route.path] as const))("%s shows no placeholder marker and no unfilled fact", async (path) => {
    const { html } = await page(path);
    expect(html).not.toContain("placeholder(");
    expect(html).not.toMatch(/\{\{\s*\w+\s*\}\}/);
  });

  it.each(routeTable.routes.map((route) => [route.path] as const))(
    "%s has the practice's name, e-mail and notice in its footer",
    async (path) => {
      const { html } = await page(path);
      const footer = decodeEntities(html.slice(html.indexOf("<footer")));
      expect(footer).toContain(site.practiceName);
      expect(footer).toContain(`href="mailto:${site.email}"`);
      expect(textOf(footer)).toContain(notices.notLegalAdvice);
    },
  );

  // What the browser would refuse, read from every page as served. The browser's own reports are watched on a
  // sample of the pages, with their inlined styles, which these tests' build does not inline
  // (e2e/accessibility.e2e.ts).
  it.each(routeTable.routes.map((route) => [route.path] as const))(
    "%s holds no inline script its Content-Security-Policy does not allow",
    async (path) => {
      const response = await fetchPath(path);
      const html = await response.text();
      const allowed = policyOf(response).get("script-src");
      for (const [, attributes, code] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
        // Scripts from a file, and data blocks, which are never run.
        if (/\ssrc=|type="application\/(ld\+)?json"/.test(attributes!)) continue;
        expect(allowed, "an inline script").toContain(`'${await cspHash(code!)}'`);
      }
      expect(html, "event handler attributes, which script-src refuses").not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
    },
  );
});

describe("articles", () => {
  it("every published or upcoming one has a card on /resources; only published ones link to their page", async () => {
    const { html } = await page("/resources");
    const cards = headingsOf(html, 3);
    for (const article of articles) {
      expect(cards).toContain(article.title);
      if (article.status === "published") expect(html).toContain(`href="${article.path}"`);
      else expect(html).not.toContain(`href="${article.path}"`);
    }
  });

  it(`the home carousel shows the newest ${CAROUSEL_SIZE} published, newest first`, async () => {
    const { html } = await page("/");
    const props = /data-island="article-carousel" data-props="([^"]*)"/.exec(html);
    if (published.length === 0) return expect(props).toBeNull();
    const shown = (JSON.parse(decodeEntities(props![1]!)) as { articles: { path: string; dateLabel: string }[] }).articles;
    expect(shown.map((card) => card.path)).toEqual(published.slice(0, CAROUSEL_SIZE).map((article) => article.path));
    expect(shown[0]!.dateLabel).toBe(monthAndYear(published[0]!.date));
  });

  it.each(published.map((article) => [article.path, article] as const))(
    "%s has its title, byline and structured data",
    async (path, article) => {
      const { html, text } = await page(path);
      expect(headingsOf(html, 1)).toEqual([article.title]);
      expect(text).toContain(`By ${site.founder.name}`);
      expect(html).toContain(`<time dateTime="${article.date}">`);
      const graph = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!)["@graph"] as Record<
        string,
        unknown
      >[];
      expect(graph.find((node) => node["@type"] === "BlogPosting")).toMatchObject({ headline: article.title, datePublished: article.date });
    },
  );

  it("the feed lists the newest published articles, as many as site.yaml says, and the sitemap every page", async () => {
    const feed = decodeEntities((await page("/feed.xml")).html);
    const entries = [...feed.matchAll(/<entry>[\s\S]*?<title>([^<]*)<\/title>/g)].map((match) => match[1]);
    expect(entries).toEqual(published.slice(0, site.feedEntries).map((article) => article.title));
    const sitemap = (await page("/sitemap.xml")).html;
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const pages = routeTable.routes.filter((route) => route.kind !== "search");
    expect(listed.sort()).toEqual(pages.map((route) => route.path).sort());
  });
});

describe("news", () => {
  it("every item has its card on /resources", async () => {
    const { html } = await page("/resources");
    for (const item of news) expect(headingsOf(html, 3)).toContain(item.title);
  });
});

describe("services", () => {
  it("/services has a card for each, in order, leading to its page", async () => {
    const { html } = await page("/services");
    expect(headingsOf(html, 2).filter((title) => services.some((service) => service.cardTitle === title))).toEqual(
      services.map((service) => service.cardTitle),
    );
    for (const service of services) expect(html).toContain(`href="${service.path}"`);
  });

  it.each(services.map((service) => [service.path, service] as const))("%s is headed by its title", async (path, service) => {
    const { html } = await page(path);
    expect(headingsOf(html, 1)).toEqual([service.title]);
    for (const offering of service.offerings.items) expect(headingsOf(html, 3)).toContain(offering.title);
  });
});

describe("the practice's facts", () => {
  it("the attorney's profile is at /about/{slug}, headed by the founder's name, and in the navigation", async () => {
    const { html } = await page(attorneyPath);
    expect(headingsOf(html, 1)).toEqual([site.founder.name]);
    const home = (await page("/")).html;
    expect(home).toContain(`href="${attorneyPath}"`);
    expect(decodeEntities(home)).toContain(`>${site.founder.name}</a>`);
  });

  it("the contact page gives the practice's e-mail address and city", async () => {
    const { html, text } = await page("/contact");
    expect(html).toContain(`href="mailto:${site.email}"`);
    expect(text).toContain(`${site.location.city}, ${site.location.regionName}`);
  });
});
