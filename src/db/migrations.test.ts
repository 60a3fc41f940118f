import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

/** The migrations up to (not including) the one whose name starts with `before`. */
const migrationsBefore = (before: string) => env.TEST_MIGRATIONS.filter((migration) => migration.name < before);

describe("migration 0003, intake states", () => {
  it("turns the inbox's handled mark into the closed state, keeping who marked it and when", async () => {
    const db = env.MIGRATIONS_DB;
    await applyD1Migrations(db, migrationsBefore("0003"));
    const insert = `INSERT INTO contact_submissions (id, name, email, organization, message, created_at, handled_at, handled_by)
      VALUES (?, 'Ada Lovelace', 'ada@example.com', NULL, 'Hello.', 1767000000000, ?, ?)`;
    await db.prepare(insert).bind("handled-one", 1767100000000, "attorney@example.com").run();
    await db.prepare(insert).bind("open-one", null, null).run();

    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const { results } = await db
      .prepare("SELECT id, intake_state, intake_changed_at, intake_changed_by, message FROM contact_submissions ORDER BY id")
      .all();
    expect(results).toEqual([
      {
        id: "handled-one",
        intake_state: "closed",
        intake_changed_at: 1767100000000,
        intake_changed_by: "attorney@example.com",
        message: "Hello.",
      },
      { id: "open-one", intake_state: "new", intake_changed_at: null, intake_changed_by: null, message: "Hello." },
    ]);
    const columns = (await db.prepare("SELECT name FROM pragma_table_info('contact_submissions')").all<{ name: string }>()).results;
    expect(columns.map((column) => column.name)).not.toContain("handled_at");
  });
});
