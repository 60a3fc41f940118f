// In tests `env` also carries the migrations that vitest.config.ts reads from migrations/.
declare namespace Cloudflare {
  interface Env {
    readonly TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** An empty database the migration tests apply migrations to, one by one. */
    readonly MIGRATIONS_DB: D1Database;
    /** An empty database a backup is restored into (src/queue/backup/backup.test.ts). */
    readonly RESTORE_DB: D1Database;
    /** Set by the extra-field project only: the field it adds to a copy of the field list. */
    readonly EXTRA_CONTACT_FIELD?: string;
  }
}
