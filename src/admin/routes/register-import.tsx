import { Hono } from "hono";
import type { AdminEnv } from "../gate.ts";

/** /admin/register/import: the conflict register imported from a spreadsheet's CSV. */
export const registerImportRoutes = new Hono<AdminEnv>();
