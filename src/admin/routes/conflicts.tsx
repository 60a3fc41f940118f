import { Hono } from "hono";
import { recentConflictSearches } from "../../db/activity.ts";
import { database } from "../../db/client.ts";
import { conflictQuery } from "../../db/conflict-names.ts";
import { searchConflicts } from "../../db/conflicts.ts";
import { audit } from "../audit.ts";
import type { AdminEnv } from "../gate.ts";
import { ConflictsPage } from "../pages/ConflictsPage.tsx";
import { renderAdminPage } from "../render.tsx";
import { formField } from "./forms.ts";

/**
 * /admin/conflicts: the conflict check. The search is posted (a name is never put in an address) and
 * recorded in the activity log with who ran it and how many inquiries matched.
 */
export const conflictRoutes = new Hono<AdminEnv>();

const TITLE = "Conflict check";
const SEARCH_MAX = 200;

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
  const matches = await searchConflicts(db, query);
  await audit(c, { action: "conflict-search", detail: `"${search}": ${matches.length} ${matches.length === 1 ? "match" : "matches"}` });
  return renderAdminPage(c, TITLE, <ConflictsPage recent={await recentConflictSearches(db)} search={search} matches={matches} />);
});
