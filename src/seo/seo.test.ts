import { env, exports } from "cloudflare:workers";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { shareCard, site } from "../content/index.ts";
import { routeTable } from "../test/routes.ts";
import { decodeEntities } from "../test/html.ts";

const origin = new URL(env.SITE_ORIGIN).origin;
/** Requests a path as production visitors do (on the configured origin) or on a preview host. */
const get = (path: string, host: "production" | "preview" = "production") =>
  exports.default.fetch(new Request(new URL(path, host === "production" ? origin : "https://creative-law-site.example.workers.dev")));

const meta = (html: string, attribute: "name" | "property", key: string) =>
  decodeEntities(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1] ?? "");

type Node = Record<string, unknown> & { "@type": string; "@id": string };
function graphOf(html: string): Node[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  const data = JSON.parse(blocks[0]![1]!) as { "@context": string; "@graph": Node[] };
  expect(data["@context"]).toBe("https://schema.org");
  return data["@graph"];
}
const nodeOf = (graph: Node[], type: string) => graph.find((node) => node["@type"] === type);

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" || name === "url" });
const articles = routeTable.byKind.article.map((route) => route.params.article);

describe.each(routeTable.routes.map((route) => [route.path, route] as const))("%s", (path, route) => {
  it("has a canonical URL, Open Graph and Twitter tags from the route table", async () => {
    const html = await (await get(path)).text();
    const url = new URL(path, origin).href;
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(meta(html, "property", "og:title")).toBe(route.title);
    expect(meta(html, "property", "og:description")).toBe(route.description);
    expect(meta(html, "property", "og:url")).toBe(url);
    expect(meta(html, "property", "og:type")).toBe(route.kind === "article" ? "article" : "website");
    // An article's own card (drawn at build from its title); every other page the site's.
    const card = route.kind === "article" ? route.params.article.card : shareCard;
    expect(card.path).toMatch(/^\/assets\/cards\/[\w-]+\.png$/);
    expect(meta(html, "property", "og:image")).toBe(`${origin}${card.path}`);
    expect(meta(html, "name", "twitter:image")).toBe(`${origin}${card.path}`);
    expect([meta(html, "property", "og:image:width"), meta(html, "property", "og:image:height")]).toEqual(["1200", "630"]);
    expect(meta(html, "property", "og:image:alt")).toBe(card.alt);
    expect(card.alt).toContain(route.kind === "article" ? route.params.article.title : site.practiceName);
    expect(meta(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(html).toMatch(new RegExp(`<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="${origin}/feed.xml"/>`));
    // Search results are the visitor's own: never indexed. Every other page is, on the production host.
    if (route.kind === "search") expect(meta(html, "name", "robots")).toBe("noindex");
    else expect(html).not.toContain('name="robots"');
  });

  it("carries one JSON-LD graph whose page, site and breadcrumb nodes match the page", async () => {
    const graph = graphOf(await (await get(path)).text());
    const url = new URL(path, origin).href;
    const page = graph.find((node) => node["@id"] === `${url}#webpage`);
    expect(page).toMatchObject({ url, name: route.title, description: route.description, isPartOf: { "@id": `${origin}/#website` } });
    expect(nodeOf(graph, "WebSite")).toMatchObject({ "@id": `${origin}/#website`, url: `${origin}/` });
    const breadcrumb = nodeOf(graph, "BreadcrumbList");
    if (route.parent) {
      const items = breadcrumb!.itemListElement as { position: number; item: string; name: string }[];
      expect(items[0]).toMatchObject({ position: 1, item: `${origin}/`, name: "Home" });
      expect(items.at(-1)).toMatchObject({ item: url, name: route.crumb });
      expect(page!.breadcrumb).toEqual({ "@id": breadcrumb!["@id"] });
    } else {
      expect(breadcrumb).toBeUndefined();
    }
    // Every reference points at a node with a stable id on the site's origin.
    for (const id of JSON.stringify(graph).matchAll(/"@id":"([^"]+)"/g)) expect(id[1]).toMatch(new RegExp(`^${origin}/`));
  });
});

describe("structured data by page", () => {
  it.each(["/", "/contact"])("%s describes the practice as a LegalService in Seattle", async (path) => {
    const practice = nodeOf(graphOf(await (await get(path)).text()), "LegalService");
    expect(practice).toMatchObject({
      "@id": `${origin}/#practice`,
      name: site.practiceName,
      url: `${origin}/`,
      email: site.email,
      address: { "@type": "PostalAddress", addressLocality: "Seattle", addressRegion: "WA", addressCountry: "US" },
      areaServed: { "@type": "State", name: "Washington" },
      founder: { "@id": expect.stringContaining(`/about/${site.founder.slug}#person`) },
      sameAs: [site.links.professionalNetwork.href],
    });
  });

  it("describes the founder as a Person on the attorney page", async () => {
    const graph = graphOf(await (await get(`/about/${site.founder.slug}`)).text());
    expect(nodeOf(graph, "Person")).toMatchObject({
      name: site.founder.name,
      worksFor: { "@id": `${origin}/#practice` },
      sameAs: expect.arrayContaining([site.links.portfolio.href]),
    });
    expect(nodeOf(graph, "ProfilePage")).toMatchObject({ mainEntity: { "@id": nodeOf(graph, "Person")!["@id"] } });
  });

  it.each(articles.map((article) => [article.path, article] as const))(
    "%s is a BlogPosting with its dates, author and image",
    async (path, article) => {
      const html = await (await get(path)).text();
      expect(nodeOf(graphOf(html), "BlogPosting")).toMatchObject({
        headline: article.title,
        description: article.description,
        datePublished: "2025-11-04",
        dateModified: "2025-11-04",
        author: { "@type": "Person", name: site.founder.name },
        publisher: { "@id": `${origin}/#practice` },
        image: [{ "@type": "ImageObject", url: `${origin}${article.card.path}`, width: "1200", height: "630" }],
        mainEntityOfPage: { "@id": `${origin}${path}#webpage` },
      });
      expect(meta(html, "property", "article:published_time")).toBe("2025-11-04");
    },
  );

  it("escapes text so nothing in the graph can close its script tag", async () => {
    const html = await (await get("/")).text();
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toMatch(/</);
  });
});

describe("crawling", () => {
  it("lists every public route but the search results, with absolute URLs, in sitemap.xml", async () => {
    const response = await get("/sitemap.xml");
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const { urlset } = xml.parse(await response.text()) as { urlset: { "@_xmlns": string; url: { loc: string; lastmod?: string }[] } };
    expect(urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const listed = routeTable.routes.filter((route) => route.kind !== "search");
    expect(urlset.url.map((entry) => entry.loc)).toEqual(listed.map((route) => new URL(route.path, origin).href));
    expect(urlset.url.find((entry) => entry.loc.endsWith("/terms-of-use"))!.lastmod).toBe("2025-11-03");
  });

  it("points robots.txt at the sitemap on the production origin", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it("publishes the articles as an Atom feed", async () => {
    const response = await get("/feed.xml");
    expect(response.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    const { feed } = xml.parse(await response.text()) as {
      feed: { title: string; entry: { title: string; id: string; published: string; link: { "@_href": string } }[] };
    };
    expect(feed.entry.map((entry) => entry.title)).toEqual(articles.map((article) => article.title));
    for (const entry of feed.entry) {
      expect(entry.link["@_href"]).toBe(entry.id);
      expect(entry.id).toMatch(new RegExp(`^${origin}/blog/`));
      expect(Number.isNaN(Date.parse(entry.published))).toBe(false);
    }
  });
});

describe("preview hosts", () => {
  it("mark every page noindex, in the page and in a header, keeping the canonical on production", async () => {
    for (const path of ["/", "/contact", articles[0]!.path]) {
      const response = await get(path, "preview");
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      expect(html).toContain(`<link rel="canonical" href="${new URL(path, origin).href}"/>`);
    }
  });

  it("disallow all crawling in robots.txt", async () => {
    const text = await (await get("/robots.txt", "preview")).text();
    expect(text).toMatch(/^User-agent: \*\nDisallow: \/$/m);
    expect(text).not.toContain("Sitemap:");
  });

  it("are not mistaken for production by a path or subdomain that merely contains its name", async () => {
    const lookalike = await exports.default.fetch(new Request(`https://${new URL(origin).host}.evil.example/`));
    expect(await lookalike.text()).toContain('content="noindex"');
  });
});

describe("the 404 page", () => {
  it("is noindex and names no canonical URL", async () => {
    const html = await (await get("/no-such-page")).text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
  });
});
