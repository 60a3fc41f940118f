/**
 * The site's route table in Node (browser tests, bench, Lighthouse): the same table the Worker builds, from
 * the same content files compiled the same way (build/content), without a Vite build.
 */
import { loadContent } from "../../build/content/load.ts";
import { routeTableFor } from "../../src/routes/table.ts";

export const routeTable = routeTableFor(loadContent({ root: process.cwd() }).content);

/** Every route, the contact page with an outcome, and the 404 page: each kind of page the Worker answers. */
export const everyPagePath: readonly string[] = [...routeTable.routes.map((route) => route.path), "/contact?sent=1", "/no-such-page"];
