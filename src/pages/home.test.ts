import { beforeAll, describe, expect, it } from "vitest";
import { attorneyPath, site } from "../content/index.ts";
import { decodeEntities, fetchPath, headingsOf } from "../test/html.ts";

let html: string;
let main: string;

beforeAll(async () => {
  const response = await fetchPath("/");
  expect(response.status).toBe(200);
  html = await response.text();
  main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
});

/** Every link in the page's main content as [visible text, href], in document order. */
function linksOf(fragment: string): Array<[string, string]> {
  return Array.from(fragment.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g), (m) => [
    decodeEntities(m[2]!.replace(/<[^>]+>/g, "").trim()),
    decodeEntities(m[1]!),
  ]);
}

/** The part of the main content from a heading up to the next h2 (one section of the page). */
function sectionAfter(heading: string): string {
  const start = main.indexOf(heading);
  expect(start, `section "${heading}"`).toBeGreaterThan(-1);
  const next = main.indexOf("<h2", start);
  return main.slice(start, next === -1 ? undefined : next);
}

describe("the home page", () => {
  it("has one h1, the hero headline, and the spec's section headings", () => {
    expect(headingsOf(html, 1)).toEqual(["Protect What You Create"]);
    expect(headingsOf(main, 2)).toEqual([
      "Creative Legal Services for Artists & Innovators",
      "Insights & Resources",
      `Work with ${site.practiceName}`,
    ]);
  });

  it("links the hero, services, resources and closing buttons to their pages", () => {
    const links = linksOf(main);
    const hrefOf = (label: string) => links.filter(([text]) => text === label).map(([, href]) => href);
    expect(hrefOf("Get in Touch")).toEqual(["/contact", "/contact"]); // hero, then the closing call to action
    expect(hrefOf("Explore Services")).toEqual(["/services"]);
    expect(hrefOf("Our Philosophy")).toEqual(["/about"]);
    expect(hrefOf("Meet the Attorney")).toEqual([attorneyPath]);
    expect(hrefOf("View All Resources")).toEqual(["/resources"]);
  });

  it("puts the philosophy and attorney buttons in the services section and the closing button after its heading", () => {
    const services = linksOf(sectionAfter("Creative Legal Services for Artists &amp; Innovators")).map(([text]) => text);
    expect(services).toEqual(["Our Philosophy", "Meet the Attorney"]);
    const closing = linksOf(sectionAfter(`Work with ${site.practiceName}`));
    expect(closing).toEqual([["Get in Touch", "/contact"]]);
  });

  it("renders the three article cards in the server HTML, with category, title, link, excerpt and date", () => {
    const insights = sectionAfter("Insights &amp; Resources");
    const cards = Array.from(insights.matchAll(/<article[\s\S]*?<\/article>/g), (m) => m[0]);
    expect(cards).toHaveLength(3);
    const expected = [
      ["Contracts", "5 Clauses Every Artist Contract Should Include", "/blog/5-clauses-artist-contract"],
      ["IP Law", "How to License Your Artwork", "/blog/how-to-license-artwork"],
      ["General", "Law as a Creative Tool", "/blog/law-as-creative-tool"],
    ];
    cards.forEach((card, index) => {
      const [category, title, path] = expected[index]!;
      const text = decodeEntities(card.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
      expect(text).toContain(category);
      expect(headingsOf(card, 3)).toEqual([title]);
      expect(linksOf(card)).toEqual([[title, path]]);
      expect(text).toContain("November 2025");
      expect(card).toMatch(/<p[^>]*>[^<]{40,}<\/p>/); // the excerpt
    });
    expect(linksOf(insights).at(-1)).toEqual(["View All Resources", "/resources"]);
  });

  it("serves the carousel as a labelled, looping island whose arrows are named and never disabled", () => {
    const island = /<div[^>]*data-island="article-carousel"[^>]*data-props="([^"]*)"/.exec(main);
    expect(island, "the carousel island").not.toBeNull();
    const props = JSON.parse(decodeEntities(island![1]!)) as { articles: Array<Record<string, unknown>> };
    expect(props.articles.map((article) => article.title)).toEqual([
      "5 Clauses Every Artist Contract Should Include",
      "How to License Your Artwork",
      "Law as a Creative Tool",
    ]);
    // Plain card data only: no article bodies or page descriptions travel to the browser.
    for (const article of props.articles)
      expect(Object.keys(article).sort()).toEqual(["category", "date", "dateLabel", "excerpt", "path", "slug", "status", "title"]);

    expect(main).toMatch(
      /role="region"[^>]*aria-roledescription="carousel"[^>]*aria-label="Articles"|aria-label="Articles"[^>]*role="region"/,
    );
    for (const name of ["Previous articles", "Next articles"]) {
      const button = new RegExp(`<button[^>]*aria-label="${name}"[^>]*>`).exec(main)?.[0];
      expect(button, name).toBeDefined();
      expect(button).not.toMatch(/\sdisabled/);
    }
    // Without JavaScript the cards stay a scroll-snapping row.
    expect(main).toMatch(/scroll-snap-type:x mandatory/);
    // Every slide is readable by assistive technology, whichever is in view.
    const slides = Array.from(main.matchAll(/<div[^>]*aria-roledescription="slide"[^>]*>/g), (m) => m[0]);
    expect(slides).toHaveLength(3);
    for (const slide of slides) expect(slide).not.toContain('aria-hidden="true"');
  });
});
