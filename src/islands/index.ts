import type { ComponentProps } from "react";
import type { islands } from "./registry.ts";

/*
 * Islands are the only parts of a page hydrated in the browser; everything else stays server HTML, so no
 * page copy is shipped to the browser twice.
 */
export type IslandName = keyof typeof islands;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islands)[N]["load"]>>["default"];
export type IslandProps<N extends IslandName> = ComponentProps<IslandComponent<N>>;

/**
 * useId prefix of an island: the server renders each island as its own root with this prefix and the
 * browser hydrates it with the same one, so Ark UI's ids match.
 */
export const islandIdPrefix = (name: IslandName) => `${name}-`;
