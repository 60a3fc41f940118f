import type { Context } from "hono";
import { type NewActivity, recordActivity } from "../../db/activity.ts";
import { database } from "../../db/client.ts";
import type { AdminEnv } from "../gate.ts";

/**
 * Records an inbox action in the activity log (D1, /admin/activity) with the person who took it. The
 * console line says who did what to which inquiry, never the detail: a search names people, and Workers
 * Logs keeps console lines.
 */
export async function audit(c: Context<AdminEnv>, entry: Omit<NewActivity, "actor">): Promise<void> {
  await recordActivity(database(c.env.DB), { ...entry, actor: c.var.adminEmail }, new Date());
  logAction(c, entry);
}

/**
 * The console line alone, for an action whose data function wrote its activity entry itself, in the same
 * write as the change (src/db/bookings.ts: consultations, busy times, the calendar address).
 */
export function logAction(c: Context<AdminEnv>, entry: Pick<NewActivity, "action" | "submissionId">): void {
  console.log(`Inbox: ${c.var.adminEmail} ${entry.action}${entry.submissionId ? ` ${entry.submissionId}` : ""}`);
}
