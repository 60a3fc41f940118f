import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema.ts";

/** The typed drizzle client over the Worker's D1 binding. */
export const database = (d1: D1Database) => drizzle(d1, { schema });
export type Database = ReturnType<typeof database>;
