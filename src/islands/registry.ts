import type { ComponentType } from "react";

/**
 * When the browser hydrates an island. Until then the island is plain server HTML, which already works:
 * links navigate, the form posts natively. Nothing of React is fetched before the first island starts.
 *
 * - `load`: as soon as the page is shown.
 * - `visible`: when the island comes near the viewport, or on the first interaction with it.
 * - `interaction`: on the first pointer, touch, focus or key event inside its zone (the closest element
 *   marked `data-island-zone`, else the island itself). Clicks on its buttons and key presses that arrive
 *   before hydration are replayed afterwards, and typed field values are handed to React
 *   (client/early-input.ts). Each trigger is a module of client/triggers/.
 */
export type HydrationTrigger = "load" | "visible" | "interaction";

interface IslandRecord {
  /** The island's component, a chunk of its own that the browser fetches only where the island is. */
  readonly load: () => Promise<{ default: ComponentType<never> }>;
  readonly trigger: HydrationTrigger;
  /**
   * Where the island applies at all, as a media query (the stylesheet's own breakpoints; hydration.e2e.ts
   * checks 767 and 768 px). Elsewhere the stylesheet hides it: it is never fetched or hydrated, and the page
   * counts as live without it. Once the query matches (a window widened, a tablet turned) the island
   * hydrates on its trigger like any other, at once if the trigger already fired.
   */
  readonly media?: string;
}

/** Tailwind's `md` breakpoint, as its stylesheet writes it: from here up the header shows links and the dropdown. */
const wide = "(width >= 48rem)";

/**
 * Every island, declared once: its component, its trigger and the widths it applies at. The server writes
 * the trigger and widths into the page (components/Island.tsx); the browser loads and hydrates from this
 * record (src/client.tsx). Their props must be plain JSON.
 */
export const islands = {
  // Every page has the navigation; React and its island wait until the visitor reaches for the header.
  "phone-nav": { load: () => import("./PhoneNav.tsx"), trigger: "interaction", media: `not all and ${wide}` },
  "nav-dropdown": { load: () => import("./NavDropdown.tsx"), trigger: "interaction", media: wide },
  "article-carousel": { load: () => import("./ArticleCarousel.tsx"), trigger: "visible" },
  "credentials-accordion": { load: () => import("./CredentialsAccordion.tsx"), trigger: "visible" },
  // The search form asks the server until it hydrates; focusing it starts the hydration, and its index
  // comes with the first search.
  "article-search": { load: () => import("./ArticleSearch.tsx"), trigger: "interaction" },
  // The form posts natively until it hydrates; focusing or pointing at it starts the hydration.
  "contact-form": { load: () => import("./ContactForm.tsx"), trigger: "interaction" },
} as const satisfies Record<string, IslandRecord>;

/** Each island's record as one shape, for code that reads any island's trigger and widths. */
export const islandRecords: Readonly<Record<keyof typeof islands, IslandRecord>> = islands;
