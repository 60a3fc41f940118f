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
  // Every page has the navigation; React and its island wait until the visitor reaches for the header.
  "phone-nav": "interaction",
  "nav-dropdown": "interaction",
  "article-carousel": "visible",
  "credentials-accordion": "visible",
  // The form posts natively until it hydrates; focusing or pointing at it starts the hydration.
  "contact-form": "interaction",
};

/** Tailwind's `md` breakpoint, as its stylesheet writes it: from here up the header shows links and the dropdown. */
const wide = "(width >= 48rem)";

/**
 * Where an island applies at all, as a media query; an island not listed applies everywhere. Where its query
 * does not match, the island is hidden by the stylesheet: it is never fetched or hydrated, and the page counts
 * as live without it. Once the query matches (a window widened, a tablet turned) the island hydrates on its
 * trigger like any other, at once if the trigger already fired.
 */
export const islandMedia: Partial<Record<IslandName, string>> = {
  "phone-nav": `not all and ${wide}`,
  "nav-dropdown": wide,
};
