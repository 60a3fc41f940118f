import type { Context } from "hono";
import type { AdminEnv } from "./gate.ts";

/** Logs a change made in the inbox with the person who made it; never what a visitor wrote. */
export function audit(c: Context<AdminEnv>, action: string): void {
  console.log(`Inbox: ${c.var.adminEmail} ${action}`);
}
