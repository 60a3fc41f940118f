import { reactRenderer } from "@hono/react-renderer";
import type { Context, MiddlewareHandler } from "hono";
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router";
import { Document } from "../components/layout/Document.tsx";
import { type PageRequest, PageRequestContext } from "../pages/props.ts";
import { isRouteEntry, routeObjects } from "../routes/router.tsx";
import type { RouteEntry } from "../routes/table.ts";
import type { SiteLocation } from "../seo/origin.ts";
import type { AppEnv } from "./env.ts";
import { REQUEST_PAGE_CACHE_CONTROL, STATIC_PAGE_CACHE_CONTROL, cachePage, cachedPage, pageCacheKey } from "./page-cache.ts";
import { turnstileEnabled } from "./turnstile.ts";

declare module "@hono/react-renderer" {
  interface Props {
    route: RouteEntry;
    path: string;
    location: SiteLocation;
  }
}

/** Wraps whatever a handler renders in the site's HTML document. */
export const documentRenderer = reactRenderer(({ children, route, path, location }) => (
  <Document route={route} path={path} location={location}>
    {children}
  </Document>
), { docType: true });

const staticHandler = createStaticHandler(routeObjects);

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
  if (cached !== undefined) return c.html(cached);
  const response = await renderRoute(c, c.req.path);
  if (response.status !== 200) return response;
  const html = await response.text();
  cachePage(key, html);
  return c.html(html);
};

/** Renders the route at `path` (which may differ from the request's, e.g. the contact page after a form post). */
export async function renderRoute(c: Context<AppEnv>, path: string) {
  const context = await staticHandler.query(new Request(new URL(path, c.req.url)));
  if (context instanceof Response) return context;
  const route = context.matches.at(-1)?.route.handle;
  if (!isRouteEntry(route)) throw new Error(`no route entry for ${c.req.path}`);
  if (route.kind === "not-found") {
    // The path only: query strings can carry personal data.
    console.error(`404 Not Found: ${path}`);
    c.status(404);
  }
  const router = createStaticRouter(staticHandler.dataRoutes, context);
  return c.render(
    <PageRequestContext value={pageRequest(c, route)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </PageRequestContext>,
    { route, path, location: c.var.site },
  );
}

/** What the page needs to know of this request (only the contact page needs anything). */
function pageRequest(c: Context<AppEnv>, route: RouteEntry): PageRequest {
  if (route.kind !== "contact") return {};
  return {
    // A plain form post just handled, or the redirect after one succeeded.
    contactForm: c.get("contactForm") ?? (c.req.query("sent") === "1" ? { outcome: "sent" } : undefined),
    turnstileSiteKey: turnstileEnabled(c.env) ? c.env.TURNSTILE_SITE_KEY : undefined,
  };
}
