import { Hono } from "hono";
import { contactApi } from "./api/contact.ts";
import type { AppEnv } from "./env.ts";
import { withSiteLocation } from "./middleware/site-location.ts";
import { documentRenderer, renderPage } from "./render.tsx";
import { seoRoutes } from "./seo.ts";

/** The Worker's HTTP side: the contact API, and every page server-rendered from the route table. */
export const app = new Hono<AppEnv>();

app.use(withSiteLocation, documentRenderer);
app.route("/api/contact", contactApi);
app.route("/", seoRoutes);
app.get("*", renderPage);
