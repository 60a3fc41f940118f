import content from "virtual:content";
import { primaryNavOf } from "./nav.ts";
import { routeTableFor } from "./table.ts";

/** The Worker's route table: the one built from the content compiled into this build (see build/content). */
export const routeTable = routeTableFor(content);

/** The header's navigation, from the same content. */
export const primaryNav = primaryNavOf(content.site);
