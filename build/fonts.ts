/**
 * The site's web fonts, cut down at build time to the characters the site writes. Each face has two files:
 * the full Latin file, as a fallback for any character the subset lacks (a new article with a letter never
 * used before still renders in the web font), and the subset, declared after it, which browsers prefer for
 * every character it has (for overlapping unicode-ranges the face declared last wins), so a page only ever
 * downloads the small file. The subset keeps the weight axis from regular up (one file serves every weight
 * the site sets; lighter text comes from the full file, see LIGHTEST_WEIGHT) and the OpenType features
 * browsers apply by default.
 *
 * The characters are those of every file under content/ and src/ (copy lives in both; tests aside) plus
 * printable ASCII.
 * The @font-face rules replace the `/* site-fonts *\/` marker in src/styles.css.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import subsetFont from "subset-font";
import type { Plugin } from "vite";

interface Face {
  readonly family: string;
  readonly style: "normal" | "italic";
  /** The full Latin file, under node_modules. */
  readonly source: string;
  /** The fontsource stylesheet that states the Latin file's unicode-range. */
  readonly rangeFrom: string;
  /** The subset's file name; client-assets.ts preloads the upright ones. */
  readonly subset: string;
}

export const FACES: readonly Face[] = [
  {
    family: "Inter Variable",
    style: "normal",
    source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    rangeFrom: "@fontsource-variable/inter/wght.css",
    subset: "inter-subset-wght-normal.woff2",
  },
  {
    family: "Source Serif 4 Variable",
    style: "normal",
    source: "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2",
    rangeFrom: "@fontsource-variable/source-serif-4/wght.css",
    subset: "source-serif-4-subset-wght-normal.woff2",
  },
  {
    family: "Source Serif 4 Variable",
    style: "italic",
    source: "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-italic.woff2",
    rangeFrom: "@fontsource-variable/source-serif-4/wght-italic.css",
    subset: "source-serif-4-subset-wght-italic.woff2",
  },
];

/**
 * The OpenType features a browser applies by default (shaping, kerning, standard and contextual ligatures,
 * marks) and tabular figures, which the site asks for (tabular-nums). The fonts' other features (stylistic
 * sets, character variants, fractions…) are never switched on by the site's CSS, so the subsets leave them
 * and their glyphs out.
 */
const FEATURES = ["ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig", "curs", "dist", "kern", "liga", "rclt", "rvrn", "abvm", "blwm", "tnum"];

/**
 * The subsets' weight axis starts at regular, the lightest weight the site sets and the fonts' default
 * instance, which takes a quarter off each file. Cutting the axis there leaves the glyphs as they were but for
 * the anti-aliasing of a few edge pixels; capping it below the fonts' heaviest weight too would redraw them
 * visibly (both measured with screenshots, see README "Performance"), so it runs to the fonts' own maximum.
 */
const LIGHTEST_WEIGHT = 400;

const MARKER = "/* site-fonts */";
const STYLES = "src/styles.css";

/** Every character the site writes: printable ASCII, and whatever else appears under content/ and src/. */
export function siteCharacters(root: string): string {
  const characters = new Set<string>();
  for (let code = 0x20; code <= 0x7e; code++) characters.add(String.fromCodePoint(code));
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(md|tsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) for (const character of readFileSync(path, "utf8")) if (character.codePointAt(0)! >= 0xa0) characters.add(character);
    }
  };
  visit(join(root, "content"));
  visit(join(root, "src"));
  return [...characters].sort().join("");
}

/** A CSS unicode-range covering exactly these characters, consecutive code points merged. */
export function unicodeRange(characters: string): string {
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
      const characters = siteCharacters(root);
      const subsetRange = unicodeRange(characters);
      const fromStyles = (path: string) => relative(dirname(resolve(root, STYLES)), path);
      const faces = await Promise.all(
        FACES.map(async (face) => {
          const full = join(modules, face.source);
          const subset = join(out, face.subset);
          const [lightest, heaviest] = fullWeights(modules, face).split(/\s+/).map(Number) as [number, number];
          const bytes = await subsetFont(readFileSync(full), characters, {
            targetFormat: "woff2",
            keepFeatures: FEATURES,
            variationAxes: { wght: { min: LIGHTEST_WEIGHT, max: heaviest } },
          });
          writeFileSync(subset, bytes);
          const rule = (file: string, [from, to]: readonly [number, number], range: string) =>
            `@font-face {\n  font-family: "${face.family}";\n  font-style: ${face.style};\n  font-display: swap;\n  font-weight: ${from} ${to};\n  src: url("${fromStyles(file)}") format("woff2-variations");\n  unicode-range: ${range};\n}`;
          // Browsers choose among faces by weight range before unicode-range: the full face is declared for
          // the subset's weights too (so that the two share characters as described above), and once more
          // for the lighter weights the subset leaves out.
          const fullRange = latinRange(modules, face);
          const weights: [number, number] = [LIGHTEST_WEIGHT, heaviest];
          return [
            rule(full, [lightest, LIGHTEST_WEIGHT - 1], fullRange),
            rule(full, weights, fullRange),
            rule(subset, weights, subsetRange),
          ].join("\n");
        }),
      );
      rules = faces.join("\n");
    },
    transform(code, id) {
      if (!id.split("?")[0]!.endsWith(STYLES) || !code.includes(MARKER)) return undefined;
      return { code: code.replace(MARKER, rules), map: null };
    },
  };
}
