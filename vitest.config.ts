import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { clientAssets } from "./build/client-assets.ts";

// Tests run inside workerd with the real bindings of wrangler.toml: local D1 (migrated), queues, send_email.
export default defineConfig({
  plugins: [
    clientAssets(),
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: { bindings: { TEST_MIGRATIONS: await readD1Migrations("migrations") } },
    })),
  ],
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/apply-migrations.ts"],
  },
});
