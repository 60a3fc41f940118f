import { Hono } from "hono";
import { conflictSearchDetail, recentConflictSearches } from "../../db/activity.ts";
import { database } from "../../db/client.ts";
import { conflictQuery } from "../../db/conflict-names.ts";
import { CONFLICT_MATCHES_MAX, type ConflictCursor, searchConflicts } from "../../db/conflicts.ts";
import { searchRegister } from "../../db/register.ts";
import { audit } from "../shared/audit.ts";
import type { AdminEnv } from "../gate.ts";
import { ConflictsPage } from "./ConflictsPage.tsx";
import { renderAdminPage } from "../shared/render.tsx";
import { formField } from "../shared/forms.ts";

/**
 * /admin/conflicts: the conflict check of any name. The search is posted (a name is never put in an address)
 * and recorded in the activity log with who ran it and how many inquiries matched; its matches are listed a
 * page at a time (CONFLICT_MATCHES_MAX), the next page posted with where the last one ended.
 */
export const conflictRoutes = new Hono<AdminEnv>();

const TITLE = "Conflict check";
const SEARCH_MAX = 200;
const CURSOR = /^(\d{1,15})_([0-9a-f-]{36})$/;

conflictRoutes.get("/", async (c) => {
  const recent = await recentConflictSearches(database(c.env.DB));
  return renderAdminPage(c, TITLE, <ConflictsPage recent={recent} />);
});

conflictRoutes.post("/", async (c) => {
  const db = database(c.env.DB);
  const search = ((await formField(c, "q")) ?? "").trim().slice(0, SEARCH_MAX);
  const query = conflictQuery(search);
  if (!query) {
    return renderAdminPage(c, TITLE, <ConflictsPage recent={await recentConflictSearches(db)} search={search} empty />, 422);
  }
  const cursor = CURSOR.exec((await formField(c, "after")) ?? "");
  const after: ConflictCursor | undefined = cursor ? { createdAt: new Date(Number(cursor[1])), id: cursor[2]! } : undefined;
  // The register's entries are listed with the first page of inquiries.
  const [matches, entries] = await Promise.all([searchConflicts(db, query, { after }), after ? undefined : searchRegister(db, query)]);
  const more = matches.length === CONFLICT_MATCHES_MAX;
  // A search is logged once, with its first page: "50 or more" when it fills the page.
  if (entries) {
    const found = matches.length + entries.length;
    const count = `${found}${more ? " or more" : ""} ${found === 1 ? "match" : "matches"}`;
    await audit(c, { action: "conflict-search", detail: conflictSearchDetail(search, count) });
  }
  return renderAdminPage(
    c,
    TITLE,
    <ConflictsPage
      recent={await recentConflictSearches(db)}
      search={search}
      matches={matches}
      entries={entries}
      more={more}
      paged={after !== undefined}
    />,
  );
});
