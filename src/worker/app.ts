import { Hono, type MiddlewareHandler } from "hono";
import { createAdminApp } from "../admin/app.tsx";
import { contactApi } from "./api/contact.ts";
import type { AppEnv } from "./env.ts";
import { notFound, serverError } from "./errors.ts";
import { httpsOnProduction } from "./middleware/https.ts";
import { noStore } from "./middleware/no-store.ts";
import { withSecurityHeaders } from "./middleware/security-headers.ts";
import { withSiteLocation } from "./middleware/site-location.ts";
import { documentRenderer, renderPage } from "./render.tsx";
import { seoRoutes } from "./seo.ts";
import { turnstileEnabled } from "./turnstile.ts";

/** The security headers with Turnstile off or on, each made by the first request that needs it, not at start-up. */
const securityHeaders: Partial<Record<"off" | "on", MiddlewareHandler<AppEnv>>> = {};
const securityHeadersFor = (turnstile: boolean) => (securityHeaders[turnstile ? "on" : "off"] ??= withSecurityHeaders({ turnstile }));

/**
 * A Hono app with the site's middleware (in order), the routes `mount` adds, and the site's own 404 and 500
 * answers. The Worker's app is one; tests build others with routes of their own (a page that throws).
 */
export function siteApp(mount: (app: Hono<AppEnv>) => void): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(withSiteLocation, documentRenderer);
  app.use((c, next) => securityHeadersFor(turnstileEnabled(c.env))(c, next));
  app.use(httpsOnProduction);
  app.use("/api/*", noStore);
  mount(app);
  app.notFound(notFound);
  app.onError(serverError);
  return app;
}

/** The Worker's HTTP side: the contact API, the crawlers' files, and every page server-rendered from the route table. */
export const app = siteApp((app) => {
  app.route("/api/contact", contactApi);
  app.all("/api/*", (c) => c.notFound());
  app.route("/", seoRoutes);
  // The inquiry inbox, behind Cloudflare Access (src/admin); before the pages, which answer every other path.
  app.route("/admin", createAdminApp());
  app.get("*", renderPage);
});
