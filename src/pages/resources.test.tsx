import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleCard } from "../components/ArticleCard.tsx";
import { Badge, type BadgeVariant } from "../components/Badge.tsx";
import { NewsCard } from "../components/NewsCard.tsx";
import { pages } from "../content/index.ts";
import { routeTable } from "../test/routes.ts";
import { decodeEntities, fetchPath, headingsOf, titleOf } from "../test/html.ts";

/** Text of server HTML as a reader sees it: tags dropped, entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

function linksOf(html: string) {
  return Array.from(html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g), ([, attrs, inner]) => ({
    href: /href="([^"]*)"/.exec(attrs!)?.[1],
    name: textOf(inner!),
  }));
}

/** Inner HTML of each <li> of the first <ul> in the fragment that is not in a <nav> (these lists do not nest). */
const listItemsOf = (html: string) => {
  const list = /<ul[^>]*>([\s\S]*?)<\/ul>/.exec(html.replace(/<nav[\s\S]*?<\/nav>/g, ""))?.[1] ?? "";
  return Array.from(list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g), (m) => m[1]!);
};

async function resourcesMain() {
  const response = await fetchPath("/resources");
  const html = await response.text();
  const start = html.indexOf('<main id="main"');
  return { status: response.status, html, main: html.slice(start, html.indexOf("</main>", start)) };
}

/** From the h2 with this text to the end of its <section>. */
function sectionFrom(main: string, heading: string): string {
  const match = Array.from(main.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)).find((m) => textOf(m[1]!) === heading);
  if (!match) throw new Error(`no h2 "${heading}"`);
  return main.slice(match.index, main.indexOf("</section>", match.index));
}

/** The three cards of the spec: category, title, link. */
const specCards = [
  { category: "Contracts", title: "5 Clauses Every Artist Contract Should Include", path: "/blog/5-clauses-artist-contract" },
  { category: "IP Law", title: "How to License Your Artwork", path: "/blog/how-to-license-artwork" },
  { category: "General", title: "Law as a Creative Tool", path: "/blog/law-as-creative-tool" },
];

describe("/resources", () => {
  it("has the breadcrumb Home > Resources and the one heading Resources & Insights", async () => {
    const { status, html, main } = await resourcesMain();
    expect(status).toBe(200);
    expect(headingsOf(html, 1)).toEqual(["Resources & Insights"]);
    const breadcrumb = main.slice(main.indexOf('<nav aria-label="Breadcrumb"'), main.indexOf("</nav>"));
    expect(linksOf(breadcrumb)).toEqual([{ href: "/", name: "Home" }]);
    expect(breadcrumb).toMatch(/<span aria-current="page"[^>]*>Resources<\/span>/);
  });

  it("lists the three articles under Blog & Articles, each card with badge, title, excerpt and date", async () => {
    const { main } = await resourcesMain();
    const cards = listItemsOf(sectionFrom(main, "Blog & Articles"));
    expect(cards).toHaveLength(3);
    for (const [index, expected] of specCards.entries()) {
      const card = cards[index]!;
      const article = routeTable.byKind.resources[0]!.params.articles[index]!;
      expect(textOf(/<span data-variant="secondary"[^>]*>([\s\S]*?)<\/span>/.exec(card)![1]!)).toBe(expected.category);
      expect(headingsOf(card, 3)).toEqual([expected.title]);
      expect(textOf(card)).toContain(article.excerpt);
      expect(textOf(card)).toContain("November 4, 2025");
      expect(textOf(card)).not.toContain("Coming Soon");
      // One link per card, named by the title, to its article.
      expect(linksOf(card)).toEqual([{ href: expected.path, name: expected.title }]);
    }
  });

  it("links each card to a page that is that article", async () => {
    const { main } = await resourcesMain();
    for (const expected of specCards) {
      const link = linksOf(main).find((candidate) => candidate.name === expected.title)!;
      const response = await fetchPath(link.href!);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(headingsOf(html, 1)).toEqual([expected.title]);
      expect(titleOf(html)).toContain(expected.title);
    }
  });

  it("shows the Resources Coming Soon card under News & Updates, not clickable", async () => {
    const { main } = await resourcesMain();
    const items = listItemsOf(sectionFrom(main, "News & Updates"));
    expect(items).toHaveLength(1);
    const card = items[0]!;
    expect(headingsOf(card, 3)).toEqual(["Resources Coming Soon"]);
    expect(textOf(card)).toContain("November 2025");
    expect(textOf(card)).toContain(textOf(routeTable.byKind.resources[0]!.params.news[0]!.html));
    expect(card).not.toMatch(/<a[\s>]/);
  });

  it("ends with Stay Updated and a Get in Touch link to /contact", async () => {
    const { main } = await resourcesMain();
    const block = sectionFrom(main, "Stay Updated");
    expect(textOf(block)).toContain(pages.resources.closing.text);
    expect(linksOf(block)).toEqual([{ href: "/contact", name: "Get in Touch" }]);
  });
});

describe("a topic's page", () => {
  it("introduces its articles in words that fit how many there are", async () => {
    const { topics } = pages.resources;
    for (const topic of routeTable.byKind.resources[0]!.params.topics) {
      const text = textOf(await (await fetchPath(topic.path)).text());
      const [fits, other] = topic.count === 1 ? [topics.introOne, topics.intro] : [topics.intro, topics.introOne];
      expect(text, topic.path).toContain(fits.replace("{topic}", topic.name));
      expect(text, topic.path).not.toContain(other.replace("{topic}", topic.name));
    }
  });
});

describe("article cards", () => {
  const summary = {
    title: "A Future Guide",
    excerpt: "Something useful is on its way.",
    category: "IP Law" as const,
    date: "2025-11-04",
    path: "/blog/a-future-guide" as const,
  };
  const render = (article: Parameters<typeof ArticleCard>[0]["article"]) =>
    renderToString(<ArticleCard article={article} date="November 2025" comingSoonLabel="Coming Soon" />);

  it("link the whole card to the article when they have a link", () => {
    const html = render({ ...summary, status: "published" });
    expect(linksOf(html)).toEqual([{ href: "/blog/a-future-guide", name: "A Future Guide" }]);
    expect(textOf(html)).not.toContain("Coming Soon");
  });

  it("show a Coming Soon badge when flagged upcoming, and are not clickable before publication", () => {
    const html = render({ ...summary, status: "upcoming" });
    expect(html).toMatch(/<span data-variant="[a-z]+"[^>]*>Coming Soon<\/span>/);
    expect(headingsOf(html, 3)).toEqual(["A Future Guide"]);
    expect(html).not.toMatch(/<a[\s>]/);
  });

  it("mark a draft shown in a local preview of drafts", () => {
    expect(render({ ...summary, status: "published", previewDraft: true })).toMatch(/<span data-variant="destructive"[^>]*>Draft<\/span>/);
    expect(render({ ...summary, status: "published" })).not.toContain("Draft");
  });
});

describe("news cards", () => {
  const item = {
    slug: "workshop-recordings",
    title: "Workshop Recordings",
    date: "2025-12-01",
    status: "published" as const,
    html: "<p>Recordings of past sessions.</p>",
  };
  const render = (props: Parameters<typeof NewsCard>[0]["item"]) => renderToString(<NewsCard item={props} />);

  it("are plain text without a link, and link their title with one", () => {
    expect(render(item)).not.toMatch(/<a[\s>]/);
    expect(linksOf(render({ ...item, link: "/resources" }))).toEqual([{ href: "/resources", name: "Workshop Recordings" }]);
  });

  it("show a Coming Soon badge only when flagged upcoming", () => {
    expect(render(item)).not.toContain("Coming Soon");
    expect(render({ ...item, status: "upcoming" })).toMatch(/<span data-variant="[a-z]+"[^>]*>Coming Soon<\/span>/);
  });

  it("are not clickable while upcoming, even with a link", () => {
    expect(render({ ...item, status: "upcoming", link: "/resources" })).not.toMatch(/<a[\s>]/);
  });
});

describe("badges", () => {
  const variants: BadgeVariant[] = ["default", "secondary", "destructive", "outline"];
  const rendered = variants.map((variant) => renderToString(<Badge variant={variant}>Label</Badge>));

  it("carry their variant and look different for each", () => {
    for (const [index, variant] of variants.entries()) expect(rendered[index]).toContain(`data-variant="${variant}"`);
    const classes = rendered.map((html) => /class="([^"]*)"/.exec(html)![1]);
    expect(new Set(classes).size).toBe(variants.length);
  });

  it("default to the default variant", () => {
    expect(renderToString(<Badge>Label</Badge>)).toBe(rendered[0]);
  });
});
