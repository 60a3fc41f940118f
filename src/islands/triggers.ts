import type { IslandName } from "./index.ts";

/**
 * When the browser hydrates an island. Until then the island is plain server HTML, which already works:
 * links navigate, the form posts natively. Nothing of React is fetched before the first island starts.
 *
 * - `load`: as soon as the page has loaded.
 * - `visible`: when the island comes near the viewport, or on the first interaction with it.
 * - `interaction`: on the first pointer, touch, focus or key event inside its zone (the closest element
 *   marked `data-island-zone`, else the island itself). Clicks on its buttons and key presses that arrive
 *   before hydration are replayed afterwards, and typed field values are handed to React (see src/client.tsx).
 */
export type HydrationTrigger = "load" | "visible" | "interaction";

export const islandTriggers: Record<IslandName, HydrationTrigger> = {
  // Every page has the menu; React and Ark's menu wait until the visitor reaches for the header.
  "site-nav": "interaction",
  "article-carousel": "visible",
  "credentials-accordion": "visible",
  // The form posts natively until it hydrates; focusing or pointing at it starts the hydration.
  "contact-form": "interaction",
};
