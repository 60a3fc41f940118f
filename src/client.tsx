import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { type IslandName, islandIdPrefix } from "./islands/index.ts";
import { IslandRoot } from "./islands/IslandRoot.tsx";
import { islandLoaders } from "./islands/loaders.ts";

/** Hydrates one island the server marked with data-island, as its own root; resolves once committed. */
async function hydrateIsland(root: HTMLElement): Promise<void> {
  const name = root.dataset.island as IslandName;
  const load = islandLoaders[name];
  if (!load) throw new Error(`unknown island "${name}"`);
  const Component = (await load()).default as ComponentType<object>;
  const props = JSON.parse(root.dataset.props ?? "{}") as object;
  await new Promise<void>((resolve) =>
    hydrateRoot(
      root,
      <IslandRoot onHydrated={resolve}>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix: islandIdPrefix(name) },
    ),
  );
}

// The 404 page is marked by the server; the spec asks for the attempted path in the console.
if (document.body.dataset.notFound !== undefined) {
  console.error("404 Error: User attempted to access non-existent route:", window.location.pathname);
}

Promise.all(Array.from(document.querySelectorAll<HTMLElement>("[data-island]"), hydrateIsland))
  .then(() => {
    // Lets tests (and styles, if ever needed) know every interactive part is live.
    document.documentElement.dataset.hydrated = "true";
  })
  .catch((error: unknown) => console.error("Could not start the page's interactive parts", error));
