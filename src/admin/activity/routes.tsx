import { Hono } from "hono";
import { type ActivityFilter, activityActors, activityPage } from "../../db/activity.ts";
import { database } from "../../db/client.ts";
import { type ActivityAction, activityActions } from "../../db/schema.ts";
import type { AdminEnv } from "../gate.ts";
import { ActivityPage } from "./ActivityPage.tsx";
import { renderAdminPage } from "../shared/render.tsx";

/**
 * /admin/activity: the activity log, newest first: the changes, or (`?views=1`) the inquiries viewed and
 * addresses looked up; narrowed to one action (`?action=`) or one person of the practice (`?by=`); paged by
 * the id of an entry (`?before=`). No visitor is named in these addresses.
 */
export const activityRoutes = new Hono<AdminEnv>();

activityRoutes.get("/", async (c) => {
  const db = database(c.env.DB);
  const query = (name: string) => c.req.query(name)?.trim() || undefined;
  const before = /^\d{1,15}$/.test(query("before") ?? "") ? Number(query("before")) : undefined;
  const actors = await activityActors(db);
  const action = query("action");
  const filter: ActivityFilter = {
    action: activityActions.includes(action as ActivityAction) ? (action as ActivityAction) : undefined,
    // Only someone the log knows: anything else would show an empty log.
    actor: actors.find((actor) => actor === query("by")),
    views: query("views") === "1",
  };
  const page = await activityPage(db, { before, filter });
  return renderAdminPage(c, "Activity", <ActivityPage page={page} filter={filter} actors={actors} paged={before !== undefined} />);
});
