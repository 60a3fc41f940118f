import type { SiteFacts } from "../content/collections.ts";
import { attorneyPathOf } from "../content/site.ts";
import type { NavSection } from "./table.ts";

export interface NavLink {
  readonly label: string;
  readonly href: string;
}

/** A top-level entry: a link, or (About) a group opened as a dropdown. */
export type NavEntry =
  | (NavLink & { readonly section: NavSection })
  | { readonly label: string; readonly section: NavSection; readonly children: readonly NavLink[] };

/**
 * The site's primary navigation, shown in the header on wide screens and in the stacked menu on phones
 * (which receives it as its island's props).
 */
export function primaryNavOf(site: SiteFacts): readonly NavEntry[] {
  const labels = site.navigation;
  return [
    { label: labels.home, href: "/", section: "home" },
    {
      label: labels.about,
      section: "about",
      children: [
        { label: labels.philosophy, href: "/about" },
        { label: site.founder.name, href: attorneyPathOf(site) },
      ],
    },
    { label: labels.services, href: "/services", section: "services" },
    { label: labels.resources, href: "/resources", section: "resources" },
    { label: labels.contact, href: "/contact", section: "contact" },
  ];
}

/**
 * aria-current for a nav entry: "page" on the link to the page being shown (and on About for both
 * about routes, as the spec asks), "true" on the section a deeper page belongs to.
 */
export function currentFor(
  entry: NavEntry,
  location: { readonly path: string; readonly section?: NavSection },
): "page" | "true" | undefined {
  if (entry.section !== location.section) return undefined;
  if ("children" in entry) return "page";
  return entry.href === location.path ? "page" : "true";
}
