/**
 * Every route of the site under test, as the build declares them (src/routes/table.ts): the Worker's own and
 * those it reads from the stored content. The Worker's tests walk these, not only the Worker's own table.
 */
import content from "virtual:content-all";
import { routeTableFor } from "../routes/table.ts";

export { content };
export const routeTable = routeTableFor(content);
