import { reactRenderer } from "@hono/react-renderer";
import type { Context, MiddlewareHandler } from "hono";
import { renderToString } from "react-dom/server";
import { Document } from "../components/layout/Document.tsx";
import { type StyledPage, inlinePageStyles } from "../page-styles/inline.ts";
import { pageFor } from "../pages/index.tsx";
import type { PageRequest } from "../pages/props.ts";
import { routeTable } from "../routes/index.ts";
import { routeFor } from "../routes/router.ts";
import type { RouteEntry } from "../routes/table.ts";
import type { SiteLocation } from "../seo/origin.ts";
import type { AppEnv } from "./app-env.ts";
import { logText } from "../log-text.ts";
import { REQUEST_PAGE_CACHE_CONTROL, STATIC_PAGE_CACHE_CONTROL, cachePage, cachedPage, pageCacheKey } from "./page-cache.ts";
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
 * Renders the page the route table names for the request's path; unknown paths get the 404 page. Pages
 * that are the same for every request are rendered once per isolate and then served from memory
 * (see page-cache.ts), and may be kept by browsers and Cloudflare for a few minutes.
 */
export const renderPage: MiddlewareHandler<AppEnv> = async (c) => {
  const key = pageCacheKey(c);
  if (key === undefined) {
    c.header("Cache-Control", REQUEST_PAGE_CACHE_CONTROL);
    return renderRoute(c, c.req.path);
  }
  c.header("Cache-Control", STATIC_PAGE_CACHE_CONTROL);
  const cached = cachedPage(key);
  if (cached !== undefined) return sendPage(c, cached.body, cached.styleHash);
  const page = await renderStyledPage(c, c.req.path);
  if (page instanceof Response) return page;
  const kept = cachePage(key, page);
  return sendPage(c, kept.body, kept.styleHash);
};

/** What Hono's `c.html` says. */
const HTML_CONTENT_TYPE = "text/html; charset=UTF-8";

/**
 * Answers with a finished page, as HTML text or, kept, as its UTF-8 bytes (see page-cache.ts), with the
 * status set on the context unless given; noted as the site's document, with its inlined styles' hash, for the
 * Content-Security-Policy.
 */
function sendPage(c: Context<AppEnv>, body: string | Uint8Array<ArrayBuffer>, styleHash: string | undefined, status?: 404 | 500) {
  c.set("sitePage", { styleHash });
  return c.body(body, status, { "Content-Type": HTML_CONTENT_TYPE });
}

/** Renders the route at `path` (which may differ from the request's, e.g. the contact page after a form post). */
export async function renderRoute(c: Context<AppEnv>, path: string) {
  const page = await renderStyledPage(c, path);
  return page instanceof Response ? page : sendPage(c, page.html, page.styleHash);
}

/** The route's page, rendered and given the styles its markup uses; or, for a path that is not a page, the 404 page. */
async function renderStyledPage(c: Context<AppEnv>, path: string): Promise<StyledPage | Response> {
  // Normalized as a URL path (dot segments, escapes). Set as a path: `new URL(path, base)` would read "//x" as
  // another host, or throw on "//".
  const url = new URL(c.req.url);
  url.pathname = path;
  const route = routeFor(url.pathname);
  if (route.kind === "not-found") return renderNotFoundPage(c);
  const response = await c.render(await pageFor(route, pageRequest(c, route)), { route, path, location: c.var.site });
  return inlinePageStyles(await response.text());
}

/** What the page needs to know of this request (only the contact page needs anything). */
function pageRequest(c: Context<AppEnv>, route: RouteEntry): PageRequest {
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
export async function renderErrorPage(c: Context<AppEnv>, route: RouteEntry, status: 404 | 500) {
  const location: SiteLocation = c.get("site") ?? { origin: new URL(c.req.url).origin, indexable: false };
  const html = renderToString(
    <Document route={route} path={c.req.path} location={location}>
      {await pageFor(route, {})}
    </Document>,
  );
  c.header("Cache-Control", REQUEST_PAGE_CACHE_CONTROL);
  const page = await inlinePageStyles(`<!DOCTYPE html>${html}`);
  return sendPage(c, page.html, page.styleHash, status);
}
