import { Hono } from "hono";
import { database } from "../../db/client.ts";
import { listInbox } from "../../db/inbox.ts";
import type { AdminEnv } from "../gate.ts";
import { readInboxQuery } from "../inbox-query.ts";
import { InboxPage } from "../pages/InboxPage.tsx";
import { renderAdminPage } from "../render.tsx";

/** GET /admin: the list of inquiries, filtered and paged by its query string. */
export const inboxRoutes = new Hono<AdminEnv>();

inboxRoutes.get("/", async (c) => {
  const { criteria, position } = readInboxQuery(new URL(c.req.url));
  const page = await listInbox(database(c.env.DB), criteria, position, new Date());
  return renderAdminPage(c, "Inquiries", <InboxPage criteria={criteria} position={position} page={page} />);
});
