import type { SiteFacts } from "./collections.ts";

/** The attorney profile's path, from the founder's slug: /about/{slug}. */
export const attorneyPathOf = (site: SiteFacts) => `/about/${site.founder.slug}` as const;

/** "Seattle, Washington", as the contact page prints the practice's location. */
export const locationLabelOf = (site: SiteFacts) => `${site.location.city}, ${site.location.regionName}`;

/** The size of a share card (og:image), drawn at build for each article and for the site (build/content/cards.ts). */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
