import { Hono, type MiddlewareHandler } from "hono";
import { mount } from "hono/mount";
import type { AdminEnv } from "../admin/gate.ts";
import { inboxSignIn } from "../admin/policy.ts";
import { contactApi } from "./api/contact.ts";
import type { AppEnv } from "./app-env.ts";
import { notFound, serverError } from "./errors.ts";
import { httpsOnProduction } from "./middleware/https.ts";
import { noStore } from "./middleware/no-store.ts";
import { privateLink } from "./middleware/private-link.ts";
import { limitPerClient } from "./middleware/rate-limit.ts";
import { sameOriginPosts } from "./middleware/same-origin-posts.ts";
import { withSecurityHeaders } from "./middleware/security-headers.ts";
import { withSiteLocation } from "./middleware/site-location.ts";
import { declineSpeculative } from "./middleware/speculative.ts";
import { documentRenderer, renderPage } from "./render.tsx";
import { seoRoutes } from "./seo.ts";
import { turnstileSiteKey } from "./turnstile.ts";

/** The security headers with Turnstile off or on, each made by the first request that needs it, not at start-up. */
const securityHeaders: Partial<Record<"off" | "on", MiddlewareHandler<AppEnv>>> = {};
const securityHeadersFor = (turnstile: boolean) => (securityHeaders[turnstile ? "on" : "off"] ??= withSecurityHeaders({ turnstile }));

/**
 * A Hono app with the site's middleware (in order), the routes `addRoutes` adds, and the site's own 404 and 500
 * answers. The Worker's app is one; tests build others with routes of their own (a page that throws).
 */
export function siteApp(addRoutes: (app: Hono<AppEnv>) => void): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(withSiteLocation, documentRenderer);
  app.use((c, next) => securityHeadersFor(turnstileSiteKey(c.env) !== undefined)(c, next));
  app.use(httpsOnProduction);
  app.use("/api/*", noStore, declineSpeculative);
  addRoutes(app);
  app.notFound(notFound);
  app.onError(serverError);
  return app;
}

/**
 * The inquiry inbox (src/admin), loaded by the first request that reaches it: an isolate serving visitors
 * never loads its token verification (jose), its database queries or its pages.
 */
let inboxApp: Promise<Hono<AdminEnv>> | undefined;
const inbox = () => (inboxApp ??= import("../admin/app.tsx").then(({ createAdminApp }) => createAdminApp()));

/** Requests to private links (booking and engagement pages, the calendar feed), limited per client. */
const linkLimit = limitPerClient(
  (c) => c.text("Too many requests from this address. Please wait a minute and try again.", 429),
  (env) => env.BOOKING_RATE_LIMITER,
);

/** The Worker's HTTP side: the contact API, the crawlers' files, and every page server-rendered from the route table. */
export const app = siteApp((app) => {
  app.route("/api/contact", contactApi);
  app.all("/api/*", (c) => c.notFound());
  app.route("/", seoRoutes);
  // The inquiry inbox, behind Cloudflare Access, before the pages, which answer every other path. Where it
  // is not configured it does not exist: the site's 404 page, without loading it.
  app.all(
    "/admin/*",
    (c, next) => (inboxSignIn(c.env, c.req.url) ? next() : c.notFound()),
    mount(async (request, env, ctx) => (await inbox()).fetch(request, env, ctx)),
  );
  // A client's booking link (src/worker/book), loaded by the first request that reaches one: public, limited
  // per client, never cached or indexed, sending no referrer.
  app.all("/book/*", privateLink, linkLimit, sameOriginPosts, async (c) => (await import("./book/app.ts")).answerBookingLink(c));
  // A client's engagement letter to consent to and sign (src/worker/engage), loaded the same way: private as
  // a booking link is, and limited with it.
  app.all("/engage/*", privateLink, linkLimit, sameOriginPosts, async (c) => (await import("./engage/app.ts")).answerEngagementLink(c));
  // The attorney's calendar feed, at its secret address (src/worker/calendar-feed.ts): private as a link is.
  app.get("/calendar/*", privateLink, linkLimit, async (c) => (await import("./calendar-feed.ts")).answerCalendarFeed(c));
  app.get("*", renderPage);
});
