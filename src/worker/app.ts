import { Hono } from "hono";
import { createAdminApp } from "../admin/app.tsx";
import { contactApi } from "./api/contact.ts";
import type { AppEnv } from "./env.ts";
import { noStore } from "./middleware/no-store.ts";
import { withSecurityHeaders } from "./middleware/security-headers.ts";
import { withSiteLocation } from "./middleware/site-location.ts";
import { documentRenderer, renderPage } from "./render.tsx";
import { seoRoutes } from "./seo.ts";
import { turnstileEnabled } from "./turnstile.ts";

/** The Worker's HTTP side: the contact API, and every page server-rendered from the route table. */
export const app = new Hono<AppEnv>();

const securityHeaders = { off: withSecurityHeaders({ turnstile: false }), on: withSecurityHeaders({ turnstile: true }) };

app.use(withSiteLocation, documentRenderer);
app.use((c, next) => securityHeaders[turnstileEnabled(c.env) ? "on" : "off"](c, next));
app.use("/api/*", noStore);
app.route("/api/contact", contactApi);
app.route("/", seoRoutes);
// The inquiry inbox, behind Cloudflare Access (src/admin); before the pages, which answer every other path.
app.route("/admin", createAdminApp());
app.get("*", renderPage);
