/**
 * The site's content and route table in Node (browser tests, bench, scripts): the same the Worker builds,
 * from the same content files compiled the same way (build/content), without a Vite build.
 */
import { loadContent } from "../../build/content/load.ts";
import { attorneyPathOf, locationLabelOf } from "../../src/content/site.ts";
import { primaryNavOf } from "../../src/routes/nav.ts";
import { routeTableFor } from "../../src/routes/table.ts";

export const siteContent = loadContent({ root: process.cwd() }).content;
export const { site, pages, notices, letters } = siteContent;
export const attorneyPath = attorneyPathOf(site);
export const locationLabel = locationLabelOf(site);

export const routeTable = routeTableFor(siteContent);

/** Every link of the header's navigation in order, About's two in its place: as the phone's menu lists them. */
export const navLinks = primaryNavOf(site).flatMap((entry) => ("children" in entry ? entry.children : [entry]));

/** Every route, the contact page with an outcome, and the 404 page: each kind of page the Worker answers. */
export const everyPagePath: readonly string[] = [...routeTable.routes.map((route) => route.path), "/contact?sent=1", "/no-such-page"];
