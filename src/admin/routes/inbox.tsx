import { type Context, Hono } from "hono";
import { database } from "../../db/client.ts";
import { type InboxFilter, type PagePosition, listInbox } from "../../db/inbox.ts";
import type { AdminEnv } from "../gate.ts";
import { inboxHref, readInboxForm, readInboxQuery } from "../inbox-query.ts";
import { InboxPage } from "../pages/InboxPage.tsx";
import { renderAdminPage } from "../render.tsx";

/** /admin: the list of inquiries, filtered and paged by a link, or searched by a posted form. */
export const inboxRoutes = new Hono<AdminEnv>();

const showInbox = async (c: Context<AdminEnv>, criteria: InboxFilter, position: PagePosition) => {
  const page = await listInbox(database(c.env.DB), criteria, position, new Date());
  return renderAdminPage(c, "Inquiries", <InboxPage criteria={criteria} position={position} page={page} />);
};

inboxRoutes.get("/", (c) => {
  const { criteria, position } = readInboxQuery(new URL(c.req.url));
  return showInbox(c, criteria, position);
});

/** The filter form: a search is answered here, never put in an address; the rest leads to the view's link. */
inboxRoutes.post("/", async (c) => {
  const { criteria, position } = readInboxForm(await c.req.parseBody());
  if (!criteria.search) return c.redirect(inboxHref(criteria, position), 303);
  return showInbox(c, criteria, position);
});
