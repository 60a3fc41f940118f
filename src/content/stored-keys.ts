/**
 * Where the stored content is and how it is named (src/content/stored.ts), for the build that writes it and
 * the Worker that reads it.
 */

/** The folder of the build's static files that holds the stored content (wrangler.toml keeps it from visitors). */
export const STORED_DIR = "_content";

/** The search index's script among the static files, written at build (build/content/search-index.ts). */
export const SEARCH_INDEX_SCRIPT = "/pagefind/pagefind.js";

/** The key of the stored route at `path`, when a path of that shape can have one: lowercase words, slashes. */
export function storedRouteKey(path: string): string | undefined {
  const normalized = path.toLowerCase().replace(/(.)\/$/, "$1");
  return /^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){1,6}$/.test(normalized) ? `routes${normalized}` : undefined;
}
