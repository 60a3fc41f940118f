import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { virtualModule } from "../virtual-module.ts";
import { cmsConfigYaml } from "./config.ts";
import { factsOf } from "../../src/content/facts.ts";
import { loadContent } from "../content/load.ts";
import { contentDirOf, draftsRequested } from "../content/vite-plugin.ts";
import { editingGuide } from "./guide.ts";

/** The browser editor's entry (src/cms), built on its own (vite.config.ts's `cms` environment). */
export const CMS_ENTRY = "src/cms/main.ts";
/** Where the editor's build writes its manifest, beside the client's in dist/client/.vite/. */
export const CMS_MANIFEST = ".vite/cms-manifest.json";
/** Where its files go under dist/client: their own folder of the hashed assets, cached as immutable. */
export const CMS_ASSETS_DIR = "assets/cms";
/**
 * Where a build writes the editor's configuration (without the backend) under dist/client. Everything under
 * /admin reaches the Worker first (wrangler.toml's run_worker_first), so no visitor is served this file; the
 * Worker reads it through its ASSETS binding behind the gate. Kept out of the Worker: 50 KB of YAML.
 */
export const CMS_CONFIG_FILE = "admin/content/collections.yml";
/** Where a build writes the guide's HTML (docs/editing.md), read the same way: kept out of the Worker too. */
export const CMS_GUIDE_FILE = "admin/content/guide.html";

/**
 * Serves `virtual:cms` to the Worker: where the editor's configuration generated from the content schemas
 * is (YAML, without the backend, which the Worker adds per request), the URL of the editor's script, and the
 * attorney's guide (docs/editing.md: its title, and where its HTML is, guide.ts). In a build, the
 * configuration and the guide are CMS_CONFIG_FILE and CMS_GUIDE_FILE, written by the `cms` environment, and
 * the script the hashed file of that build; under `vite dev` and in tests, the configuration and the guide
 * are inline and the script its source. The Worker's inbox routes import it
 * (src/admin/editor/routes.tsx); no public page does.
 */
export const cmsModule = (): Plugin => ({
  ...virtualModule("cms", "virtual:cms", ({ command, clientOutDir }) => {
    const { title, html } = guideOf(process.cwd());
    if (command !== "build")
      return `export default ${JSON.stringify({ config: { inline: cmsConfigYaml() }, script: `/${CMS_ENTRY}`, guide: { title, page: { inline: html } } })};`;
    const manifest = JSON.parse(readFileSync(resolve(clientOutDir, CMS_MANIFEST), "utf8")) as Record<string, { file: string }>;
    const entry = manifest[CMS_ENTRY];
    if (!entry) throw new Error(`${CMS_MANIFEST} lacks ${CMS_ENTRY}: build the cms environment before the worker`);
    const guide = { title, page: { file: `/${CMS_GUIDE_FILE}` } };
    return `export default ${JSON.stringify({ config: { file: `/${CMS_CONFIG_FILE}` }, script: `/${entry.file}`, guide })};`;
  }),
  generateBundle() {
    if (this.environment.name !== "cms") return;
    this.emitFile({ type: "asset", fileName: CMS_CONFIG_FILE, source: cmsConfigYaml() });
    this.emitFile({ type: "asset", fileName: CMS_GUIDE_FILE, source: guideOf(process.cwd()).html });
  },
});

/** The guide with the facts of the content the site is built from (compiled once per state of the folder). */
const guideOf = (root: string) => {
  const { content } = loadContent({ root, drafts: draftsRequested(), dir: contentDirOf(root) });
  return editingGuide(factsOf(content.site));
};

/**
 * Sveltia CMS registers its fonts from the files it ships (FontFace), yet its stylesheet still names the same
 * fonts on cdn.jsdelivr.net, which the editor's CSP refuses. Those URLs become local() names, so the editor
 * asks no other host for anything. Applied to the build and to `vite dev`'s pre-bundling of the package.
 */
const CDN_FONT = /url\(\s*["']?https:\/\/cdn\.jsdelivr\.net\/fontsource\/[^)]*\)/g;

const withoutCdnFonts = (code: string) => code.replace(CDN_FONT, 'local("sveltia-cdn-font")');

export function sveltiaWithoutCdnFonts() {
  return {
    name: "sveltia-without-cdn-fonts",
    transform(code: string, id: string) {
      if (!id.includes("/@sveltia/cms/") || !code.includes("cdn.jsdelivr.net/fontsource")) return null;
      return { code: withoutCdnFonts(code), map: null };
    },
  };
}
