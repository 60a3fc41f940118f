import { resolve } from "node:path";
import type { Plugin } from "vite";
import type { SiteContent } from "../../src/content/collections.ts";
import { type LoadOptions, loadContent } from "./load.ts";
import { ContentError } from "./problems.ts";

const VIRTUAL_ID = "virtual:content";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** `CONTENT_DRAFTS=include` builds a local preview that shows drafts (`npm run start:drafts`). */
export const draftsRequested = () => process.env.CONTENT_DRAFTS === "include";

/**
 * `CONTENT_DIR=<folder>` reads the content from another folder than content/: for tests, such as the browser
 * editor's (e2e/editor.e2e.ts), which edits a temporary copy under `vite dev`. Not for builds that deploy.
 */
const contentDirFromEnvironment = () => process.env.CONTENT_DIR || undefined;

/**
 * Serves `virtual:content`: every file under content/, compiled at build time (see load.ts) into the
 * SiteContent the Worker reads. A bad file fails the build (and `vite dev` shows it) with one line per
 * problem. Under `vite dev` an edited file reloads the page.
 */
export function content(given: Partial<LoadOptions> & { readonly adjust?: (content: SiteContent) => SiteContent } = {}): Plugin {
  const options = { ...given, dir: given.dir ?? contentDirFromEnvironment() };
  let root = process.cwd();
  return {
    name: "content",
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      try {
        const { content, sources } = loadContent({
          root,
          drafts: draftsRequested(),
          ...options,
          dir: options.dir ? resolve(root, options.dir) : undefined,
        });
        for (const source of sources) this.addWatchFile(source);
        return `export default ${JSON.stringify(options.adjust ? options.adjust(content) : content)};`;
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        // The writer's lines alone, without a stack trace of the build tool.
        const clean = new Error(`content is not valid:\n${error.message}`);
        clean.stack = clean.message;
        throw clean;
      }
    },
    configureServer(server) {
      const folder = resolve(root, options.dir ?? "content");
      server.watcher.add(folder);
      server.watcher.on("all", (_event, path) => {
        if (!path.startsWith(folder)) return;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(RESOLVED_ID);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
        server.ws.send({ type: "full-reload" });
      });
    },
  };
}
