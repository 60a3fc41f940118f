import { site } from "./site.ts";

/** The image shown when a page is shared (public/og-image.png, made by scripts/make-og-image.ts). */
export const shareImage = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: `${site.practiceName}: ${site.tagline}. Creative-law practice in ${site.location.city}, ${site.location.regionName}.`,
} as const;

/** Title of the Atom feed of articles. */
export const feedTitle = `${site.practiceName}: Resources & Insights`;
