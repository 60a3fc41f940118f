import content from "virtual:content";
import { primaryNavOf } from "./nav.ts";
import { fixedRouteTableFor, paths } from "./table.ts";

/**
 * The Worker's route table: the pages it declares from the content compiled into it (build/content). The
 * pages of the pieces and their lists are stored beside it, one file each (src/content/stored.ts).
 */
export const routeTable = fixedRouteTableFor(content);

/** The header's navigation, from the same content. */
export const primaryNav = primaryNavOf(content.site);

/** The footer's links to the legal notices. */
export const legalLinks = content.legal.map(({ slug, title }) => ({ path: paths.legal(slug), title }));
