import type { Context } from "hono";
import type { AdminEnv } from "../gate.ts";

/** One text field of a posted HTML form (url-encoded or multipart); undefined when absent or not text. */
export async function formField(c: Context<AdminEnv>, name: string): Promise<string | undefined> {
  const type = c.req.header("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return undefined;
  try {
    const value = (await c.req.parseBody())[name];
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}
