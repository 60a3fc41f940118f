import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { clientAssets } from "./build/client-assets.ts";
import { contentCopy } from "./build/content/fixture-copy.ts";
import { content } from "./build/content/vite-plugin.ts";
import { fixtureFiles } from "./src/test/content-fixture/files.ts";

/** Tests inside workerd with the real bindings of wrangler.toml: local D1 (migrated), queues, send_email. */
const workerd = async (name: string, include: string[], exclude: string[], contentDir?: string) => ({
  plugins: [
    clientAssets(),
    content(contentDir ? { dir: contentDir } : {}),
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: { bindings: { TEST_MIGRATIONS: await readD1Migrations("migrations") } },
    })),
  ],
  test: { name, include, exclude, setupFiles: ["./src/test/apply-migrations.ts"] },
});

const fixtureTests = "src/test/content-fixture/*.test.ts";

export default defineConfig({
  test: {
    projects: [
      await workerd("worker", ["src/**/*.test.{ts,tsx}"], [fixtureTests]),
      // The whole site built from a copy of content/ with fixture files added (src/test/content-fixture).
      await workerd("content-fixture", [fixtureTests], [], contentCopy("content", fixtureFiles)),
      // The content build itself, in Node.
      { test: { name: "build", environment: "node", include: ["build/**/*.test.ts", "scripts/**/*.test.ts"] } },
    ],
  },
});
