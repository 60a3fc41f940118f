/**
 * Drawing one share card (cards.ts): its layout as satori takes it (the shape React elements have), laid out
 * and written as SVG by satori (text as outlines, in the site's fonts), drawn as a PNG by resvg. Nothing here
 * reads or writes a file, so it runs on the build's thread or on a worker's (card-worker.ts).
 */
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { SHARE_CARD_SIZE } from "../../src/content/site.ts";

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

/** A font as satori takes it. */
export interface CardFont {
  readonly name: string;
  readonly weight: 500 | 600;
  readonly style: "normal";
  readonly data: Uint8Array;
}

/** The site's palette, as src/styles.css gives it. */
export const PALETTE = {
  paper: "#faf7f2",
  ink: "#1e2124",
  muted: "#555049",
  line: "#ddd5c8",
  accent: "#1d4e5f",
  clay: "#9a4527",
};

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({
  type,
  props: { style, children, ...props },
});

/** The cover's part of a card: cut to the frame, as a JPEG the SVG embeds (cards.ts makes it). */
export const COVER_WIDTH = 456;

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

/** The fonts as satori is given them, one list per list given: satori parses a list's fonts once and keeps them by it. */
const satoriFonts = new WeakMap<readonly CardFont[], { name: string; weight: 500 | 600; style: "normal"; data: Buffer }[]>();

/** A card's PNG: its face, its cover as a data: URL (when it has one), in the fonts given. */
export async function drawCard(face: CardFace, cover: string | undefined, fonts: readonly CardFont[]): Promise<Uint8Array> {
  let given = satoriFonts.get(fonts);
  if (!given) satoriFonts.set(fonts, (given = fonts.map((font) => ({ ...font, data: Buffer.from(font.data) }))));
  const svg = await satori(layout(face, cover) as Parameters<typeof satori>[0], { ...SHARE_CARD_SIZE, fonts: given });
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
}
