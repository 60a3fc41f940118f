/**
 * The share cards (og:image), drawn at build from content/ without a browser: satori lays the card out and
 * writes it as SVG (text as outlines, in the site's own fonts), resvg draws the SVG as a 1200×630 PNG. One
 * card per article (its title, topic and cover, the practice's name and palette) and one for every other
 * page (the practice's name, the home page's headline, the tagline). A card's name hashes what it shows and
 * how it is drawn (this file and the fonts), so a changed tagline or title makes a new card under a new name
 * on the next build, and an unchanged one is taken from node_modules/.cache/share-cards/ as it was.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SHARE_CARD_SIZE } from "../../src/content/site.ts";
import { inTurns } from "./images.ts";

/** Where the cards are served from: among the client's hashed assets, cached for a year. */
export const CARDS_BASE = "/assets/cards/";

/** What a card shows. */
export interface CardFace {
  readonly practiceName: string;
  /** The small line above the title: an article's topic, or the tagline. */
  readonly eyebrow: string;
  /** The large words: an article's title, or the home page's headline. */
  readonly title: string;
  /** The line at the foot: who writes and where. */
  readonly foot: string;
  /** An article's cover (its source file and variants' stem), shown on the card's right. */
  readonly cover?: { readonly file: string; readonly stem: string };
}

/** A card to draw: its face, and its path on the site. */
export interface CardJob {
  readonly path: string;
  readonly face: CardFace;
}

/** The site's palette and fonts, as src/styles.css gives them. */
const PALETTE = {
  paper: "#faf7f2",
  paperDeep: "#f1ece3",
  ink: "#1e2124",
  muted: "#555049",
  line: "#ddd5c8",
  accent: "#1d4e5f",
  clay: "#9a4527",
};

const FONTS = [
  { name: "Serif", weight: 600, source: "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2" },
  { name: "Sans", weight: 500, source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2" },
] as const;

/** What the drawing depends on besides the face: this file and the font files, hashed once per process. */
let drawingHash: string | undefined;
function drawing(): string {
  drawingHash ??= createHash("sha256")
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(FONTS.map((font) => `${font.source}@${font.weight}`).join())
    .digest("hex");
  return drawingHash;
}

/** A card's path: its name, and a hash of what it shows and how it is drawn. */
export function cardPath(name: string, face: CardFace): string {
  const { cover, ...words } = face;
  const hash = createHash("sha256")
    .update(JSON.stringify({ words, cover: cover?.stem }))
    .update(drawing())
    .digest("hex")
    .slice(0, 10);
  return `${CARDS_BASE}${name}-${hash}.png`;
}

const cacheOf = (root: string) => join(root, "node_modules", ".cache", "share-cards");

/**
 * The fonts as satori reads them: each variable font fixed at the one weight the card sets it in (satori
 * draws a variable font at its default weight), as TrueType, kept in the cache.
 */
async function cardFonts(root: string) {
  const { default: subsetFont } = await import("subset-font");
  // Latin, with the typographic punctuation titles use.
  const characters = `${Array.from({ length: 0x24f - 0x20 + 1 }, (_, index) => String.fromCodePoint(0x20 + index)).join("")}‘’“”–—…·•€™`;
  return Promise.all(
    FONTS.map(async (font) => {
      const file = join(cacheOf(root), "fonts", `${font.name}-${font.weight}-${drawing().slice(0, 10)}.ttf`);
      if (!existsSync(file)) {
        const bytes = await subsetFont(readFileSync(createRequire(import.meta.url).resolve(font.source)), characters, {
          targetFormat: "sfnt",
          variationAxes: { wght: font.weight },
        });
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, bytes);
      }
      return { name: font.name, weight: font.weight, style: "normal" as const, data: readFileSync(file) };
    }),
  );
}

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({
  type,
  props: { style, children, ...props },
});

/** The cover's part of a card: cut to the frame, as a JPEG the SVG embeds. */
const COVER_WIDTH = 456;

async function coverDataUrl(cover: NonNullable<CardFace["cover"]>, root: string): Promise<string> {
  const file = join(cacheOf(root), "covers", `${cover.stem.split("/").at(-1)}-${COVER_WIDTH}.jpg`);
  if (!existsSync(file)) {
    const { default: sharp } = await import("sharp");
    mkdirSync(dirname(file), { recursive: true });
    await sharp(cover.file)
      .rotate()
      .resize({ width: COVER_WIDTH, height: SHARE_CARD_SIZE.height, fit: "cover", position: "attention" })
      .flatten({ background: PALETTE.paper })
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(`${file}.part`);
    renameSync(`${file}.part`, file);
  }
  return `data:image/jpeg;base64,${readFileSync(file).toString("base64")}`;
}

/** The title's size: as large as its length allows in the room it has. */
function titleSize(title: string, roomy: boolean): number {
  const length = title.length * (roomy ? 1 : 1.5);
  return length <= 34 ? 76 : length <= 60 ? 64 : length <= 96 ? 52 : 44;
}

/** A card's layout, as satori takes it (the shape React elements have). */
function layout(face: CardFace, cover: string | undefined): Node {
  const { width, height } = SHARE_CARD_SIZE;
  const text = h(
    "div",
    { display: "flex", flexDirection: "column", justifyContent: "space-between", flex: 1, padding: "72px 80px 64px 72px" },
    [
      h("div", { fontFamily: "Serif", fontSize: 36, color: PALETTE.accent, letterSpacing: -0.3 }, face.practiceName),
      h("div", { display: "flex", flexDirection: "column" }, [
        h(
          "div",
          { fontFamily: "Sans", fontSize: 22, color: PALETTE.clay, letterSpacing: 2.5, textTransform: "uppercase", marginBottom: 22 },
          face.eyebrow,
        ),
        h(
          "div",
          {
            fontFamily: "Serif",
            fontSize: titleSize(face.title, !cover),
            lineHeight: 1.06,
            letterSpacing: -1,
            color: PALETTE.ink,
            // At most four lines; a longer title ends in an ellipsis.
            lineClamp: 4,
            display: "block",
          },
          face.title,
        ),
      ]),
      h(
        "div",
        { display: "flex", fontFamily: "Sans", fontSize: 22, color: PALETTE.muted, borderTop: `2px solid ${PALETTE.line}`, paddingTop: 22 },
        face.foot,
      ),
    ],
  );
  return h("div", { width, height, display: "flex", background: PALETTE.paper, color: PALETTE.ink }, [
    h("div", { width: 24, background: PALETTE.accent }),
    text,
    ...(cover ? [h("img", { width: COVER_WIDTH, height, objectFit: "cover" }, undefined, { src: cover, width: COVER_WIDTH, height })] : []),
  ]);
}

type Fonts = Awaited<ReturnType<typeof cardFonts>>;

async function draw(face: CardFace, fonts: Fonts, root: string): Promise<Buffer> {
  const [{ default: satori }, { renderAsync }] = await Promise.all([import("satori"), import("@resvg/resvg-js")]);
  const cover = face.cover && (await coverDataUrl(face.cover, root));
  const svg = await satori(layout(face, cover) as Parameters<typeof satori>[0], { ...SHARE_CARD_SIZE, fonts });
  // On a thread of libuv's pool: the next card is laid out while this one is drawn.
  const png = await renderAsync(svg, { font: { loadSystemFonts: false } });
  return png.asPng();
}

/** A card's file in the cache, drawn first if it is not there. */
async function cachedCard(job: CardJob, root: string, fonts: () => Promise<Fonts>): Promise<string> {
  const file = join(cacheOf(root), job.path.slice(CARDS_BASE.length));
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.part`, await draw(job.face, await fonts(), root));
    renameSync(`${file}.part`, file);
  }
  return file;
}

/** The fonts, made once per process, on first need: a build whose cards are all cached makes none. */
let fontsOnce: Promise<Fonts> | undefined;
const fontsOf = (root: string) => () => (fontsOnce ??= cardFonts(root));

/** Writes every card under `outDir` (the client build's folder), from the cache. */
export async function writeCards(jobs: readonly CardJob[], root: string, outDir: string): Promise<void> {
  const fonts = fontsOf(root);
  // Three in turn: one laid out by satori on this thread while two are drawn by resvg on others.
  await inTurns(jobs, 3, async (job) => {
    const to = join(outDir, ...job.path.split("/").filter(Boolean));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(await cachedCard(job, root, fonts), to);
  });
}

/** A card's PNG (`vite dev`), drawn if it is not in the cache. */
export async function cardFile(job: CardJob, root: string): Promise<string> {
  return cachedCard(job, root, fontsOf(root));
}
