import content from "virtual:content";
import { routeTableFor } from "./table.ts";

/** The Worker's route table: the one built from the content compiled into this build (see build/content). */
export const routeTable = routeTableFor(content);
