import { reactRenderer } from "@hono/react-renderer";
import type { Context, MiddlewareHandler } from "hono";
import { renderToString } from "react-dom/server";
import { Document } from "../components/layout/Document.tsx";
import { type StyledPage, inlinePageStyles } from "../page-styles/inline.ts";
import { PAGE_STYLES_SLOT } from "../page-styles/plan.ts";
import { pageFor, searchingPages } from "../pages/index.tsx";
import type { PageRequest } from "../pages/props.ts";
import { type StoredReader, storedReader } from "../content/stored.ts";
import { routeTable } from "../routes/index.ts";
import { routeFor } from "../routes/router.ts";
import type { RouteEntry } from "../routes/table.ts";
import type { SiteLocation } from "../seo/origin.ts";
import type { AppEnv } from "./app-env.ts";
import { logText } from "../log-text.ts";
import { REQUEST_PAGE_CACHE_CONTROL, STATIC_PAGE_CACHE_CONTROL, cachePage, cachedPage, isKeptRoute, pageCacheKey } from "./page-cache.ts";
import { searchSummaries } from "./search.ts";
import { turnstileSiteKey } from "./turnstile.ts";

declare module "@hono/react-renderer" {
  interface Props {
    route: RouteEntry;
    path: string;
    location: SiteLocation;
  }
}

/** Wraps whatever a handler renders in the site's HTML document. */
export const documentRenderer = reactRenderer(
  ({ children, route, path, location }) => (
    <Document route={route} path={path} location={location}>
      {children}
    </Document>
  ),
  { docType: true },
);

/**
 * Renders the page the route table names for the request's path (or a stored page: an article, a list, a
 * notice); unknown paths get the 404 page. Pages that are the same for every request are rendered once per
 * isolate and then served from memory (see page-cache.ts), and may be kept by browsers and Cloudflare for a
 * few minutes.
 */
export const renderPage: MiddlewareHandler<AppEnv> = async (c) => {
  const key = pageCacheKey(c);
  const cached = key === undefined ? undefined : cachedPage(key);
  if (cached !== undefined) {
    c.header("Cache-Control", STATIC_PAGE_CACHE_CONTROL);
    return sendPage(c, cached.body, cached);
  }
  const rendered = await renderStyledPage(c, c.req.path);
  if (rendered instanceof Response) return rendered;
  const { route, page } = rendered;
  if (key === undefined || !isKeptRoute(route, c.req.path)) {
    c.header("Cache-Control", REQUEST_PAGE_CACHE_CONTROL);
    return sendPage(c, page.html, page);
  }
  c.header("Cache-Control", STATIC_PAGE_CACHE_CONTROL);
  const kept = cachePage(key, page);
  return sendPage(c, kept.body, kept);
};

/** What a page's Content-Security-Policy allows it beyond the site's: its inlined styles, the search's WebAssembly. */
interface SitePagePolicy {
  readonly styleHash?: string;
  readonly runsWasm?: boolean;
}

/** A rendered page with what its policy allows. */
type KeptPagePolicy = StyledPage & SitePagePolicy;

/** What Hono's `c.html` says. */
const HTML_CONTENT_TYPE = "text/html; charset=UTF-8";

/**
 * Answers with a finished page, as HTML text or, kept, as its UTF-8 bytes (see page-cache.ts), with the
 * status set on the context unless given; noted as the site's document, with what its Content-Security-Policy
 * allows it (its inlined styles' hash, the search's WebAssembly).
 */
function sendPage(c: Context<AppEnv>, body: string | Uint8Array<ArrayBuffer>, policy: SitePagePolicy, status?: 400 | 404 | 409 | 500) {
  c.set("sitePage", { styleHash: policy.styleHash, runsWasm: policy.runsWasm });
  return c.body(body, status, { "Content-Type": HTML_CONTENT_TYPE });
}

/** Renders the route at `path` (which may differ from the request's, e.g. the contact page after a form post). */
export async function renderRoute(c: Context<AppEnv>, path: string) {
  const rendered = await renderStyledPage(c, path);
  return rendered instanceof Response ? rendered : sendPage(c, rendered.page.html, rendered.page);
}

/**
 * The route at `path` and its page, rendered and given the styles its markup uses; or, for a path that is not
 * a page, the 404 page.
 */
async function renderStyledPage(c: Context<AppEnv>, path: string): Promise<{ route: RouteEntry; page: KeptPagePolicy } | Response> {
  // Normalized as a URL path (dot segments, escapes). Set as a path: `new URL(path, base)` would read "//x" as
  // another host, or throw on "//".
  const url = new URL(c.req.url);
  url.pathname = path;
  const readStored = storedReader(c.env.ASSETS, c.req.url);
  const route = await routeFor(url.pathname, readStored);
  if (route.kind === "not-found") return renderNotFoundPage(c);
  const response = await c.render(await pageFor(route, await pageRequest(c, route, readStored)), { route, path, location: c.var.site });
  const page: StyledPage = await inlinePageStyles(await response.text(), staticFileOf(c));
  return { route, page: { ...page, runsWasm: searchingPages.has(route.kind) } };
}

/** What the page needs to know of this request: the contact page's outcome and widget, a search's query. */
async function pageRequest(c: Context<AppEnv>, route: RouteEntry, readStored: StoredReader): Promise<PageRequest> {
  if (route.kind === "search") {
    const query = c.req.query("q");
    return query === undefined ? {} : { search: await searchSummaries(query, readStored) };
  }
  if (route.kind !== "contact") return {};
  return {
    // A plain form post just handled, or the redirect after one succeeded.
    contactForm: c.get("contactForm") ?? (c.req.query("sent") === "1" ? { outcome: "sent" } : undefined),
    turnstileSiteKey: turnstileSiteKey(c.env),
  };
}

/** The 404 page, for any method: its status, never cached, and its path logged (without the query). */
export function renderNotFoundPage(c: Context<AppEnv>) {
  // The path only: query strings can carry personal data.
  console.error(`404 Not Found: ${c.req.method === "GET" ? "" : `${logText(c.req.method)} `}${logText(c.req.path)}`);
  return renderErrorPage(c, routeTable.notFound, 404);
}

/**
 * An error page in the site's document. It is rendered here rather than through the renderer middleware, so
 * it can answer even an error raised before that middleware ran (on a preview's terms if the site's location
 * is unknown too).
 */
export const renderErrorPage = (c: Context<AppEnv>, route: RouteEntry, status: 404 | 500) => renderRequestPage(c, route, status);

/**
 * A page made for one request (an error page, a private link's page) in the site's document, never cached,
 * with the styles its markup uses; unstyled but with its words if the build's files cannot be read.
 */
export async function renderRequestPage(c: Context<AppEnv>, route: RouteEntry, status?: 400 | 404 | 409 | 500) {
  const location: SiteLocation = c.get("site") ?? { origin: new URL(c.req.url).origin, indexable: false };
  const html = renderToString(
    <Document route={route} path={c.req.path} location={location}>
      {await pageFor(route, {})}
    </Document>,
  );
  c.header("Cache-Control", REQUEST_PAGE_CACHE_CONTROL);
  const page = await inlinePageStyles(`<!DOCTYPE html>${html}`, staticFileOf(c)).catch((error: unknown): StyledPage => {
    console.error(`A page's styles could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return { html: `<!DOCTYPE html>${html}`.replace(PAGE_STYLES_SLOT, "") };
  });
  return sendPage(c, page.html, page, status);
}

/** A static file of the build, as text, through the ASSETS binding (the stylesheet's plan, src/page-styles). */
const staticFileOf = (c: Context<AppEnv>) => async (path: string) => {
  const response = await c.env.ASSETS.fetch(new Request(new URL(path, c.req.url)));
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.text();
};
