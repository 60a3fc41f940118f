/*
 * The browser entry, and the only script every page loads (a few KiB gzip): it prepares each island the
 * server marked (src/islands/client/island.ts), which waits for its trigger (src/islands/registry.ts) and
 * only then fetches React and the island's own chunk and hydrates it. A page nobody touches runs no React
 * at all; its server HTML already works without it. A prerendered page does nothing until it is shown.
 */
import { whenShown } from "./islands/client/activation.ts";
import { type PendingIsland, prepareIsland } from "./islands/client/island.ts";
import { noteVisitStart } from "./islands/client/visit.ts";

/**
 * Dispatched on `document`, hydrates every island that applies now, and any other as soon as it comes to
 * apply (browser tests do, before they interact).
 */
const hydrateAllEvent = "hydrate-islands";

let islands: PendingIsland[] = [];

/**
 * `<html data-hydrated="true">` while every island that applies at the current width is live, however each
 * was started: lets tests (and styles, if ever needed) know it. A window widened past a breakpoint can make
 * an island apply that is not live yet; the mark goes until it is.
 */
function markWhetherLive() {
  if (islands.every((island) => island.live() || !island.applies())) document.documentElement.dataset.hydrated = "true";
  else delete document.documentElement.dataset.hydrated;
}

// Nothing runs before the page is shown: a prerendered page waits for the visitor to follow its link.
void whenShown().then(() => {
  // Where this tab's visit started, for the contact form to send along (nothing leaves the tab otherwise).
  noteVisitStart();
  // The 404 page is marked by the server; the spec asks for the attempted path in the console.
  if (document.body.dataset.notFound !== undefined) {
    console.error("404 Error: User attempted to access non-existent route:", window.location.pathname);
  }
  islands = Array.from(document.querySelectorAll<HTMLElement>("[data-island]"), (root) => prepareIsland(root, markWhetherLive));
  document.addEventListener(hydrateAllEvent, () => {
    for (const island of islands) island.start();
  });
  // A page without an island that applies (none at this width) is live as it is.
  markWhetherLive();
});
