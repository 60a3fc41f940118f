import { Hono } from "hono";
import copyText from "./copy-text.js?raw";
import type { AdminEnv } from "../gate.ts";

/**
 * /admin/scripts/: the inbox's one script, the copy button of the decline letter (copy-text.js), a
 * file of this site, so the site's Content-Security-Policy (`script-src 'self'`, no inline script) allows it.
 * Every page works without it.
 */
export const scriptRoutes = new Hono<AdminEnv>();

scriptRoutes.get("/copy-text.js", (c) => c.body(copyText, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
