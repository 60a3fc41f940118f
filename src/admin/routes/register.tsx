import { Hono } from "hono";
import type { AdminEnv } from "../gate.ts";

/** /admin/register: the conflict register's clients, their matters and parties. */
export const registerRoutes = new Hono<AdminEnv>();
