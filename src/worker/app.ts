import { Hono } from "hono";
import { contactApi } from "./api/contact.ts";
import type { AppEnv } from "./env.ts";
import { documentRenderer, renderPage } from "./render.tsx";

/** The Worker's HTTP side: the contact API, and every page server-rendered from the route table. */
export const app = new Hono<AppEnv>();

app.use(documentRenderer);
app.route("/api/contact", contactApi);
app.get("*", renderPage);
