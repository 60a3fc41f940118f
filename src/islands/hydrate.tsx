import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { type IslandName, islandIdPrefix } from "./index.ts";
import { IslandRoot } from "./IslandRoot.tsx";

/**
 * The React half of the browser side, fetched only when the first island of a page starts: hydrates one
 * island the server marked with data-island as its own root, with the server's id prefix, and resolves
 * once React has committed it.
 */
export function hydrateIsland(root: HTMLElement, name: IslandName, Component: ComponentType<object>, props: object): Promise<void> {
  return new Promise<void>((resolve) =>
    hydrateRoot(
      root,
      <IslandRoot onHydrated={resolve}>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix: islandIdPrefix(name) },
    ),
  );
}
