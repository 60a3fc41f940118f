import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Every test file starts from the schema that `wrangler d1 migrations apply` would create.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
