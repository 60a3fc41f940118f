/**
 * The site's web fonts, cut down at build time to what the site sets in them. Each face has two files:
 * the subset, which is what pages download, and the full Latin file, as a fallback for any character the
 * subset lacks (a visitor's message typed with a rare symbol still renders in the web font). The full file
 * is a family of its own ("Inter Variable Latin"), named in the font stacks right after the subset's: the
 * browser takes each character from the first family that has it, so the subset serves every character it
 * has and the full file only the rest. (Both in one family, told apart by unicode-range, render alike, but
 * Chromium then gives every size and weight of text a stand-in for the full face it has not loaded, taken
 * from the stack's generic family: system fonts opened and a synchronous font look-up per text style during
 * the first layout, which slows it: docs/performance.md.) The subset keeps the weight axis from regular up
 * (one file serves every weight the site sets; lighter text comes from the full file, see LIGHTEST_WEIGHT)
 * and the OpenType features browsers apply by default.
 *
 * Each face's subset holds the characters of its own text: what the pages set in it (font-usage.json,
 * recorded in Chromium by `npm run fonts:usage` and checked by `npm test`), what content/ sets in it (read
 * at every build, so a new article needs nothing recorded: build/content/text.ts), for the body face every
 * letter and digit, which visitors type into the contact form, and the letters the auto-hinter measures a
 * font by (AUTOHINTER_REFERENCE). Headings alone are set in the serif, so its subset is a quarter smaller
 * than one cut to every character the site writes. Each subset's @font-face lists its own characters as its
 * unicode-range: without one, or with one list of every subset's characters for all, Chromium's first layout
 * matches system fonts for faces not yet loaded (docs/performance.md).
 * The @font-face rules replace the `/* site-fonts *\/` marker in src/styles.css.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { createFontStack, type FontMetrics } from "@capsizecss/core";
import arial from "@capsizecss/metrics/arial";
import georgia from "@capsizecss/metrics/georgia";
import georgiaItalic from "@capsizecss/metrics/georgia/italic";
import helvetica from "@capsizecss/metrics/helvetica";
import inter from "@capsizecss/metrics/inter";
import notoSerif from "@capsizecss/metrics/notoSerif";
import notoSerifItalic from "@capsizecss/metrics/notoSerif/italic";
import roboto from "@capsizecss/metrics/roboto";
import sourceSerif from "@capsizecss/metrics/sourceSerif4";
import sourceSerifItalic from "@capsizecss/metrics/sourceSerif4/italic";
import timesNewRoman from "@capsizecss/metrics/timesNewRoman";
import timesNewRomanItalic from "@capsizecss/metrics/timesNewRoman/italic";
import subsetFont from "subset-font";
import type { Plugin } from "vite";
import { type ContentText, contentText } from "./content/text.ts";
import { contentDirOf } from "./content/vite-plugin.ts";
import { type FontUsage, FONT_USAGE_FILE, faceKey, readFontUsage, sortedCharacters } from "./font-usage.ts";

interface Face {
  readonly family: string;
  readonly style: "normal" | "italic";
  /** The full Latin file, under node_modules. */
  readonly source: string;
  /** The fontsource stylesheet that states the Latin file's unicode-range. */
  readonly rangeFrom: string;
  /** The subset's file name; client-assets.ts preloads the upright ones. */
  readonly subset: string;
  /** The part of content/'s text the pages set in this face (build/content/text.ts). */
  readonly contentPart: keyof ContentText;
  /** Characters the subset keeps whatever the pages set. */
  readonly alwaysKeeps?: string;
}

/** The body face's letters and digits: visitors type them into the contact form, set in that face. */
const LETTERS_AND_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * The characters by which FreeType's auto-hinter measures a Latin font (its blue zones: the heights of
 * capitals, x-height, ascenders, descenders and baseline; and "o", whose stems set the standard width).
 * Where Chromium draws text through FreeType (Linux, ChromeOS) it fits these unhinted fonts to the pixel grid
 * with it, so a subset without some of them is fitted differently: without "x" and "z" the serif's lowercase
 * sat one pixel lower at 41 px and up. Every subset keeps them, and draws every glyph as the full font does.
 */
const AUTOHINTER_REFERENCE = "THEZOCQSLUfijkdbhuvxzoescnrpqgy0";

export const FACES: readonly Face[] = [
  {
    family: "Inter Variable",
    style: "normal",
    source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    rangeFrom: "@fontsource-variable/inter/wght.css",
    subset: "inter-subset-wght-normal.woff2",
    contentPart: "all",
    alwaysKeeps: LETTERS_AND_DIGITS,
  },
  {
    family: "Source Serif 4 Variable",
    style: "normal",
    source: "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2",
    rangeFrom: "@fontsource-variable/source-serif-4/wght.css",
    subset: "source-serif-4-subset-wght-normal.woff2",
    contentPart: "headings",
  },
  {
    family: "Source Serif 4 Variable",
    style: "italic",
    source: "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-italic.woff2",
    rangeFrom: "@fontsource-variable/source-serif-4/wght-italic.css",
    subset: "source-serif-4-subset-wght-italic.woff2",
    contentPart: "quotations",
  },
];

/**
 * The OpenType features a browser applies by default: shaping, kerning, standard and contextual ligatures,
 * marks. Each subset keeps these, and those the site's CSS switches on in that face (font-usage.json: the
 * serif's tabular figures); the fonts' other features (stylistic sets, character variants, fractions…) and
 * their glyphs are left out. So are the locale forms (locl), which a browser applies by the text's
 * language: the site is in English (`<html lang="en">`), which has none in these fonts.
 */
const DEFAULT_FEATURES = ["ccmp", "mark", "mkmk", "rlig", "calt", "clig", "curs", "dist", "kern", "liga", "rclt", "rvrn", "abvm", "blwm"];

/**
 * Tables no browser draws with: STAT (style names for font menus) and HVAR (how advance widths vary with
 * weight, which browsers then take from the glyph variations themselves, as the OpenType spec provides).
 * Text renders pixel for pixel the same without them (compared on a canvas at 400–600, 14–36 px).
 */
const UNDRAWN_TABLES = ["STAT", "HVAR"];

/**
 * The subsets' weight axis starts at regular, the lightest weight the site sets and the fonts' default
 * instance, which takes a quarter off each file. Cutting the axis there leaves the glyphs as they were but for
 * the anti-aliasing of a few edge pixels; capping it below the fonts' heaviest weight too would redraw them
 * visibly (both measured with screenshots, see README "Performance"), so it runs to the fonts' own maximum.
 */
const LIGHTEST_WEIGHT = 400;

const MARKER = "/* site-fonts */";
const FALLBACK_MARKER = "/* site-font-fallbacks */";
const STYLES = "src/styles.css";

/** The characters a face's subset keeps: what the pages and content/ set in it, its alwaysKeeps, the auto-hinter's. */
export function subsetCharacters(face: Face, usage: FontUsage, text: ContentText): string {
  const recorded = usage[faceKey(face)];
  if (!recorded) throw new Error(`${FONT_USAGE_FILE} has no record of ${faceKey(face)}: run npm run fonts:usage`);
  const characters = [...recorded.characters, ...text[face.contentPart], ...(face.alwaysKeeps ?? ""), ...AUTOHINTER_REFERENCE];
  // Control characters (line breaks, tabs) are not drawn.
  return sortedCharacters(characters.filter((character) => !/\p{Cc}/u.test(character)));
}

/** The features a face's subset keeps: the defaults, and those the site switches on in it. */
export function subsetFeatures(face: Face, usage: FontUsage): string[] {
  return [...new Set([...DEFAULT_FEATURES, ...(usage[faceKey(face)]?.features ?? [])])];
}

/** A CSS unicode-range covering exactly these characters, consecutive code points merged. */
function unicodeRange(characters: string): string {
  const points = [...new Set([...characters].map((character) => character.codePointAt(0)!))].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const point of points) {
    const last = ranges.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else ranges.push([point, point]);
  }
  const hex = (point: number) => point.toString(16).toUpperCase();
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(",");
}

/** A descriptor of the full Latin file's @font-face, as fontsource states it for that face. */
function fontsourceDescriptor(modules: string, face: Face, descriptor: "unicode-range" | "font-weight"): string {
  const css = readFileSync(join(modules, face.rangeFrom), "utf8");
  const block = css.split("@font-face").find((rule) => rule.includes(face.source.split("/").at(-1)!));
  const value = new RegExp(`${descriptor}:\\s*([^;]+);`).exec(block ?? "")?.[1];
  if (!value) throw new Error(`no ${descriptor} for ${face.source} in ${face.rangeFrom}`);
  return value.trim();
}

const latinRange = (modules: string, face: Face) => fontsourceDescriptor(modules, face, "unicode-range");
const fullWeights = (modules: string, face: Face) => fontsourceDescriptor(modules, face, "font-weight");

/** A local font that may stand in for a web font: capsize's metrics of its upright and italic. */
interface Fallback {
  readonly upright: FontMetrics;
  /** Where the web font has an italic face of its own. */
  readonly italic?: FontMetrics;
  /** Fonts made to the same metrics under other names, tried in the same faces. */
  readonly twins?: readonly string[];
}

interface FallbackStack {
  /** The web font's family, as FACES declares it. */
  readonly family: string;
  readonly upright: FontMetrics;
  readonly italic?: FontMetrics;
  /** In order of preference: the first the visitor has applies. */
  readonly fallbacks: readonly Fallback[];
}

/**
 * Local fallbacks, which replace the `/* site-font-fallbacks *\/` marker. Until a web font arrives (or if it
 * never does), text is drawn in a font the visitor has, scaled to the web font's metrics so that it takes the
 * same room and does not move when the web font swaps in. As capsize's createFontStack (and fontaine, next/font)
 * do it: one @font-face per local font, with its own overrides: size-adjust gives the local font the web
 * font's average character width (weighted by the letters' frequency in English text), and the ascent,
 * descent and line-gap overrides give it the web font's vertical metrics at that size. A face whose local
 * font is missing is skipped, so the stacks in styles.css list them in order and the first one present
 * applies: Arial and Georgia on Windows and macOS (Helvetica where Arial is missing), their metric twins
 * Liberation Sans and Times New Roman's Liberation Serif on Linux, Arimo and Tinos on Chrome OS, Roboto and
 * Noto Serif on Android. The metrics are capsize's (@capsizecss/metrics); its Inter and Source Serif 4 are
 * those of the fontsource files above (the same numbers read from the files by @capsizecss/unpack).
 *
 * The faces are the local fonts' regular, sized to the web fonts' regular. Bolder text is emboldened from it
 * by the browser, which keeps its advance widths (Chromium does), while the web fonts widen by 1.5–2% at
 * semibold; faces of the local bold fonts sized to the web fonts' semibold were tried and matched the site's
 * headings and labels no better, and where a bold file is missing bold text would skip the family.
 * Source Serif's italic is a face of its own, 8% narrower than its upright, so the serif fallbacks have an
 * italic face each, from the local italic. Inter has no italic face (its italics are the browser's slanted
 * upright, web font and fallback alike), so its fallbacks have none either.
 */
const FALLBACK_STACKS: readonly FallbackStack[] = [
  {
    family: "Inter Variable",
    upright: inter,
    fallbacks: [{ upright: arial, twins: ["Liberation Sans", "Arimo"] }, { upright: helvetica }, { upright: roboto }],
  },
  {
    family: "Source Serif 4 Variable",
    upright: sourceSerif,
    italic: sourceSerifItalic,
    fallbacks: [
      { upright: georgia, italic: georgiaItalic },
      { upright: timesNewRoman, italic: timesNewRomanItalic, twins: ["Liberation Serif", "Tinos"] },
      { upright: notoSerif, italic: notoSerifItalic },
    ],
  },
];

/** "Inter Arial Fallback": every fallback's name ends in "Fallback" (e2e/fonts.e2e.ts tells them from the web fonts by it). */
const fallbackFamily = (stack: FallbackStack, fallback: Fallback) => `${stack.upright.familyName} ${fallback.upright.familyName} Fallback`;

/** The family of a web font's full Latin file, which serves the characters its subset lacks. */
const latinFamily = (family: string) => `${family} Latin`;

/** The start of the font stack styles.css must give for this web font: its subset, its full file, its fallbacks. */
const fontStack = (stack: FallbackStack) =>
  [stack.family, latinFamily(stack.family), ...stack.fallbacks.map((fallback) => fallbackFamily(stack, fallback))]
    .map((family) => `"${family}", `)
    .join("");

/** The @font-face rule of one fallback for one style of the web font. */
function fallbackRule(family: string, style: "normal" | "italic", web: FontMetrics, local: FontMetrics, twins: readonly string[]): string {
  // local() matches a font's full or PostScript name; the family name is tried too for the upright, which is
  // what Roboto's and Noto Serif's regular fonts are called on Android and Linux.
  const names = new Set([local.fullName, local.postscriptName, ...(style === "normal" ? [local.familyName] : [])]);
  for (const twin of twins) names.add(local.fullName.replace(local.familyName, twin));
  const [face] = createFontStack([web, local], { fontFaceFormat: "styleObject" }).fontFaces;
  const { sizeAdjust = "100%", ascentOverride, descentOverride, lineGapOverride } = face!["@font-face"];
  // capsize leaves out an override equal to the local font's own value; all three are stated anyway (with its
  // formula), so that no browser goes by another of the font's metrics tables than the one capsize read.
  const em = (web.unitsPerEm * parseFloat(sizeAdjust)) / 100;
  const percent = (value: number) => `${Math.round((Math.abs(value) / em) * 1e6) / 1e4}%`;
  return [
    "@font-face {",
    `  font-family: "${family}";`,
    ...(style === "italic" ? ["  font-style: italic;"] : []),
    `  src: ${[...names].map((name) => `local("${name}")`).join(", ")};`,
    `  size-adjust: ${sizeAdjust};`,
    `  ascent-override: ${ascentOverride ?? percent(web.ascent)};`,
    `  descent-override: ${descentOverride ?? percent(web.descent)};`,
    `  line-gap-override: ${lineGapOverride ?? percent(web.lineGap)};`,
    "}",
  ].join("\n");
}

function fallbackRules(): string {
  return FALLBACK_STACKS.flatMap((stack) =>
    stack.fallbacks.flatMap((fallback) => {
      const family = fallbackFamily(stack, fallback);
      const twins = fallback.twins ?? [];
      const upright = fallbackRule(family, "normal", stack.upright, fallback.upright, twins);
      if (!stack.italic) return [upright];
      if (!fallback.italic) throw new Error(`${family} needs an italic, as ${stack.family} has one`);
      return [upright, fallbackRule(family, "italic", stack.italic, fallback.italic, twins)];
    }),
  ).join("\n");
}

export function siteFonts(): Plugin {
  let root = process.cwd();
  let rules = "";
  return {
    name: "site-fonts",
    // Before Tailwind reads the stylesheet.
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      if (rules) return;
      const modules = join(root, "node_modules");
      const out = join(modules, ".cache", "site-fonts");
      mkdirSync(out, { recursive: true });
      const usage = readFontUsage(root);
      const text = contentText(contentDirOf(root));
      const fromStyles = (path: string) => relative(dirname(resolve(root, STYLES)), path);
      const faces = await Promise.all(
        FACES.map(async (face) => {
          const full = join(modules, face.source);
          const subset = join(out, face.subset);
          const [lightest, heaviest] = fullWeights(modules, face).split(/\s+/).map(Number) as [number, number];
          const characters = subsetCharacters(face, usage, text);
          const bytes = await subsetFont(readFileSync(full), characters, {
            targetFormat: "woff2",
            keepFeatures: subsetFeatures(face, usage),
            variationAxes: { wght: { min: LIGHTEST_WEIGHT, max: heaviest } },
            dropTables: UNDRAWN_TABLES,
          });
          writeFileSync(subset, bytes);
          const rule = (family: string, file: string, [from, to]: readonly [number, number], range: string) =>
            `@font-face {\n  font-family: "${family}";\n  font-style: ${face.style};\n  font-display: swap;\n  font-weight: ${from} ${to};\n  src: url("${fromStyles(file)}") format("woff2-variations");\n  unicode-range: ${range};\n}`;
          const fullRange = latinRange(modules, face);
          const weights: [number, number] = [LIGHTEST_WEIGHT, heaviest];
          return [
            // The lighter weights the subset leaves out, from the full file.
            rule(face.family, full, [lightest, LIGHTEST_WEIGHT - 1], fullRange),
            rule(face.family, subset, weights, unicodeRange(characters)),
            rule(latinFamily(face.family), full, weights, fullRange),
          ].join("\n");
        }),
      );
      rules = faces.join("\n");
    },
    transform(code, id) {
      if (!id.split("?")[0]!.endsWith(STYLES) || !code.includes(MARKER)) return undefined;
      if (!code.includes(FALLBACK_MARKER)) throw new Error(`${STYLES} has no ${FALLBACK_MARKER} marker`);
      // Compared with line breaks and indentation folded, as a formatter wraps long stacks over lines.
      const folded = code.replace(/\s+/g, " ");
      for (const stack of FALLBACK_STACKS)
        if (!folded.includes(fontStack(stack)))
          throw new Error(`${STYLES} should give ${stack.family} the font stack ${fontStack(stack)}…`);
      return { code: code.replace(MARKER, rules).replace(FALLBACK_MARKER, fallbackRules()), map: null };
    },
  };
}
