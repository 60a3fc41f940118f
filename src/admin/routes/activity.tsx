import { Hono } from "hono";
import { activityPage } from "../../db/activity.ts";
import { database } from "../../db/client.ts";
import type { AdminEnv } from "../gate.ts";
import { ActivityPage } from "../pages/ActivityPage.tsx";
import { renderAdminPage } from "../render.tsx";

/** /admin/activity: the activity log, newest first, paged by the id of an entry (`?before=`), naming no one. */
export const activityRoutes = new Hono<AdminEnv>();

activityRoutes.get("/", async (c) => {
  const before = /^\d{1,15}$/.test(c.req.query("before") ?? "") ? Number(c.req.query("before")) : undefined;
  const page = await activityPage(database(c.env.DB), before);
  return renderAdminPage(c, "Activity", <ActivityPage page={page} paged={before !== undefined} />);
});
