import { mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SHARE_CARD_SIZE } from "../../src/content/site.ts";
import { madeUpArticles } from "../../src/test/many-articles/articles.ts";
import { CARDS_BASE, writeCards } from "./cards.ts";
import { loadContent } from "./load.ts";
import { project, readSeed } from "./test-project.ts";

const description = "A description long enough for search results, at least fifty characters in all.";
const article = (title: string) =>
  `---\ntitle: "${title}"\ndescription: ${description}\ncategory: IP Law\ndate: 2026-01-15\nstatus: published\n---\n\nSome text.\n`;

describe("share cards", () => {
  it("one per article and one for the site, named by what each shows, drawn at 1200×630 and kept once drawn", async () => {
    const root = project({ "articles/one.md": article("Licensing a Mural"), "articles/two.md": article("Royalties, Plainly") });
    const { content, cards } = loadContent({ root });
    const [one, two] = content.articles;
    expect(one!.card).toEqual({
      path: expect.stringMatching(/^\/assets\/cards\/article-one-[0-9a-f]{10}\.png$/),
      alt: `Licensing a Mural: ${content.site.practiceName}`,
    });
    expect(two!.card.path).not.toBe(one!.card.path);
    expect(content.shareCard).toEqual({
      path: expect.stringMatching(/^\/assets\/cards\/site-[0-9a-f]{10}\.png$/),
      alt: content.site.shareImageAlt,
    });
    expect(cards.map((card) => card.path).sort()).toEqual([one!.card.path, two!.card.path, content.shareCard.path].sort());

    const out = mkdtempSync(join(tmpdir(), "cards-"));
    await writeCards(cards, root, out);
    const files = readdirSync(join(out, ...CARDS_BASE.split("/").filter(Boolean)));
    expect(files).toHaveLength(3);
    for (const file of files) {
      const meta = await sharp(join(out, "assets", "cards", file)).metadata();
      expect({ file, format: meta.format, width: meta.width, height: meta.height }).toEqual({ file, format: "png", ...SHARE_CARD_SIZE });
    }
    // A second build takes them from the cache as they were.
    const cached = join(root, "node_modules", ".cache", "share-cards");
    const times = files.map((file) => statSync(join(cached, file)).mtimeMs);
    await writeCards(cards, root, mkdtempSync(join(tmpdir(), "cards-")));
    expect(files.map((file) => statSync(join(cached, file)).mtimeMs)).toEqual(times);
  });

  it("many at once (a first build) are drawn on worker threads, each card its own", async () => {
    const root = project(Object.fromEntries(madeUpArticles(40).map((made) => [made.file, made.text])));
    const { cards } = loadContent({ root });
    const out = mkdtempSync(join(tmpdir(), "cards-"));
    await writeCards(cards, root, out);
    const written = cards.map((card) => readFileSync(join(out, ...card.path.split("/").filter(Boolean))));
    expect(written).toHaveLength(41);
    for (const png of written) expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(new Set(written.map((png) => png.toString("base64"))).size).toBe(41);
  });

  it("change with the words they show: a new tagline, a new site card", () => {
    const before = loadContent({ root: project({}) }).content.shareCard;
    const site = readSeed("site.yaml").replace(/^tagline: .*$/m, "tagline: Counsel for artists and the organizations around them");
    const after = loadContent({ root: project({ "site.yaml": site }) }).content.shareCard;
    expect(after.path).not.toBe(before.path);
  });
});
