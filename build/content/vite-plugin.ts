import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { Plugin } from "vite";
import type { SiteContent } from "../../src/content/collections.ts";
import { STORED_DIR } from "../../src/content/stored-keys.ts";
import { workerContentOf } from "../../src/content/worker-content.ts";
import { writeBuildStamp } from "./build-stamp.ts";
import { CARDS_BASE, cardFile, writeCards } from "./cards.ts";
import { VARIANTS_BASE, cachedVariant, variantAt, writeVariants } from "./images.ts";
import { type LoadOptions, loadContent } from "./load.ts";
import { ContentError } from "./problems.ts";
import { contentSummary, problemsReport } from "./report.ts";
import { SEARCH_INDEX_BASE, searchIndexFiles, writeSearchIndex } from "./search-index.ts";
import { storedFilesOf } from "./stored-files.ts";

/** The Worker's part of the content (src/content/index.ts). */
const CONTENT_ID = "virtual:content";
/** Where the stored part is (src/content/stored.ts). */
const STORED_ID = "virtual:content-stored";
/** The stored part itself, inline, under `vite dev` and in tests. */
const STORED_DATA_ID = "virtual:content-stored-data";
/** All of it, for tests inside workerd (src/test/routes.ts). */
const ALL_ID = "virtual:content-all";
const IDS = [CONTENT_ID, STORED_ID, STORED_DATA_ID, ALL_ID];

/** `CONTENT_DRAFTS=include` builds a local preview that shows drafts (`npm run start:drafts`). */
export const draftsRequested = () => process.env.CONTENT_DRAFTS === "include";

/**
 * `CONTENT_DIR=<folder>` reads the content from another folder than content/: for tests, such as the browser
 * editor's (e2e/editor.e2e.ts), which edits a temporary copy under `vite dev`, and for measuring a page with
 * pictures the practice has not added yet (docs/performance.md). Not for builds that deploy.
 */
const contentDirFromEnvironment = () => process.env.CONTENT_DIR || undefined;

/** The content folder a build or `vite dev` of the project at `root` reads: CONTENT_DIR's, or content/. */
export const contentDirOf = (root: string) => resolve(root, contentDirFromEnvironment() ?? "content");

const moduleOf = (value: unknown) => `export default ${JSON.stringify(value)};`;

/**
 * Serves the content compiled at build time (see load.ts): `virtual:content`, the part the Worker's code
 * holds (what does not grow with the pieces), and `virtual:content-stored`, where the rest is. A build writes
 * the rest as static files under /_content/ (stored-files.ts), with the articles' search index under
 * /pagefind/ (search-index.ts); under `vite dev` and in tests it is an inline module loaded on first use. A
 * bad file fails the build (and `vite dev` shows it) with one line per problem. Under `vite dev` an edited
 * file reloads the page.
 */
export function content(given: Partial<LoadOptions> & { readonly adjust?: (content: SiteContent) => SiteContent } = {}): Plugin {
  const options = { ...given, dir: given.dir ?? contentDirFromEnvironment() };
  let root = process.cwd();
  let command: "build" | "serve" = "serve";
  const loaded = () => {
    try {
      return loadContent({ root, drafts: draftsRequested(), ...options, dir: options.dir ? resolve(root, options.dir) : undefined });
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      // The writer's lines alone, without a stack trace of the build tool.
      const clean = new Error(`content is not valid:\n${problemsReport(error)}`);
      clean.stack = clean.message;
      throw clean;
    }
  };
  const compiled = (watch?: (file: string) => void): SiteContent => {
    const { content, sources } = loaded();
    for (const source of sources) watch?.(source);
    return options.adjust ? options.adjust(content) : content;
  };
  return {
    name: "content",
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    resolveId(id) {
      return IDS.includes(id) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith("\0") || !IDS.includes(id.slice(1))) return undefined;
      const content = compiled((file) => this.addWatchFile(file));
      switch (id.slice(1)) {
        case CONTENT_ID:
          return moduleOf(workerContentOf(content));
        case STORED_ID:
          return command === "build"
            ? moduleOf({ base: `/${STORED_DIR}/` })
            : `export default { inline: () => import(${JSON.stringify(STORED_DATA_ID)}).then((module) => module.default) };`;
        case STORED_DATA_ID:
          return moduleOf(command === "build" ? {} : Object.fromEntries(storedFilesOf(content)));
        default:
          return moduleOf(content);
      }
    },
    // A build checks the content first, as `npm run content:check` does, and says what it holds.
    buildStart() {
      if (command === "build" && this.environment.name === "client") this.info(contentSummary(loaded(), draftsRequested()));
    },
    // What the build was made from (build-stamp.ts); the stored content, the search index, the pictures'
    // variants and the share cards, among the client's static files (the hashed ones under /assets/, which
    // are cached for a year).
    async writeBundle(outputOptions) {
      if (this.environment.name !== "client" || !outputOptions.dir) return;
      writeBuildStamp(root, { drafts: draftsRequested(), contentDir: relative(root, resolve(root, options.dir ?? "content")) });
      const content = compiled();
      for (const [key, value] of storedFilesOf(content)) {
        const file = join(outputOptions.dir, STORED_DIR, `${key}.json`);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, JSON.stringify(value));
      }
      const { pictures, cards } = loaded();
      const started = performance.now();
      const [variants] = await Promise.all([
        writeVariants(pictures, root, outputOptions.dir),
        writeCards(cards, root, outputOptions.dir),
        writeSearchIndex(content, outputOptions.dir),
      ]);
      this.info(
        `${variants} picture variants and ${cards.length} share cards in ${((performance.now() - started) / 1000).toFixed(1)} s (node_modules/.cache keeps them)`,
      );
    },
    configureServer(server) {
      const folder = resolve(root, options.dir ?? "content");
      // The search index, built on its first request and again after a change to content/.
      let index: Promise<Map<string, Uint8Array>> | undefined;
      server.middlewares.use(SEARCH_INDEX_BASE, (request, response, next) => {
        index ??= searchIndexFiles(compiled());
        index.then(
          (files) => {
            const file = files.get((request.url ?? "").replace(/^\//, "").split("?")[0]!);
            if (!file) return next();
            response.setHeader("Content-Type", /\.js(\?|$)/.test(request.url ?? "") ? "text/javascript" : "application/octet-stream");
            response.end(file);
          },
          (error: unknown) => next(error),
        );
      });
      // The pictures' variants and the share cards, made on their first request (and kept in the cache).
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? "").split("?")[0]!;
        if (!path.startsWith(VARIANTS_BASE) && !path.startsWith(CARDS_BASE)) return next();
        const { pictures, cards } = loaded();
        const variant = variantAt(pictures, path);
        const card = cards.find((job) => job.path === path);
        if (!variant && !card) return next();
        (variant ? cachedVariant(variant, root) : cardFile(card!, root)).then(
          (file) => {
            const type = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png" }[path.split(".").at(-1)!];
            response.setHeader("Content-Type", type ?? "application/octet-stream");
            response.end(readFileSync(file));
          },
          (error: unknown) => next(error),
        );
      });
      server.watcher.add(folder);
      server.watcher.on("all", (_event, path) => {
        if (!path.startsWith(folder)) return;
        index = undefined;
        for (const environment of Object.values(server.environments)) {
          for (const id of IDS) {
            const module = environment.moduleGraph.getModuleById(`\0${id}`);
            if (module) environment.moduleGraph.invalidateModule(module);
          }
        }
        server.ws.send({ type: "full-reload" });
      });
    },
  };
}
