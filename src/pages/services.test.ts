import { describe, expect, it } from "vitest";
import { pages, services } from "../content/index.ts";

const servicesOverview = pages.services;
import { routeTable } from "../test/routes.ts";
import { decodeEntities, fetchPath, headingsOf } from "../test/html.ts";

/** Text of server HTML as a reader sees it: tags dropped, entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
/** The same, without screen-reader-only text. */
const visibleTextOf = (html: string) => textOf(html.replace(/<span class="sr-only">[\s\S]*?<\/span>/g, ""));

interface Link {
  readonly href: string | undefined;
  /** Accessible text (including screen-reader-only text). */
  readonly name: string;
  readonly visible: string;
}

function linksOf(html: string): Link[] {
  return Array.from(html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g), ([, attrs, inner]) => ({
    href: /href="([^"]*)"/.exec(attrs!)?.[1],
    name: textOf(inner!),
    visible: visibleTextOf(inner!),
  }));
}

/** The page's <main>, so header and footer links do not count. */
async function mainOf(path: string): Promise<{ status: number; html: string; main: string }> {
  const response = await fetchPath(path);
  const html = await response.text();
  const start = html.indexOf('<main id="main"');
  return { status: response.status, html, main: html.slice(start, html.indexOf("</main>", start)) };
}

/** The <section> labelled by the heading with this text (sections on these pages do not nest). */
function sectionNamed(main: string, heading: string): string {
  for (const match of main.matchAll(/<h2 id="([^"]+)"[^>]*>([\s\S]*?)<\/h2>/g)) {
    if (textOf(match[2]!) !== heading) continue;
    const start = main.lastIndexOf(`<section aria-labelledby="${match[1]}"`, match.index);
    expect(start, `section labelled "${heading}"`).toBeGreaterThanOrEqual(0);
    return main.slice(start, main.indexOf("</section>", match.index));
  }
  throw new Error(`no h2 "${heading}"`);
}

const listItemsOf = (html: string) => Array.from(html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g), (m) => textOf(m[1]!));

/** The spec's exact strings for each service page. */
const spec = [
  {
    path: "/services/creative-cultural",
    card: "Creative + Cultural",
    title: "Creative & Cultural Counsel",
    offerings: ["Artist Contracts", "Licensing Frameworks", "Nonprofit Strategy", "Exhibition Agreements"],
    cta: "Discuss Your Project",
  },
  {
    path: "/services/fractional-counsel",
    card: "Fractional General Counsel",
    title: "Fractional General Counsel",
    offerings: ["Strategic Guidance", "Contract Review", "Risk Management", "Governance Support"],
    cta: "Explore Partnership Options",
  },
  {
    path: "/services/creative-tech",
    card: "Creative Tech",
    title: "Creative-Tech & Product Counsel",
    offerings: ["Product Counsel", "Terms & Privacy", "IP Strategy", "Ethics & Compliance"],
    cta: "Start a Conversation",
  },
  {
    path: "/services/workshops",
    card: "Workshops",
    title: "Workshops & Speaking",
    offerings: ["Contracts for Creatives", "Intellectual Property Basics", "Collaboration Frameworks", "Nonprofit Governance"],
    cta: "Book a Workshop",
  },
] as const;

describe("/services", () => {
  it("has the breadcrumb Home > Services and the one heading What We Do", async () => {
    const { status, html, main } = await mainOf("/services");
    expect(status).toBe(200);
    expect(headingsOf(html, 1)).toEqual(["What We Do"]);
    const breadcrumb = main.slice(main.indexOf('<nav aria-label="Breadcrumb"'), main.indexOf("</nav>"));
    expect(linksOf(breadcrumb)).toEqual([{ href: "/", name: "Home", visible: "Home" }]);
    expect(breadcrumb).toMatch(/<span aria-current="page"[^>]*>Services<\/span>/);
    expect(textOf(main)).toContain(servicesOverview.intro);
  });

  it("lists four service cards, in the spec's order, as a list", async () => {
    const { html, main } = await mainOf("/services");
    expect(headingsOf(html, 2).slice(0, 4)).toEqual(spec.map((s) => s.card));
    const list = /<ul[^>]*>([\s\S]*?)<\/ul>/.exec(main.slice(main.indexOf("</nav>")))![1]!;
    const items = listItemsOf(list);
    expect(items).toHaveLength(4);
    for (const [index, service] of services.entries()) {
      expect(items[index]).toContain(service.cardTitle);
      expect(items[index]).toContain(service.cardDescription);
    }
  });

  it("gives each card a Learn more link to its page whose name says which service", async () => {
    const { main } = await mainOf("/services");
    const learnMore = linksOf(main).filter((link) => link.visible === "Learn more");
    expect(learnMore.map((link) => link.href)).toEqual(spec.map((s) => s.path));
    expect(learnMore.map((link) => link.name)).toEqual(spec.map((s) => `Learn more about ${s.card}`));
    for (const link of learnMore) expect((await fetchPath(link.href!)).status).toBe(200);
  });

  it("ends with a Start a Conversation button to /contact", async () => {
    const { main } = await mainOf("/services");
    expect(linksOf(main).filter((link) => link.name === "Start a Conversation")).toEqual([
      { href: "/contact", name: "Start a Conversation", visible: "Start a Conversation" },
    ]);
    expect(headingsOf(main, 2)).toContain(servicesOverview.closing.heading);
  });
});

describe("service pages", () => {
  it("exist for exactly the four services of the spec", () => {
    const servicePaths = routeTable.byKind.service.map((route) => route.path);
    expect(servicePaths).toEqual(spec.map((s) => s.path));
  });

  describe.each(spec)("$path", (expected) => {
    const service = services.find((s) => s.path === expected.path)!;

    it("has the breadcrumb, a Back to Services link and the page title as its one h1", async () => {
      const { status, html, main } = await mainOf(expected.path);
      expect(status).toBe(200);
      expect(headingsOf(html, 1)).toEqual([expected.title]);
      const breadcrumb = main.slice(main.indexOf('<nav aria-label="Breadcrumb"'), main.indexOf("</nav>"));
      expect(linksOf(breadcrumb).map((link) => [link.href, link.name])).toEqual([
        ["/", "Home"],
        ["/services", "Services"],
      ]);
      expect(textOf(/<span aria-current="page"[^>]*>([\s\S]*?)<\/span>/.exec(breadcrumb)![1]!)).toBe(expected.title);
      expect(linksOf(main).filter((link) => link.name === "Back to Services")).toEqual([
        { href: "/services", name: "Back to Services", visible: "Back to Services" },
      ]);
    });

    it("shows the introduction", async () => {
      const { main } = await mainOf(expected.path);
      for (const paragraph of service.intro) expect(textOf(main)).toContain(textOf(paragraph));
    });

    it("lists the four offerings, each with its title and description", async () => {
      const { main } = await mainOf(expected.path);
      const section = sectionNamed(main, service.offerings.heading);
      expect(headingsOf(section, 3)).toEqual([...expected.offerings]);
      const items = listItemsOf(section);
      expect(items).toHaveLength(4);
      for (const [index, offering] of service.offerings.items.entries()) {
        expect(items[index]).toBe(`${offering.title} ${offering.description}`);
      }
    });

    it("lists who it is for", async () => {
      const { main } = await mainOf(expected.path);
      const items = listItemsOf(sectionNamed(main, "Who This Is For"));
      expect(items.length).toBeGreaterThanOrEqual(3);
      expect(items).toEqual([...service.audience.items]);
    });

    it(`ends with "${expected.cta}" to /contact`, async () => {
      const { main } = await mainOf(expected.path);
      expect(linksOf(main).filter((link) => link.name === expected.cta)).toEqual([
        { href: "/contact", name: expected.cta, visible: expected.cta },
      ]);
      expect(headingsOf(main, 2)).toContain(service.closing.heading);
    });

    const hasHowItWorks = expected.path === "/services/fractional-counsel";
    it(
      hasHowItWorks ? "explains How It Works: retainer, quarterly check-ins or project basis" : "has no How It Works section",
      async () => {
        const { main } = await mainOf(expected.path);
        if (!hasHowItWorks) return expect(headingsOf(main, 2)).not.toContain("How It Works");
        const text = textOf(sectionNamed(main, "How It Works"));
        expect(text).toMatch(/monthly retainer/);
        expect(text).toMatch(/quarterly check-ins/);
        expect(text).toMatch(/project basis/);
      },
    );

    const hasFormats = expected.path === "/services/workshops";
    it(hasFormats ? "lists the Formats" : "has no Formats section", async () => {
      const { main } = await mainOf(expected.path);
      if (!hasFormats) return expect(headingsOf(main, 2)).not.toContain("Formats");
      const items = listItemsOf(sectionNamed(main, "Formats"));
      expect(items).toHaveLength(4);
      for (const [index, format] of [
        /^In-person workshops/,
        /^Virtual presentations/,
        /^Conference speaking/,
        /^Custom programs/,
      ].entries()) {
        expect(items[index]).toMatch(format);
      }
    });
  });
});
