/**
 * The share cards (og:image), drawn at build from content/ without a browser (card-drawing.ts: satori and
 * resvg, a 1200×630 PNG). One card per article (its title, topic and cover, the practice's name and palette)
 * and one for every other page (the practice's name, the home page's headline, the tagline). A card's name
 * hashes what it shows and how it is drawn (the drawing's code and the fonts), so a changed tagline or title
 * makes a new card under a new name on the next build, and an unchanged one is taken from
 * node_modules/.cache/share-cards/ as it was. Many cards to draw (a first build, a new design) are drawn by
 * worker threads, one per core (card-worker.ts): about 25 ms of CPU each, 1,000 cards take half a minute
 * on one thread.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { SHARE_CARD_SIZE } from "../../src/content/site.ts";
import { COVER_WIDTH, type CardFace, type CardFont, PALETTE, drawCard } from "./card-drawing.ts";
import { inTurns } from "./images.ts";

/** Where the cards are served from: among the client's hashed assets, cached for a year. */
export const CARDS_BASE = "/assets/cards/";

/** A card to draw: its face, and its path on the site. */
export interface CardJob {
  readonly path: string;
  readonly face: CardFace;
}

/** The site's fonts, each at the one weight the cards set it in. */
const FONTS = [
  { name: "Serif", weight: 600, source: "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2" },
  { name: "Sans", weight: 500, source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2" },
] as const;

/** What the drawing depends on besides the face: its code and the font files, hashed once per process. */
let drawingHash: string | undefined;
function drawing(): string {
  drawingHash ??= createHash("sha256")
    .update(readFileSync(fileURLToPath(new URL("./card-drawing.ts", import.meta.url))))
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
async function cardFonts(root: string): Promise<CardFont[]> {
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
      return { name: font.name, weight: font.weight, style: "normal" as const, data: new Uint8Array(readFileSync(file)) };
    }),
  );
}

/** The cover's part of a card: cut to its frame, as a data: URL, kept in the cache. */
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

/** A card to draw into the cache: what a worker is given. */
export interface CardDrawing {
  readonly face: CardFace;
  readonly cover?: string;
  readonly file: string;
}

const cachedFile = (job: CardJob, root: string) => join(cacheOf(root), job.path.slice(CARDS_BASE.length));

/** Writes a card's PNG into the cache: beside, then renamed, so a build stopped half-way leaves no half file. */
export function keepCard(file: string, png: Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.part`, png);
  renameSync(`${file}.part`, file);
}

/** Cards below this many are drawn on the build's own thread: a worker costs more to start than a few cards. */
const WORKER_THRESHOLD = 24;

/** Draws cards into the cache: on worker threads, one per core, when there are many. */
async function drawAll(drawings: readonly CardDrawing[], fonts: readonly CardFont[]): Promise<void> {
  const threads = Math.min(availableParallelism(), Math.ceil(drawings.length / WORKER_THRESHOLD));
  if (threads <= 1) {
    for (const drawing of drawings) keepCard(drawing.file, await drawCard(drawing.face, drawing.cover, fonts));
    return;
  }
  await Promise.all(
    Array.from({ length: threads }, (_, thread) => {
      const share = drawings.filter((_, index) => index % threads === thread);
      const worker = new Worker(new URL("./card-worker.ts", import.meta.url), { workerData: { fonts, drawings: share } });
      return new Promise<void>((resolve, reject) => {
        worker.once("error", reject);
        worker.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`a share card worker stopped with ${code}`))));
      });
    }),
  );
}

/** The fonts, made once per process, on first need: a build whose cards are all cached makes none. */
let fontsOnce: Promise<CardFont[]> | undefined;
const fontsOf = (root: string) => (fontsOnce ??= cardFonts(root));

/** Draws the cards not in the cache yet. */
async function drawMissing(jobs: readonly CardJob[], root: string): Promise<void> {
  const missing = jobs.filter((job) => !existsSync(cachedFile(job, root)));
  if (missing.length === 0) return;
  const fonts = await fontsOf(root);
  const drawings = await Promise.all(
    missing.map(async (job) => ({
      face: job.face,
      ...(job.face.cover ? { cover: await coverDataUrl(job.face.cover, root) } : {}),
      file: cachedFile(job, root),
    })),
  );
  await drawAll(drawings, fonts);
}

/** Writes every card under `outDir` (the client build's folder), from the cache. */
export async function writeCards(jobs: readonly CardJob[], root: string, outDir: string): Promise<void> {
  await drawMissing(jobs, root);
  await inTurns(jobs, 4, async (job) => {
    const to = join(outDir, ...job.path.split("/").filter(Boolean));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(cachedFile(job, root), to);
  });
}

/** A card's PNG (`vite dev`), drawn if it is not in the cache. */
export async function cardFile(job: CardJob, root: string): Promise<string> {
  await drawMissing([job], root);
  return cachedFile(job, root);
}
