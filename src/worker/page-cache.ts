import type { Context } from "hono";
import type { StyledPage } from "../page-styles/inline.ts";
import { routeTable } from "../routes/index.ts";
import type { AppEnv } from "./app-env.ts";
import { turnstileSiteKey } from "./turnstile.ts";

/**
 * Rendered HTML of the pages that are the same for every request, kept for the life of the Worker isolate
 * so React renders each of them once rather than on every request.
 *
 * A page's HTML depends on its path, on the host kind (the production origin from SITE_ORIGIN and whether
 * this host is it: previews carry noindex, see src/seo/origin.ts), on the Turnstile setting (the contact
 * page's widget) and, for the contact page only, on the request (a form outcome from a plain post, or
 * `?sent=1`). So:
 * - the key is (production origin, indexable, Turnstile site key or none, path);
 * - only the exact paths of the route table are kept, so case or slash variants of a path (which the
 *   router also matches) are rendered each time instead of growing the map: at most two entries a route;
 * - the contact page is kept only when the request has no query string; the 404 page never is.
 */
const cacheablePaths: ReadonlySet<string> = new Set(routeTable.routes.map((route) => route.path));
const contactPaths: ReadonlySet<string> = new Set(routeTable.byKind.contact.map((route) => route.path));

/** What browsers and Cloudflare may keep of a page that is the same for everyone: five minutes. */
export const STATIC_PAGE_CACHE_CONTROL = "public, max-age=300";
/** Pages that answer one request (the 404, the contact page with an outcome) are not kept anywhere. */
export const REQUEST_PAGE_CACHE_CONTROL = "no-store";

/**
 * A kept page: its HTML already UTF-8 encoded, so answering it copies bytes rather than encoding some 50 KB
 * of text again on every request (the costliest step of a memoized answer once a page holds a character
 * outside Latin-1, as most do: curly quotes, dashes).
 */
export interface KeptPage {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly styleHash?: string;
}

const pages = new Map<string, KeptPage>();
const utf8 = new TextEncoder();

/** The memo key of this GET request's page, or undefined when its HTML may depend on more than the key. */
export function pageCacheKey(c: Context<AppEnv>): string | undefined {
  const path = c.req.path;
  if (!cacheablePaths.has(path)) return undefined;
  if (contactPaths.has(path) && new URL(c.req.url).search !== "") return undefined;
  const { origin, indexable } = c.var.site;
  const turnstile = turnstileSiteKey(c.env) ?? "-";
  return `${origin} ${indexable ? "indexable" : "preview"} ${turnstile} ${path}`;
}

export const cachedPage = (key: string): KeptPage | undefined => pages.get(key);

/** Keeps a rendered page under its key, and returns it as kept. */
export function cachePage(key: string, page: StyledPage): KeptPage {
  const kept: KeptPage = { body: utf8.encode(page.html), styleHash: page.styleHash };
  pages.set(key, kept);
  return kept;
}

/** Empties the memo (tests). */
export function clearPageCache(): void {
  pages.clear();
}

/** How many pages are kept (tests). */
export const pageCacheSize = (): number => pages.size;
