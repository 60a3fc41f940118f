import { type Context, Hono } from "hono";
import { database } from "../../db/client.ts";
import { seattleDay } from "../../db/days.ts";
import { type InboxFilter, type PagePosition, countInbox, listInbox } from "../../db/inbox.ts";
import { audit } from "../shared/audit.ts";
import { intakeCopy, stateCopy } from "../shared/copy.ts";
import type { AdminEnv } from "../gate.ts";
import { inboxCsv } from "./export.ts";
import { inboxHref, readInboxForm, readInboxQuery } from "./query.ts";
import { InboxPage } from "./InboxPage.tsx";
import { renderAdminPage } from "../shared/render.tsx";

/**
 * /admin: the list of inquiries. `GET /admin` shows a view, filtered and paged by its address (query.ts);
 * `POST /admin` is the filter form (a search is posted, never put in an address; without one it redirects to
 * the view's plain link); `POST /admin/export.csv` downloads the list the view shows, every page of it
 * (export.ts), logged without the search's words.
 */
export const inboxRoutes = new Hono<AdminEnv>();

const showInbox = async (c: Context<AdminEnv>, criteria: InboxFilter, position: PagePosition) => {
  const db = database(c.env.DB);
  const now = new Date();
  const page = await listInbox(db, criteria, position, now);
  const counts = await countInbox(db, now);
  return renderAdminPage(
    c,
    "Inquiries",
    <InboxPage criteria={criteria} position={position} page={page} counts={counts} today={seattleDay(now)} />,
  );
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

/** What an export covered, for the activity log: the filters, never a search's words (which name someone). */
function coverage(criteria: InboxFilter): string {
  const parts = [
    criteria.intake && `intake ${intakeCopy[criteria.intake].label}`,
    criteria.state && `notification ${stateCopy[criteria.state].label}`,
    criteria.source && `from ${criteria.source}`,
    criteria.followUp && `follow-ups ${criteria.followUp === "due" ? "due" : "set"}`,
    criteria.needsMe && "what needs the attorney",
    criteria.search && "a name search",
  ].filter(Boolean);
  return parts.length > 0 ? `Filtered by ${parts.join(", ")}` : "Every inquiry";
}

/** The list a view shows, every page of it, as CSV (export.ts), posted like the filter form: a search is never in an address. */
inboxRoutes.post("/export.csv", async (c) => {
  const { criteria } = readInboxForm(await c.req.parseBody());
  const now = new Date();
  await audit(c, { action: "exported-list", detail: coverage(criteria) });
  return c.body(inboxCsv(database(c.env.DB), criteria, now, new URL(c.req.url).origin), 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="inquiries-${seattleDay(now)}.csv"`,
  });
});
