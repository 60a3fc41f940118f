import { describe, expect, it } from "vitest";
import { attorneyPath, pages, site } from "../content/index.ts";

const { attorney, philosophy } = pages;
import { decodeEntities, fetchPath, headingsOf } from "../test/html.ts";

/** An element found in server HTML: its attributes and its text (descendants included, entities decoded). */
interface Found {
  readonly attrs: Readonly<Record<string, string>>;
  text: string;
}

/** Every element of the HTML matching a CSS selector, read with workerd's own HTML parser (HTMLRewriter). */
async function select(html: string, selector: string): Promise<Found[]> {
  const found: Found[] = [];
  const open: Found[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        // workerd yields [name, value] pairs here; the DOM lib's Element type shadows its declaration.
        const pairs = element.attributes as unknown as Iterable<[string, string]>;
        const attrs = Object.fromEntries(Array.from(pairs, ([name, value]) => [name, decodeEntities(value)]));
        const entry: Found = { attrs, text: "" };
        found.push(entry);
        try {
          element.onEndTag(() => void open.splice(open.indexOf(entry), 1));
          open.push(entry);
        } catch {
          // A void element (img, br…) has no end tag and no text.
        }
      },
      text(chunk) {
        for (const entry of open) entry.text += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  for (const entry of found) entry.text = decodeEntities(entry.text).replace(/\s+/g, " ").trim();
  return found;
}

const texts = async (html: string, selector: string) => (await select(html, selector)).map((found) => found.text);

async function page(path: string): Promise<string> {
  const response = await fetchPath(path);
  expect(response.status).toBe(200);
  return response.text();
}

/** The breadcrumb as [label, href or "current"] pairs. */
async function breadcrumb(html: string) {
  const items = await select(html, 'nav[aria-label="Breadcrumb"] a, nav[aria-label="Breadcrumb"] [aria-current="page"]');
  return items.map((item) => [item.text, item.attrs["aria-current"] === "page" ? "current" : item.attrs.href]);
}

describe("the philosophy page (/about)", () => {
  it("has one h1, the values heading, under the breadcrumb Home / About", async () => {
    const html = await page("/about");
    expect(headingsOf(html, 1)).toEqual(["Clarity, Creativity, and Care"]);
    expect(await breadcrumb(html)).toEqual([
      ["Home", "/"],
      ["About", "current"],
    ]);
  });

  it("shows the three value cards in order, each with its title and description", async () => {
    const html = await page("/about");
    const cards = await select(html, "main ul > li");
    expect(cards.map((card) => card.text.match(/Clarity|Creativity|Care/)?.[0])).toEqual(["Clarity", "Creativity", "Care"]);
    philosophy.values.forEach((value, index) => {
      expect(cards[index]!.text).toContain(value.title);
      expect(cards[index]!.text).toContain(value.description);
    });
    expect(headingsOf(html, 2)).toEqual(expect.arrayContaining(["Clarity", "Creativity", "Care"]));
  });

  it("tells the practice's story in four paragraphs about the practice and its founder", async () => {
    const html = await page("/about");
    expect(headingsOf(html, 2)).toContain(philosophy.story.heading);
    const story = await texts(html, 'section[aria-labelledby="story-heading"] p');
    expect(story).toHaveLength(4);
    expect(story).toEqual([...philosophy.paragraphs]);
    expect(story.join(" ")).toMatch(/attorney[\s\S]*educator[\s\S]*artist/);
  });

  it("sets the contract-as-frame quote as a real quotation with its source", async () => {
    const html = await page("/about");
    expect(await texts(html, "main figure > blockquote")).toEqual([philosophy.quote.text]);
    expect(philosophy.quote.text).toMatch(/contract is like a frame/);
    expect(await texts(html, "main figure > figcaption")).toEqual([`— ${site.founder.name}`]);
  });

  it("ends with a button to the attorney profile", async () => {
    const html = await page("/about");
    const buttons = await select(html, `main a[href="${attorneyPath}"]`);
    expect(buttons.map((button) => button.text)).toEqual([`Meet ${site.founder.firstName}`]);
  });
});

describe("the attorney profile (/about/{slug})", () => {
  it("has one h1, the founder's name, under the breadcrumb Home / About / founder", async () => {
    const html = await page(attorneyPath);
    expect(headingsOf(html, 1)).toEqual([site.founder.name]);
    expect(await breadcrumb(html)).toEqual([
      ["Home", "/"],
      ["About", "/about"],
      [site.founder.name, "current"],
    ]);
  });

  it("shows the role and the whole bio", async () => {
    const html = await page(attorneyPath);
    const paragraphs = await texts(html, "main p");
    expect(paragraphs).toContain("Founder & Attorney");
    for (const paragraph of [attorney.intro, ...attorney.paragraphs]) expect(paragraphs).toContain(decodeEntities(paragraph));
  });

  it("links to the art portfolio in a new tab, safely, and says so to screen readers", async () => {
    const html = await page(attorneyPath);
    const links = await select(html, `main a[href="${site.links.portfolio.href}"]`);
    expect(links).toHaveLength(1);
    expect(links[0]!.attrs.target).toBe("_blank");
    expect(links[0]!.attrs.rel).toBe("noopener noreferrer");
    expect(links[0]!.text).toBe("View Art Portfolio (opens in a new tab)");
    expect(await texts(html, `main a[href="${site.links.portfolio.href}"] .sr-only`)).toEqual(["(opens in a new tab)"]);
  });

  it("keeps a photo area 500px tall that reads 'Photo coming soon!'", async () => {
    const html = await page(attorneyPath);
    const photo = await select(html, "main [data-photo-placeholder]");
    expect(photo).toHaveLength(1);
    expect(photo[0]!.text).toBe("Photo coming soon!");
    expect(photo[0]!.attrs.class?.split(" ")).toContain("h-[500px]");
  });

  it("renders the accordion's two headers as buttons in headings, Admissions open and Career Highlights closed", async () => {
    const html = await page(attorneyPath);
    const accordion = '[data-island="credentials-accordion"]';
    expect(await texts(html, `${accordion} h2 > button`)).toEqual(["Admissions", "Career Highlights"]);
    const triggers = await select(html, `${accordion} button`);
    expect(triggers.map((trigger) => trigger.attrs["aria-expanded"])).toEqual(["true", "false"]);

    const panels = await select(html, `${accordion} [role="region"]`);
    expect(panels).toHaveLength(2);
    triggers.forEach((trigger, index) => {
      expect(trigger.attrs["aria-controls"]).toBe(panels[index]!.attrs.id);
      expect(panels[index]!.attrs["aria-labelledby"]).toBe(trigger.attrs.id);
    });
  });

  it("puts both panels' content in the HTML, none of it behind the hidden attribute", async () => {
    const html = await page(attorneyPath);
    const accordion = '[data-island="credentials-accordion"]';
    const panels = await select(html, `${accordion} [role="region"]`);
    for (const panel of panels) expect(panel.attrs).not.toHaveProperty("hidden");

    const admissions = await texts(html, `${accordion} [role="region"][id$=":admissions"] li`);
    expect(admissions).toEqual(["Washington State Bar Association", "U.S. District Court for the Western District of Washington"]);

    const highlights = await texts(html, `${accordion} [role="region"][id$=":highlights"] li`);
    expect(highlights).toHaveLength(5);
    attorney.careerHighlights.items.forEach((highlight, index) => {
      expect(highlights[index]).toContain(String(highlight.year));
      expect(highlights[index]).toContain(highlight.title);
      expect(highlights[index]).toContain(highlight.issuer);
    });
  });

  it("gives the accordion island plain JSON props only", async () => {
    const html = await page(attorneyPath);
    const [island] = await select(html, '[data-island="credentials-accordion"]');
    const props: unknown = JSON.parse(island!.attrs["data-props"]!);
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
    expect(props).toMatchObject({ defaultOpen: "admissions", highlights: { items: attorney.careerHighlights.items } });
  });

  it("ends with a 'Let's Work Together' button to /contact", async () => {
    const html = await page(attorneyPath);
    expect(await texts(html, 'main a[href="/contact"]')).toEqual(["Let's Work Together"]);
  });
});
