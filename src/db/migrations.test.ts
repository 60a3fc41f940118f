import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";

/** The migrations up to (not including) the one whose name starts with `before`. */
const migrationsBefore = (before: string) => env.TEST_MIGRATIONS.filter((migration) => migration.name < before);

const db = env.MIGRATIONS_DB;

/** Each test starts from an empty database of its own, migrated step by step. */
beforeEach(async () => {
  const tables = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY rowid DESC",
    )
    .all<{ name: string }>();
  // Newest first: a table that others refer to goes after them.
  await db.exec("PRAGMA foreign_keys = OFF");
  for (const { name } of tables.results) await db.exec(`DROP TABLE "${name}"`);
  await db.exec("PRAGMA foreign_keys = ON");
});

describe("migration 0003, intake states", () => {
  it("turns the inbox's handled mark into the closed state, keeping who marked it and when", async () => {
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

describe("migration 0005, the attorney's day", () => {
  it("waits for “I have sent it” on a decline recorded before the letter had its own step, and keeps when each engagement began", async () => {
    await applyD1Migrations(db, migrationsBefore("0005"));
    const insert = `INSERT INTO contact_submissions (id, name, email, message, created_at, intake_state, intake_changed_at, intake_changed_by)
      VALUES (?, 'Ada Lovelace', 'ada@example.com', 'Hello.', 1767000000000, ?, ?, 'attorney@example.com')`;
    await db.prepare(insert).bind("declined-one", "declined", 1767100000000).run();
    await db.prepare(insert).bind("engaged-one", "engaged", 1767200000000).run();
    await db.prepare(insert).bind("new-one", "new", null).run();
    await db.prepare(insert).bind("new-two", "new", null).run();

    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const { results } = await db
      .prepare(
        "SELECT id, intake_state, intake_changed_at, declined_at, decline_letter_sent_on, engaged_at FROM contact_submissions ORDER BY id",
      )
      .all();
    expect(results).toEqual([
      {
        id: "declined-one",
        intake_state: "declining",
        intake_changed_at: 1767100000000,
        declined_at: 1767100000000,
        decline_letter_sent_on: null,
        engaged_at: null,
      },
      {
        id: "engaged-one",
        intake_state: "engaged",
        intake_changed_at: 1767200000000,
        declined_at: null,
        decline_letter_sent_on: null,
        engaged_at: 1767200000000,
      },
      { id: "new-one", intake_state: "new", intake_changed_at: null, declined_at: null, decline_letter_sent_on: null, engaged_at: null },
      { id: "new-two", intake_state: "new", intake_changed_at: null, declined_at: null, decline_letter_sent_on: null, engaged_at: null },
    ]);

    // The count per intake state starts from the inquiries as they are, then follows them.
    const counts = async () =>
      Object.fromEntries(
        (await db.prepare("SELECT state, count FROM intake_counts").all<{ state: string; count: number }>()).results.map((row) => [
          row.state,
          row.count,
        ]),
      );
    expect(await counts()).toEqual({ declining: 1, engaged: 1, new: 2 });
    await db.prepare("UPDATE contact_submissions SET intake_state = 'closed' WHERE id = 'new-two'").run();
    await db.prepare("DELETE FROM contact_submissions WHERE id = 'engaged-one'").run();
    expect(await counts()).toEqual({ declining: 1, engaged: 0, new: 1, closed: 1 });
  });

  it("deletes an inquiry's notes and conflict checks with it", async () => {
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    await db
      .prepare("INSERT INTO contact_submissions (id, name, email, message, created_at) VALUES ('one', 'Ada', 'ada@example.com', 'Hi.', 1)")
      .run();
    await db.prepare("INSERT INTO inquiry_notes (submission_id, at, author, text) VALUES ('one', 1, 'a@example.com', 'A note.')").run();
    await db
      .prepare(
        "INSERT INTO conflict_checks (submission_id, at, by, names, results, match_count) VALUES ('one', 1, 'a@example.com', '[]', '[]', 0)",
      )
      .run();
    await db.prepare("DELETE FROM contact_submissions WHERE id = 'one'").run();
    for (const table of ["inquiry_notes", "conflict_checks"])
      expect((await db.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n, table).toBe(0);
  });
});

describe("migration 0009, the conflict index", () => {
  it("indexes the words of the inquiries and register entries already stored", async () => {
    await applyD1Migrations(db, migrationsBefore("0009"));
    await db
      .prepare(
        "INSERT INTO contact_submissions (id, name, email, message, created_at, conflict_keys) VALUES ('one', 'Ada Lovelace', 'ada@example.com', 'Hi.', 1, '| ada lovelace | ada example |')",
      )
      .run();
    await db
      .prepare(
        "INSERT INTO register_clients (id, name, keys, created_at, created_by, updated_at, updated_by) VALUES ('c', 'Vale Paper', '| vale paper |', 1, 'a', 1, 'a')",
      )
      .run();
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const { results } = await db.prepare("SELECT source, entry_id, word FROM conflict_words ORDER BY source, entry_id, word").all();
    expect(results).toEqual([
      { source: "client", entry_id: "c", word: "paper" },
      { source: "client", entry_id: "c", word: "vale" },
      { source: "inquiry", entry_id: "one", word: "ada" },
      { source: "inquiry", entry_id: "one", word: "example" },
      { source: "inquiry", entry_id: "one", word: "lovelace" },
    ]);
  });
});
