/**
 * The pictures of content/images/: checked as content/ names them (a field `{ src, alt }` or `![alt](src)` in
 * a text), each made a Picture (src/content/pictures.ts) whose hashed stem names its variants, and, at build,
 * encoded once with sharp into AVIF, WebP and JPEG at the widths of every slot it is shown in. Encoded files
 * are kept in node_modules/.cache/site-images/ by their names, which hash the source's bytes and the encoding
 * settings: an unchanged picture is never encoded again, by the next build or the next `vite dev`.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { imageSize } from "image-size";
import {
  type Picture,
  type PictureFormat,
  type Slot,
  type SlotName,
  pictureFormats,
  slots,
  variantHeight,
  variantPath,
  variantWidths,
} from "../../src/content/pictures.ts";

/** Where content/'s pictures live, and the path form a file gives: images/…, relative to content/. */
export const IMAGES_FOLDER = "images";
/** Where the variants are served from: among the client's hashed assets, cached for a year (public/_headers). */
export const VARIANTS_BASE = "/assets/images/";
const IMAGE_FOLDER_SLASH = `${IMAGES_FOLDER}/`;
/** The largest file the content check takes. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** The formats a picture may be given in, by the extensions its name may end with and by what image-size reads. */
const SOURCE_FORMATS = [
  { name: "JPEG", extensions: ["jpg", "jpeg"], read: "jpg" },
  { name: "PNG", extensions: ["png"], read: "png" },
  { name: "WebP", extensions: ["webp"], read: "webp" },
  { name: "AVIF", extensions: ["avif"], read: "heif" },
] as const;

/** How each variant is encoded. Part of every variant's name: a change here encodes every picture anew. */
const ENCODING = {
  // AVIF at sharp's default effort (4) takes seconds a picture here; 2 takes a tenth of that for a file a few
  // per cent larger (../shared stack notes).
  avif: { quality: 50, effort: 2 },
  webp: { quality: 72, effort: 4 },
  jpg: { quality: 74, mozjpeg: true },
  // A picture with transparency is set on the page's paper colour in the JPEG, which has none.
  background: "#faf7f2",
} as const;

/** A path under content/ as a text or field may write it (after a leading / is dropped): images/ then names of letters, digits, `_`, `.`, `-`. */
const IMAGE_PATH = /^images\/(?:[A-Za-z0-9_][A-Za-z0-9_.~-]*\/)*[A-Za-z0-9_][A-Za-z0-9_.~-]*$/;

/** One picture a page shows, found in content/: for the build to encode. */
export interface PictureUse {
  /** The source file. */
  readonly file: string;
  readonly picture: Picture;
  readonly slot: SlotName;
}

interface SourceFacts {
  readonly width: number;
  readonly height: number;
  readonly stem: string;
}

const readSources = new Map<string, { readonly key: string; readonly facts: SourceFacts | string }>();

/** The variants' stem of a source: its name, and a hash of its bytes and of how variants are encoded. */
function stemOf(src: string, bytes: Buffer): string {
  const name = basename(src)
    .replace(/\.[^.]+$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const hash = createHash("sha256").update(bytes).update(JSON.stringify(ENCODING)).digest("hex").slice(0, 10);
  return `${VARIANTS_BASE}${name || "image"}-${hash}`;
}

/** A source's size and stem, or why it cannot be used; read once while the file is unchanged. */
function readSource(file: string, src: string): SourceFacts | string {
  const stats = statSync(file);
  const key = `${stats.size}:${stats.mtimeMs}`;
  const kept = readSources.get(file);
  if (kept?.key === key) return kept.facts;
  const facts = ((): SourceFacts | string => {
    if (stats.size > MAX_IMAGE_BYTES)
      return `${src} is ${(stats.size / 1024 / 1024).toFixed(1)} MB: a picture may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB (export it smaller)`;
    const bytes = readFileSync(file);
    let size: ReturnType<typeof imageSize>;
    try {
      size = imageSize(bytes);
    } catch {
      return `${src} cannot be read as an image: save it again as JPEG, PNG, WebP or AVIF`;
    }
    const extension = src.split(".").at(-1)!.toLowerCase();
    const declared = SOURCE_FORMATS.find((format) => (format.extensions as readonly string[]).includes(extension))!;
    if (size.type !== declared.read) {
      const actual = SOURCE_FORMATS.find((format) => format.read === size.type);
      return actual
        ? `${src} is a ${actual.name} file under a .${extension} name: rename it .${actual.extensions[0]}`
        : `${src} is a ${String(size.type).toUpperCase()} image: save it as JPEG, PNG, WebP or AVIF`;
    }
    // Turned upright as its EXIF orientation says (5 to 8 are a quarter turn): as the variants are.
    const turned = (size.orientation ?? 1) >= 5;
    return { width: turned ? size.height : size.width, height: turned ? size.width : size.height, stem: stemOf(src, bytes) };
  })();
  readSources.set(file, { key, facts });
  return facts;
}

/** The pictures of one content folder: each reference checked, and the pictures the site shows, for the build. */
export interface ContentPictures {
  /** Why `src` (with `alt`) cannot be shown in `slot`, or the Picture it is. */
  picture(src: string, alt: string, slot: SlotName): Picture | string;
  /** Every picture a page shows, in every slot it is shown in. */
  readonly uses: readonly PictureUse[];
  /** The source file of a picture it gave. */
  fileOf(picture: Picture): string;
}

export function contentPictures(dir: string): ContentPictures {
  const uses: PictureUse[] = [];
  const files = new Map<string, string>();
  return {
    uses,
    fileOf: (picture) => files.get(picture.stem)!,
    picture(written, alt, slotName) {
      // The browser editor writes a picture's path from the site's root (/images/…): the same file.
      const src = written.replace(/^\/(?=images\/)/, "");
      if (!IMAGE_PATH.test(src) || src.split("/").includes(".."))
        return `"${src}" is not a picture of content/${IMAGE_FOLDER_SLASH}: write its path there, e.g. images/studio.jpg`;
      const extension = src.split(".").at(-1)!.toLowerCase();
      if (!SOURCE_FORMATS.some((format) => (format.extensions as readonly string[]).includes(extension)))
        return `${src} is a .${extension} file: use a JPEG, PNG, WebP or AVIF picture`;
      const file = join(dir, ...src.split("/"));
      if (!existsSync(file) || !statSync(file).isFile())
        return `${src} does not exist: put the picture in content/${IMAGE_FOLDER_SLASH} or correct its name`;
      const facts = readSource(file, src);
      if (typeof facts === "string") return facts;
      const { fills } = slots[slotName] as Slot;
      if (fills && (facts.width < fills.width || facts.height < (fills.height ?? 0))) {
        const least = fills.height ? `${fills.width}×${fills.height} px` : `${fills.width} px wide`;
        return `${src} is ${facts.width}×${facts.height} px, smaller than the ${SLOT_WORDS[slotName]} is shown (${least}): use a larger picture`;
      }
      const picture: Picture = { stem: facts.stem, width: facts.width, height: facts.height, alt };
      uses.push({ file, picture, slot: slotName });
      files.set(picture.stem, file);
      return picture;
    },
  };
}

const SLOT_WORDS: Record<SlotName, string> = {
  portrait: "portrait",
  cover: "cover",
  card: "cover on its cards",
  inline: "picture",
};

/** One file to encode: a variant of a picture. */
interface Variant {
  readonly source: string;
  /** Its path on the site, under VARIANTS_BASE. */
  readonly path: string;
  readonly width: number;
  readonly height: number;
  readonly format: PictureFormat;
}

/** Every variant the uses need, once each. */
export function variantsOf(uses: readonly PictureUse[]): Variant[] {
  const variants = new Map<string, Variant>();
  for (const { file, picture, slot } of uses) {
    for (const width of variantWidths(slots[slot], picture.width)) {
      for (const { extension } of pictureFormats) {
        const path = variantPath(picture, width, extension);
        variants.set(path, { source: file, path, width, height: variantHeight(picture, width), format: extension });
      }
    }
  }
  return [...variants.values()];
}

/** Encodes one variant (upright, metadata stripped: sharp keeps none unless told). */
async function encode(variant: Variant, to: string): Promise<void> {
  const { default: sharp } = await import("sharp");
  const image = sharp(variant.source, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: variant.width, height: variant.height, fit: "fill" });
  const encoded =
    variant.format === "avif"
      ? image.avif(ENCODING.avif)
      : variant.format === "webp"
        ? image.webp(ENCODING.webp)
        : image.flatten({ background: ENCODING.background }).jpeg(ENCODING.jpg);
  mkdirSync(dirname(to), { recursive: true });
  // Written beside, then renamed: a build stopped half-way leaves no half file in the cache.
  await encoded.toFile(`${to}.part`);
  renameSync(`${to}.part`, to);
}

/** The cache of encoded variants, under node_modules/.cache/. */
export const imageCache = (root: string) => join(root, "node_modules", ".cache", "site-images");

/** A variant's file in the cache, encoding it first if it is not there. */
export async function cachedVariant(variant: Variant, root: string): Promise<string> {
  const file = join(imageCache(root), ...variant.path.slice(VARIANTS_BASE.length).split("/"));
  if (!existsSync(file)) await encode(variant, file);
  return file;
}

/** Runs `work` on each item, `limit` at a time. */
export async function inTurns<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Writes every variant the uses need under `outDir` (the client build's folder), from the cache. */
export async function writeVariants(uses: readonly PictureUse[], root: string, outDir: string): Promise<number> {
  const variants = variantsOf(uses);
  // Two at a time: the machines that build have two cores or more, and sharp runs each on a thread of its own.
  await inTurns(variants, 2, async (variant) => {
    const to = join(outDir, ...variant.path.split("/").filter(Boolean));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(await cachedVariant(variant, root), to);
  });
  return variants.length;
}

/** The variant a request under VARIANTS_BASE asks for (`vite dev`), if the content shows one there. */
export function variantAt(uses: readonly PictureUse[], path: string): Variant | undefined {
  if (!path.startsWith(VARIANTS_BASE)) return undefined;
  return variantsOf(uses).find((variant) => variant.path === path);
}
