import { Hono } from "hono";
import copyText from "./copy-text.js?raw";
import type { AdminEnv } from "../gate.ts";

/**
 * /admin/scripts/: the inbox's one script, the copy button of the decline letter (copy-text.js), a
 * file of this site, so the site's Content-Security-Policy (`script-src 'self'`, no inline script) allows it.
 * Every page works without it.
 */
export const scriptRoutes = new Hono<AdminEnv>();

/** Where the copy buttons' script is served, for the pages that offer a text to copy (a letter, a link). */
export const COPY_SCRIPT = "/admin/scripts/copy-text.js";

scriptRoutes.get("/copy-text.js", (c) => c.body(copyText, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
