/**
 * The site's content and route table in Node (browser tests, bench, scripts): the same the Worker builds,
 * from the same content files compiled the same way (build/content), without a Vite build.
 */
import { loadContent } from "../../build/content/load.ts";
import { attorneyPathOf, locationLabelOf } from "../../src/content/site.ts";
import { primaryNavOf } from "../../src/routes/nav.ts";
import { type PageKind, type RouteEntry, type RouteTable, routeTableFor } from "../../src/routes/table.ts";

export const siteContent = loadContent({ root: process.cwd() }).content;
export const { site, pages, notices, letters } = siteContent;
export const attorneyPath = attorneyPathOf(site);
export const locationLabel = locationLabelOf(site);

export const routeTable = routeTableFor(siteContent);

/** Every link of the header's navigation in order, About's two in its place: as the phone's menu lists them. */
export const navLinks = primaryNavOf(site).flatMap((entry) => ("children" in entry ? entry.children : [entry]));

/**
 * The routes the browser's checks of what a page holds load (axe and the focus walk, the inlined styles, the
 * fonts): every kind of page, and of a kind with several pages (the articles, services, notices, topics,
 * pages of a list) its first, its last and the one with the most in it, so that these checks cost the same at
 * 3 articles or 3,000. The HTML checker and the Worker's tests still read every page.
 */
export function routesToCheckOf(table: RouteTable): RouteEntry[] {
  const sampled = new Set(
    Object.values(table.byKind).flatMap((routes: readonly RouteEntry<PageKind>[]) => {
      // What a page holds, measured once a page: its route's data as JSON.
      const sizes = routes.map((route) => JSON.stringify(route.params).length);
      const fullest = routes[sizes.indexOf(Math.max(...sizes))];
      return [routes[0], routes.at(-1), fullest];
    }),
  );
  return table.routes.filter((route) => sampled.has(route));
}

/**
 * The first route of each kind: for the browser's checks whose answer a kind's code decides, whatever its
 * pages hold (whether the back/forward cache keeps a page, which scripts it loads): a kind's pages are drawn
 * by one component with the same islands.
 */
export function routePerKindOf(table: RouteTable): RouteEntry[] {
  const firsts = new Set(Object.values(table.byKind).map((routes: readonly RouteEntry<PageKind>[]) => routes[0]));
  return table.routes.filter((route) => firsts.has(route));
}

/** The site's own: see routesToCheckOf and routePerKindOf. */
export const routesToCheck: readonly RouteEntry[] = routesToCheckOf(routeTable);
export const routePerKind: readonly RouteEntry[] = routePerKindOf(routeTable);

/** The pages the Worker answers beyond the route table's: the contact page with an outcome, and the 404 page. */
const pagesBeyondRoutes = ["/contact?sent=1", "/no-such-page"];

/** The paths of `routesToCheck` and of the pages beyond the route table's. */
export const pagePathsToCheck: readonly string[] = [...routesToCheck.map((route) => route.path), ...pagesBeyondRoutes];

/** The paths of `routePerKind` and of the pages beyond the route table's. */
export const pagePathPerKind: readonly string[] = [...routePerKind.map((route) => route.path), ...pagesBeyondRoutes];
