import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { planStylesheet } from "./page-styles.ts";
import { virtualModule } from "./virtual-module.ts";

/**
 * Serves `virtual:client-assets`: the URLs of the browser entry and stylesheet that the worker puts in
 * every page's <head>. In a build they are the hashed files named by the client build's manifest (the
 * client is built first, see vite.config.ts), and the stylesheet as a plan each page's inlined rules are cut
 * from (build/page-styles.ts); under
 * `vite dev` and in tests they are the source paths that Vite serves itself.
 */
export const CLIENT_ENTRY = "src/client.tsx";
export const STYLES_ENTRY = "src/styles.css";

interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The upright faces every page's text uses (Inter for body text, Source Serif for headings), in their
 * subsets (build/fonts.ts): preloaded so they arrive with the stylesheet rather than after it. The italic
 * face is used by a few quotes only.
 */
const PRELOADED_FONTS = /\/(inter|source-serif-4)-subset-wght-normal-[\w-]+\.woff2$/;

/**
 * The stylesheet's plan (build/page-styles.ts) as the static file the Worker reads on its first page: its
 * JSON and its hashed name among the client's files. The client build writes it, the Worker's build names it;
 * both work it out from the same stylesheet, so they agree.
 */
function stylePlanFile(css: string) {
  const json = JSON.stringify(planStylesheet(css));
  return { json, fileName: `assets/style-plan-${createHash("sha256").update(json).digest("hex").slice(0, 10)}.json` };
}

export const clientAssets = (): Plugin => ({
  ...virtualModule("client-assets", "virtual:client-assets", ({ command, environment, clientOutDir }) => {
    if (command === "serve" || environment === "client") {
      return `export default ${JSON.stringify({ dev: true, script: `/${CLIENT_ENTRY}`, styles: [`/${STYLES_ENTRY}`], preload: [], fonts: [] })};`;
    }
    const manifest = JSON.parse(readFileSync(resolve(clientOutDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
    const entry = manifest[CLIENT_ENTRY];
    const styles = manifest[STYLES_ENTRY];
    if (!entry || !styles) throw new Error(`client manifest lacks ${CLIENT_ENTRY} or ${STYLES_ENTRY}`);
    // The rules a page uses go into its head, so the first paint waits for no request (src/page-styles).
    const css = readFileSync(resolve(clientOutDir, styles.file), "utf8");
    if (css.includes("</style")) throw new Error(`${STYLES_ENTRY} cannot be inlined: it contains "</style"`);
    const assets = {
      dev: false,
      script: `/${entry.file}`,
      styles: [`/${styles.file}`],
      // A static file the Worker reads on its first page, not code it uploads and loads at start-up.
      stylePlan: `/${stylePlanFile(css).fileName}`,
      // Chunks the entry imports statically: preloading them saves a round trip.
      preload: (entry.imports ?? []).map((key) => `/${manifest[key]!.file}`),
      fonts: (styles.assets ?? []).filter((file) => PRELOADED_FONTS.test(`/${file}`)).map((file) => `/${file}`),
    };
    if (assets.fonts.length !== 2)
      throw new Error(`expected two fonts to preload in ${STYLES_ENTRY}'s assets, found ${assets.fonts.length}`);
    return `export default ${JSON.stringify(assets)};`;
  }),
  // The client's build writes the plan beside its stylesheet.
  generateBundle(_options, bundle) {
    if (this.environment.name !== "client") return;
    const sheet = Object.values(bundle).find(
      (file) => file.type === "asset" && file.fileName.endsWith(".css") && file.originalFileNames.includes(STYLES_ENTRY),
    );
    if (sheet?.type !== "asset") throw new Error(`the client build wrote no stylesheet for ${STYLES_ENTRY}`);
    const { json, fileName } = stylePlanFile(String(sheet.source));
    this.emitFile({ type: "asset", fileName, source: json });
  },
});
