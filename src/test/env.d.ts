// In tests `env` also carries the migrations that vitest.config.ts reads from migrations/.
declare namespace Cloudflare {
  interface Env {
    readonly TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
