/**
 * Pictures of content/ (content/images/, see content/README.md) as pages show them. The build encodes each
 * picture once into variants (build/content/images.ts): AVIF, WebP and a JPEG for older browsers, at the
 * widths of every slot it is shown in, under one hashed stem; a page names them with `<picture>`, `srcset`
 * and `sizes` from the same slots, so what the build writes and what a page asks for are one computation.
 */

/** A picture as the compiled content carries it: small, so the Worker may hold one (the attorney's). */
export interface Picture {
  /** The variants' common path: `${stem}-${width}.${format}`, e.g. /assets/images/jordan-avery-1a2b3c4d5e-480.avif. */
  readonly stem: string;
  /** The source's size in pixels, upright. */
  readonly width: number;
  readonly height: number;
  /** What the picture shows, for people who cannot see it. */
  readonly alt: string;
}

/** Where the site shows a picture: the widths worth encoding for it, and the `sizes` that tell the browser its width. */
export interface Slot {
  /** The variants' widths, smallest first; none wider than the source is made. */
  readonly widths: readonly number[];
  readonly sizes: string;
  /** The largest width, in CSS pixels, the slot shows a picture at. */
  readonly shownAt: number;
  /**
   * The least a source must measure, when the slot fills a frame with it: the frame at its largest (its
   * height too, for a frame the picture is cut to). A smaller source would be shown enlarged, so the content
   * check refuses it. A picture inside a text is shown at its own size when it is smaller than the column.
   */
  readonly fills?: { readonly width: number; readonly height?: number };
}

/**
 * The slots. A portrait fills the attorney page's side column on wide screens (27rem at most) and the column
 * above the biography on phones (24rem at most); an article's cover spans the article's column (39rem, 624 px, at most)
 * in a 16:9 frame; its card shows it in the same frame a third of the page wide; a picture inside a text is as
 * wide as the reading column at most, and never wider than itself.
 */
export const slots = {
  portrait: {
    widths: [320, 480, 640, 960],
    sizes: "(min-width: 64rem) 27rem, (min-width: 48rem) 38vw, min(calc(100vw - 2rem), 24rem)",
    shownAt: 432,
    fills: { width: 432 },
  },
  cover: {
    widths: [480, 720, 960, 1440],
    sizes: "(min-width: 42rem) 39rem, calc(100vw - 2rem)",
    shownAt: 624,
    fills: { width: 624, height: 351 },
  },
  card: {
    widths: [480, 720],
    sizes: "(min-width: 64rem) 22rem, (min-width: 48rem) calc(50vw - 3rem), calc(100vw - 2rem)",
    shownAt: 352,
    fills: { width: 352, height: 198 },
  },
  inline: {
    widths: [480, 720, 960, 1440],
    sizes: "(min-width: 42rem) 39rem, calc(100vw - 2rem)",
    shownAt: 624,
  },
} as const satisfies Record<string, Slot>;

export type SlotName = keyof typeof slots;

/** The formats of the variants, best first: the browser takes the first it knows; the last is the `<img>`'s own. */
export const pictureFormats = [
  { extension: "avif", type: "image/avif" },
  { extension: "webp", type: "image/webp" },
  { extension: "jpg", type: "image/jpeg" },
] as const;

export type PictureFormat = (typeof pictureFormats)[number]["extension"];

/** The widths the build makes of a picture `width` pixels wide for a slot: the slot's below it, and its own at the top. */
export function variantWidths(slot: Slot, width: number): number[] {
  const largest = slot.widths.at(-1)!;
  return [...new Set([...slot.widths.filter((each) => each < width), Math.min(width, largest)])];
}

/** A variant's height: the source's proportions at that width. */
export const variantHeight = (picture: Pick<Picture, "width" | "height">, width: number) =>
  Math.max(1, Math.round((picture.height * width) / picture.width));

export const variantPath = (picture: Pick<Picture, "stem">, width: number, format: PictureFormat) => `${picture.stem}-${width}.${format}`;

/** What `<picture>` says for a picture in a slot: a `<source>` per modern format, and the `<img>`'s attributes. */
export interface PictureMarkup {
  readonly sources: readonly { readonly type: string; readonly srcSet: string; readonly sizes: string }[];
  readonly img: {
    readonly sizes: string;
    readonly srcSet: string;
    readonly src: string;
    readonly width: number;
    readonly height: number;
    readonly alt: string;
  };
}

export function pictureMarkup(picture: Picture, slotName: SlotName): PictureMarkup {
  const slot: Slot = slots[slotName];
  const widths = variantWidths(slot, picture.width);
  const srcSet = (format: PictureFormat) => widths.map((width) => `${variantPath(picture, width, format)} ${width}w`).join(", ");
  const [fallback] = pictureFormats.slice(-1);
  const largest = widths.at(-1)!;
  return {
    sources: pictureFormats.slice(0, -1).map(({ extension, type }) => ({ type, srcSet: srcSet(extension), sizes: slot.sizes })),
    img: {
      sizes: slot.sizes,
      srcSet: srcSet(fallback!.extension),
      // Browsers without srcset take the variant nearest the slot's usual width.
      src: variantPath(picture, widths.find((width) => width >= slot.shownAt) ?? largest, fallback!.extension),
      width: largest,
      height: variantHeight(picture, largest),
      alt: picture.alt,
    },
  };
}
