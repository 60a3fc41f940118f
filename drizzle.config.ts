import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations from src/db/schema.ts; wrangler applies them to D1.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema.ts",
  out: "./migrations",
  // Flat files (0000_name.sql) as `wrangler d1 migrations apply` reads them.
  migrations: { prefix: "index" },
});
