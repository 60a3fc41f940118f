import { describe, expect, it } from "vitest";
import { pictureMarkup } from "../../content/pictures.ts";
import { decodeEntities, fetchPath } from "../html.ts";
import { routeTable } from "../routes.ts";
import { added } from "./pictures.ts";

/*
 * content/ with a portrait and an article's cover added as files (./copy.ts), and no code changed: each shows
 * where it belongs as a <picture> of AVIF and WebP variants with a JPEG <img>, its width, height and words;
 * the page's largest picture is fetched first, the others lazily.
 */

const html = async (path: string) => (await fetchPath(path)).text();

/** Every <picture> of a page: its sources' types and its <img>'s attributes. */
function picturesOf(page: string) {
  return [...page.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map(([, inner]) => ({
    sources: [...inner!.matchAll(/<source type="([^"]+)" srcSet="([^"]+)"/gi)].map(([, type, srcset]) => ({ type, srcset })),
    img: Object.fromEntries(
      [.../<img ([^>]*)\/?>/.exec(inner!)![1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
        name!.toLowerCase(),
        decodeEntities(value!),
      ]),
    ),
  }));
}

const attorney = routeTable.byKind.attorney[0]!;
const covered = routeTable.byKind.article.find((route) => route.params.article.cover)!;

describe("a portrait added to content/", () => {
  it("shows on the attorney page in place of the photo note: AVIF and WebP, width, height, words, fetched first", async () => {
    const page = await html(attorney.path);
    const [portrait, ...others] = picturesOf(page);
    expect(others).toEqual([]);
    expect(portrait!.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    for (const source of portrait!.sources) expect(source.srcset).toMatch(/^\/assets\/images\/portrait-[0-9a-f]{10}-320\.\w+ 320w, /);
    const { img } = pictureMarkup({ stem: "", ...added.photo }, "portrait");
    expect(portrait!.img).toMatchObject({
      alt: added.photo.alt,
      width: String(img.width),
      height: String(img.height),
    });
    expect(Number(portrait!.img.height) / Number(portrait!.img.width)).toBeCloseTo(added.photo.height / added.photo.width, 2);
    // The page's largest element at every width, a phone's too: never lazily, fetched first.
    expect(portrait!.img.loading).toBeUndefined();
    expect(portrait!.img.fetchpriority).toBe("high");
    expect(page).not.toContain("data-photo-placeholder");
  });

  it("is the founder's image in the page's structured data", async () => {
    const page = await html(attorney.path);
    expect(page).toMatch(
      /"@type":"Person"[\s\S]*"image":\{"@type":"ImageObject","url":"[^"]+\/assets\/images\/portrait-[0-9a-f]{10}-\d+\.jpg"/,
    );
  });
});

describe("an article's cover added to content/", () => {
  it("shows at the top of its article, fetched first, with its width, height and words", async () => {
    expect(covered, "an article with the cover").toBeDefined();
    const [cover] = picturesOf(await html(covered.path));
    expect(cover!.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(cover!.img).toMatchObject({ alt: added.cover.alt, width: "1440", height: "810", fetchpriority: "high" });
  });

  it("shows on its card on the resources pages, lazily", async () => {
    const list = routeTable.byKind.resources.find((route) => route.params.articles.some((article) => article.path === covered.path));
    expect(list, "a list page with the article's card").toBeDefined();
    const page = await html(list!.path);
    const cards = picturesOf(page);
    expect(cards.map((card) => card.img.alt)).toEqual([added.cover.alt]);
    expect(cards[0]!.img).toMatchObject({ loading: "lazy", decoding: "async", width: "720", height: "405" });
    // The other cards of that list, without a cover, each show their topic's drawing, not an empty frame.
    const drawn = [...page.matchAll(/<div data-topic-cover=""[^>]*>\s*<svg/g)];
    expect(drawn).toHaveLength(list!.params.articles.length - 1);
  });

  it("is on its own share card, which no other page shares", async () => {
    const page = await html(covered.path);
    const image = /<meta property="og:image" content="([^"]+)"/.exec(page)![1]!;
    expect(new URL(image).pathname).toBe(covered.params.article.card.path);
    expect(await html("/")).not.toContain(covered.params.article.card.path);
  });
});
