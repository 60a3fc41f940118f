import type { RouteObject } from "react-router";
import { PageFor } from "../pages/index.tsx";
import { routeTable } from "./index.ts";
import type { RouteEntry } from "./table.ts";

/** The route table as react-router routes; each route's `handle` is its entry (title, description…). */
export const routeObjects: RouteObject[] = [...routeTable.routes, routeTable.notFound].map((entry) => ({
  path: entry.path,
  handle: entry,
  element: <PageFor route={entry} />,
}));

export function isRouteEntry(handle: unknown): handle is RouteEntry {
  return typeof handle === "object" && handle !== null && "kind" in handle && "title" in handle;
}
