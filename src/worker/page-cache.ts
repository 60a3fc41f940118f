import type { Context } from "hono";
import type { StyledPage } from "../page-styles/inline.ts";
import { routeTable } from "../routes/index.ts";
import { type RouteEntry, paths } from "../routes/table.ts";
import type { AppEnv } from "./app-env.ts";
import { turnstileSiteKey } from "./turnstile.ts";

/**
 * Rendered HTML of the pages that are the same for every request, kept by the Worker isolate so that React
 * renders each of them once rather than on every request; the least recently served go first once the kept
 * pages pass PAGE_CACHE_BYTES, so a crawler walking a thousand articles leaves an isolate's memory as it was.
 *
 * A page's HTML depends on its path, on the host kind (the production origin from SITE_ORIGIN and whether
 * this host is it: previews carry noindex, see src/seo/origin.ts), on the Turnstile setting (the contact
 * page's widget) and, for the contact page only, on the request (a form outcome from a plain post, or
 * `?sent=1`). So:
 * - the key is (production origin, indexable, Turnstile site key or none, path);
 * - only a route's own path is kept, so case or slash variants of it (which the router also matches) are
 *   rendered each time instead of filling the memory;
 * - the contact page is kept only when the request has no query string; the 404 page never is.
 */

/** What browsers and Cloudflare may keep of a page that is the same for everyone: five minutes. */
export const STATIC_PAGE_CACHE_CONTROL = "public, max-age=300";
/** Pages that answer one request (the 404, the contact page with an outcome) are not kept anywhere. */
export const REQUEST_PAGE_CACHE_CONTROL = "no-store";

/**
 * The most an isolate keeps of rendered pages: 8 MiB of its 128 MB, some 150 pages of 50–60 KB, more than
 * the site's fixed pages and the articles being read at any time.
 */
export const PAGE_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * A kept page: its HTML already UTF-8 encoded, so answering it copies bytes rather than encoding some 50 KB
 * of text again on every request (the costliest step of a memoized answer once a page holds a character
 * outside Latin-1, as most do: curly quotes, dashes).
 */
export interface KeptPage {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly styleHash?: string;
  /** Whether the page runs the search's WebAssembly (its policy allows it). */
  readonly runsWasm?: boolean;
}

/** Pages whose HTML depends on the query string: the contact page shows a form post's outcome, the search its results. */
const requestDependentPaths: ReadonlySet<string> = new Set([...routeTable.byKind.contact.map((route) => route.path), paths.search]);

/** In the order they were last served, least recent first (a Map keeps insertion order). */
const pages = new Map<string, KeptPage>();
let keptBytes = 0;
const utf8 = new TextEncoder();

/** The memo key of this GET request's page, or undefined when its HTML may depend on more than its path. */
export function pageCacheKey(c: Context<AppEnv>): string | undefined {
  if (requestDependentPaths.has(c.req.path) && new URL(c.req.url).search !== "") return undefined;
  const { origin, indexable } = c.var.site;
  const turnstile = turnstileSiteKey(c.env) ?? "-";
  return `${origin} ${indexable ? "indexable" : "preview"} ${turnstile} ${c.req.path}`;
}

/** Whether a page rendered for `route` at the request's path may be kept under its key and by browsers. */
export const isKeptRoute = (route: RouteEntry, requestPath: string) =>
  route.path === requestPath && route.kind !== "not-found" && route.kind !== "server-error";

/** The page kept under `key`, now the most recently served. */
export function cachedPage(key: string): KeptPage | undefined {
  const kept = pages.get(key);
  if (kept !== undefined) {
    pages.delete(key);
    pages.set(key, kept);
  }
  return kept;
}

/** Keeps a rendered page under its key, the least recently served leaving as needed, and returns it as kept. */
export function cachePage(key: string, page: StyledPage & { readonly runsWasm?: boolean }): KeptPage {
  const kept: KeptPage = { body: utf8.encode(page.html), styleHash: page.styleHash, runsWasm: page.runsWasm };
  forget(key);
  pages.set(key, kept);
  keptBytes += kept.body.byteLength;
  for (const oldest of pages.keys()) {
    if (keptBytes <= PAGE_CACHE_BYTES || oldest === key) break;
    forget(oldest);
  }
  return kept;
}

function forget(key: string): void {
  const kept = pages.get(key);
  if (kept === undefined) return;
  pages.delete(key);
  keptBytes -= kept.body.byteLength;
}

/** Empties the memo (tests). */
export function clearPageCache(): void {
  pages.clear();
  keptBytes = 0;
}

/** How many pages are kept, and their bytes (tests). */
export const pageCacheSize = (): number => pages.size;
export const pageCacheBytes = (): number => keptBytes;
