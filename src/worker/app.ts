import { Hono } from "hono";
import type { AppEnv } from "./env.ts";
import { documentRenderer, renderPage } from "./render.tsx";

/** The Worker's HTTP side: every page is server-rendered from the route table. */
export const app = new Hono<AppEnv>();

app.get("*", documentRenderer, renderPage);
