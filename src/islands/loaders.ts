import type { ComponentType } from "react";

/**
 * The browser's map of islands, each its own chunk, fetched only by pages that show the island.
 * The server imports island components directly (see components/Island.tsx), never this map.
 */
export const islandLoaders = {
  "phone-nav": () => import("./PhoneNav.tsx"),
  "nav-dropdown": () => import("./NavDropdown.tsx"),
  "article-carousel": () => import("./ArticleCarousel.tsx"),
  "credentials-accordion": () => import("./CredentialsAccordion.tsx"),
  "contact-form": () => import("./ContactForm.tsx"),
} satisfies Record<string, () => Promise<{ default: ComponentType<never> }>>;
