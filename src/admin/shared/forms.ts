import type { Context } from "hono";
import type { AdminEnv } from "../gate.ts";

/** One text field of the posted HTML form (app.tsx admits no other body); undefined when absent or not text. */
export async function formField(c: Context<AdminEnv>, name: string): Promise<string | undefined> {
  try {
    const value = (await c.req.parseBody())[name];
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}
