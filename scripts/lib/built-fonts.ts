/** The font subsets as `npm run build` writes them: dist/client/assets/<subset's name>-<hash>.woff2. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { FACES } from "../../build/fonts.ts";

type Face = (typeof FACES)[number];

const ASSETS = "dist/client/assets";

/** What a face's built subset's file name starts with, before the build's hash. */
export const builtSubsetPrefix = (face: Face) => face.subset.replace(/\.woff2$/, "-");

/** The upright faces, which every page preloads, in the order it preloads them (client-assets.ts). */
export const preloadedFaces = FACES.filter((face) => face.style === "normal");

/** The path of a face's subset in the build. */
export function builtSubsetPath(face: Face): string {
  const file = readdirSync(ASSETS).find((name) => name.startsWith(builtSubsetPrefix(face)) && name.endsWith(".woff2"));
  if (!file) throw new Error(`no ${face.subset} in ${ASSETS}: run npm run build first`);
  return join(ASSETS, file);
}
