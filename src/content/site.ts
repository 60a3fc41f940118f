import type { SiteFacts } from "./collections.ts";

/** The attorney profile's path, from the founder's slug: /about/{slug}. */
export const attorneyPathOf = (site: SiteFacts) => `/about/${site.founder.slug}` as const;

/** "Seattle, Washington", as the contact page prints the practice's location. */
export const locationLabelOf = (site: SiteFacts) => `${site.location.city}, ${site.location.regionName}`;

/** The image shown when a page is shared (public/og-image.png, drawn by `npm run og-image`). */
export const SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;
