import { type RouteObject, matchRoutes } from "react-router";
import type { StoredReader } from "../content/stored.ts";
import { storedRouteKey } from "../content/stored-keys.ts";
import { routeTable } from "./index.ts";
import type { RouteEntry } from "./table.ts";

/** The Worker's route table as react-router routes, each carrying its entry (title, description…) as its `handle`. */
const routeObjects: RouteObject[] = [...routeTable.routes, routeTable.notFound].map((entry) => ({ path: entry.path, handle: entry }));

const isRouteEntry = (handle: unknown): handle is RouteEntry =>
  typeof handle === "object" && handle !== null && "kind" in handle && "title" in handle;

/** The entry of the Worker's own table react-router matches `pathname` to, or the not-found route's. */
function fixedRouteFor(pathname: string): RouteEntry {
  const matches = matchRoutes(routeObjects, pathname);
  // The not-found route's "*" is a regular expression's `.*`, which stops at a line terminator (a path's
  // %E2%80%A8, U+2028): such a path matches nothing, and is not a page either.
  if (!matches) return routeTable.notFound;
  const handle = matches.at(-1)?.route.handle;
  if (!isRouteEntry(handle)) throw new Error(`no route entry for ${pathname}`);
  return handle;
}

/**
 * The route at `pathname`: a page of the Worker's own table, else a stored page (an article, a list, a
 * notice: read through `readStored`), else the not-found route. react-router's static handler and router
 * would add loaders, actions and hydration data, which no page uses, and about 40 KiB to the Worker.
 */
export async function routeFor(pathname: string, readStored: StoredReader): Promise<RouteEntry> {
  const fixed = fixedRouteFor(pathname);
  if (fixed.kind !== "not-found") return fixed;
  const key = storedRouteKey(pathname);
  return (key && (await readStored<RouteEntry>(key))) || fixed;
}
