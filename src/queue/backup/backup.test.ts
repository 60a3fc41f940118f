import { addBusyTime, bookWithOffer, createOffer } from "../../db/bookings.ts";
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { beforeEach, describe, expect, it } from "vitest";
import { backedUpTables, lastFinishedRun, runOf } from "../../db/backups.ts";
import { database } from "../../db/client.ts";
import { runConflictCheck } from "../../db/conflict-check.ts";
import { digestContents } from "../../db/digest.ts";
import { addNote } from "../../db/notes.ts";
import { addClient, addMatter } from "../../db/register.ts";
import { adminActivity, inquiryDigests } from "../../db/schema.ts";
import type { Env, QueueMessage } from "../../env.ts";
import { fetchApp, makeLocalSigningKey } from "../../test/admin.ts";
import { clearSubmissions, storeSubmissions } from "../../test/submissions.ts";
import { buildDigestEmail } from "../digest.ts";
import { backupHandler } from "./handler.ts";
import { BACKUPS_FOLDER, manifestKey, runFolder } from "./manifest.ts";
import { BackupRefused, checkBackup, loadBackup } from "./restore.ts";
import { runsToRemove } from "./retention.ts";
import { PART_ROWS, backupStep, resumeStalledBackups, startBackup } from "./run.ts";
import { backupKey, newBackupSecret } from "./seal.ts";
import { sentLetter } from "../../test/engagement.ts";

/*
 * The nightly backup in workerd, with the real D1 and R2 bindings: every table filled, backed up a part at a
 * time (each message delivered twice), restored into an empty database and compared row by row; a damaged,
 * foreign or unfinished backup refused with the reason; retention; a failing run recorded.
 */

const db = database(env.DB);
const NIGHT = new Date("2026-11-28T10:00:00Z");
const SECRET = newBackupSecret();

/** The Worker's env with a queue that records what is sent, and the backup key set (or not). */
function backupEnv(secret = SECRET) {
  const sent: QueueMessage[] = [];
  const queue = { send: async (body: QueueMessage) => void sent.push(body) } as unknown as Env["CONTACT_QUEUE"];
  return { env: { ...env, CONTACT_QUEUE: queue, BACKUP_KEY: secret } as Env, sent };
}

async function emptyBucket() {
  for (let listed = await env.BACKUPS.list(); listed.objects.length > 0; listed = await env.BACKUPS.list())
    await env.BACKUPS.delete(listed.objects.map((object) => object.key));
  await env.DB.exec("DELETE FROM backup_runs");
}

/** Some of every kind of record, and more log entries than one part holds. */
async function fillEveryTable() {
  await clearSubmissions();
  await env.DB.exec("DELETE FROM admin_activity");
  await env.DB.exec("DELETE FROM inquiry_digests");
  const ids = await storeSubmissions(
    ["Ada Lovelace", "Zoë Müller", "Ada Lovelace"].map((name, i) => ({
      createdAt: new Date(NIGHT.getTime() - (i + 1) * 86_400_000),
      overrides: { name },
    })),
  );
  await addNote(db, ids[0]!, { text: "Called back; a mural commission.", by: "attorney@example.com", now: NIGHT });
  await runConflictCheck(
    db,
    { id: ids[0]!, name: "Ada Lovelace", email: "ada@example.com", organization: null, parties: null },
    { by: "attorney@example.com", now: NIGHT },
  );
  await db.insert(inquiryDigests).values({ week: "2026-11-23", createdAt: NIGHT, since: NIGHT });
  await env.DB.exec("DELETE FROM register_parties; DELETE FROM register_matters; DELETE FROM register_clients");
  const client = await addClient(
    db,
    { name: "Northwind Gallery", email: "office@northwind.example" },
    { by: "attorney@example.com", now: NIGHT },
  );
  await addMatter(
    db,
    client,
    { title: "Mural commission", status: "current", parties: [{ name: "Ortiz Properties", role: "adverse" }] },
    { by: "attorney@example.com", now: NIGHT },
  );
  const { offer } = await createOffer(
    db,
    { submissionId: ids[1]!, kinds: ["video"], kindNames: "Video call", expiresAt: new Date(NIGHT.getTime() + 86_400_000) },
    { by: "attorney@example.com", now: NIGHT },
  );
  const start = NIGHT.getTime() + 3_600_000;
  const meeting = { start, end: start + 1_800_000 };
  await bookWithOffer(
    db,
    offer,
    { kind: "video", meeting, held: meeting, day: { start: NIGHT.getTime(), end: start + 86_400_000 }, perDay: 4 },
    { clientZone: "Europe/Berlin", detail: "Video call" },
    NIGHT,
  );
  await env.DB.exec("DELETE FROM engagement_letters");
  const zoe = { clientName: "Zoë Müller", clientEmail: "zoe@example.com", text: "Dear Zoë,", disclosure: "Notice." };
  await sentLetter(db, ids[1]!, NIGHT, zoe);
  await addBusyTime(db, { start: start + 86_400_000, end: start + 90_000_000 }, "Day off", { by: "attorney@example.com", now: NIGHT });
  await env.DB.exec("DELETE FROM calendar_feed_keys; DELETE FROM calendar_reads");
  await env.DB.exec(
    "INSERT INTO calendar_feed_keys (token_hash, created_at, created_by) VALUES ('0f', 1, 'attorney@example.com'); INSERT INTO calendar_reads (id, read_at, busy_times) VALUES (1, 1, 0)",
  );
  await env.DB.prepare(
    `INSERT INTO admin_activity (at, actor, action, detail)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1) SELECT ?2 + i, 'attorney@example.com', 'viewed', 'entry ' || i FROM n`,
  )
    .bind(PART_ROWS + 20, NIGHT.getTime())
    .run();
  for (const table of await backedUpTables(env.DB)) {
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM "${table}"`).first<{ n: number }>();
    expect(row!.n, `the test fills ${table}`).toBeGreaterThan(0);
  }
}

type BackupMessage = Extract<QueueMessage, { kind: "backup" }>;

/** A queue message as the handler gets it, recording whether it was acked or retried. */
const delivered = (body: BackupMessage, outcome: string[]) =>
  ({
    body,
    attempts: 1,
    ack: () => void outcome.push("ack"),
    retry: () => void outcome.push("retry"),
  }) as unknown as Message<BackupMessage>;

/**
 * Runs the backup to its end as the queue would, through its handler, each message delivered a second time
 * once the first is done; the messages sent, and what each second delivery found.
 */
async function backUp(secret = SECRET) {
  const { env: backup, sent } = backupEnv(secret);
  const run = await startBackup(backup, NIGHT);
  expect(run).toBeDefined();
  const again: string[] = [];
  for (let i = 0; i < sent.length; i += 1) {
    const message = sent[i] as BackupMessage;
    const acked: string[] = [];
    await backupHandler.deliver(delivered(message, acked), backup);
    expect(acked).toEqual(["ack"]);
    again.push(await backupStep(backup, message.run, message.step, NIGHT));
  }
  return { run: run!, sent, again };
}

async function rowsOf(d1: D1Database, table: string) {
  return (await d1.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all()).results;
}

/** RESTORE_DB emptied, then migrated up to `migration`. */
async function freshDatabase(migration: string) {
  const { results } = await env.RESTORE_DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY rowid DESC",
  ).all<{ name: string }>();
  // Newest first: a table that others refer to goes after them.
  await env.RESTORE_DB.exec("PRAGMA foreign_keys = OFF");
  for (const { name } of results) await env.RESTORE_DB.exec(`DROP TABLE "${name}"`);
  await env.RESTORE_DB.exec("PRAGMA foreign_keys = ON");
  await applyD1Migrations(
    env.RESTORE_DB,
    env.TEST_MIGRATIONS.filter((m) => m.name <= migration),
  );
}

beforeEach(emptyBucket);

describe("a nightly backup", () => {
  it("holds every row of every table, sealed, and restores into an empty database row for row", async () => {
    await fillEveryTable();
    const { run, sent, again } = await backUp();
    // A message for each part (one per table but the log, which needs two), then the one that finished the
    // run; a second delivery of any of them recorded nothing.
    expect(sent).toHaveLength((await backedUpTables(env.DB)).length + 2);
    expect(new Set(again)).toEqual(new Set(["not-mine"]));
    const listed = await env.BACKUPS.list({ prefix: runFolder(run) });
    expect(listed.objects.map((object) => object.key)).toContain(manifestKey(run));
    for (const object of listed.objects) {
      const text = new TextDecoder("latin1").decode(await (await env.BACKUPS.get(object.key))!.arrayBuffer());
      expect(text).not.toContain("Lovelace");
      expect(text).not.toContain("entry 1");
    }
    const finished = await lastFinishedRun(db);
    expect(finished?.id).toBe(run);
    expect(finished?.bytes).toBe(listed.objects.reduce((sum, object) => sum + object.size, 0));

    const key = await backupKey(SECRET);
    const manifest = await checkBackup(env.BACKUPS, run, key);
    await freshDatabase(manifest.migration);
    await loadBackup(env.BACKUPS, manifest, key, env.RESTORE_DB);
    for (const table of await backedUpTables(env.DB))
      expect(await rowsOf(env.RESTORE_DB, table), table).toEqual(await rowsOf(env.DB, table));
    // The conflict index is left out, and written again by the restore's inserts.
    const index = (d1: D1Database) => d1.prepare("SELECT * FROM conflict_words ORDER BY source, entry_id, word").all();
    expect((await index(env.RESTORE_DB)).results.length).toBeGreaterThan(0);
    expect((await index(env.RESTORE_DB)).results).toEqual((await index(env.DB)).results);
  });

  it("is refused whole when one byte of one file is changed, before anything is written", async () => {
    await fillEveryTable();
    const { run } = await backUp();
    const key = await backupKey(SECRET);
    const manifest = await checkBackup(env.BACKUPS, run, key);
    const part = manifest.tables.at(-1)!.parts[0]!;
    const bytes = new Uint8Array(await (await env.BACKUPS.get(part.key))!.arrayBuffer());
    bytes[bytes.length >> 1]! ^= 1;
    await env.BACKUPS.put(part.key, bytes);
    await expect(checkBackup(env.BACKUPS, run, key)).rejects.toThrow(
      new BackupRefused(`${part.key} is not the file the manifest names (its size or SHA-256 differs)`),
    );
  });

  it("is refused when made with another key, or not finished", async () => {
    await fillEveryTable();
    const { run } = await backUp();
    await expect(checkBackup(env.BACKUPS, run, await backupKey(newBackupSecret()))).rejects.toThrow(/does not open with this BACKUP_KEY/);
    await env.BACKUPS.delete(manifestKey(run));
    await expect(checkBackup(env.BACKUPS, run, await backupKey(SECRET))).rejects.toThrow(`${manifestKey(run)} is missing`);
    await expect(checkBackup(env.BACKUPS, "../other", await backupKey(SECRET))).rejects.toThrow(/is not a backup's name/);
  });

  it("fails without its key: the reason kept while retried, the run given up and logged once out of retries", async () => {
    await env.DB.exec("DELETE FROM admin_activity");
    const { env: keyless, sent } = backupEnv("");
    const run = await startBackup(keyless, NIGHT);
    const outcome: string[] = [];
    await backupHandler.deliver(delivered(sent[0] as BackupMessage, outcome), keyless);
    expect(outcome).toEqual(["retry"]);
    await expect(backupKey("not base64!")).rejects.toThrow(/BACKUP_KEY is not 32 bytes in base64/);
    expect((await runOf(db, run!))?.failure).toMatch(/BACKUP_KEY is not 32 bytes/);
    await backupHandler.abandon(sent[0] as BackupMessage, keyless);
    await backupHandler.abandon(sent[0] as BackupMessage, keyless);
    expect((await runOf(db, run!))?.failedAt).toBeInstanceOf(Date);
    const logged = await db.select().from(adminActivity).where(eq(adminActivity.action, "backup-failed"));
    expect(logged.map((entry) => entry.detail)).toEqual([expect.stringMatching(new RegExp(`^${run}: BACKUP_KEY is not 32 bytes`))]);
  });

  it("whose next message was lost is sent it again by the sweep; one going for a day is given up", async () => {
    await env.DB.exec("DELETE FROM admin_activity");
    const { env: backup, sent } = backupEnv();
    const run = await startBackup(backup, NIGHT);
    expect(await startBackup(backup, new Date(NIGHT.getTime() + 60_000))).toBeUndefined(); // one at a time
    await resumeStalledBackups(backup, new Date(NIGHT.getTime() + 5 * 60_000));
    expect(sent).toHaveLength(1);
    await resumeStalledBackups(backup, new Date(NIGHT.getTime() + 20 * 60_000));
    expect(sent).toEqual([sent[0], { kind: "backup", run, step: 0 }]);
    await resumeStalledBackups(backup, new Date(NIGHT.getTime() + 25 * 60 * 60_000));
    expect((await runOf(db, run!))?.failure).toBe("did not finish within a day");
  });
});

describe("retention of backups", () => {
  const finished = (id: string) => ({ id, finishedAt: new Date(0), failedAt: null });
  /** One run a night from `from`, for `nights` nights, named as runs are. */
  const nightly = (from: string, nights: number) =>
    Array.from({ length: nights }, (_, i) => {
      const day = new Date(new Date(`${from}T10:00:00Z`).getTime() + i * 86_400_000);
      return finished(day.toISOString().replace(".000Z", "Z").replaceAll(":", "-"));
    });

  it("keeps the newest nights and the first of each of the newest months, removing the rest", () => {
    const runs = nightly("2024-01-01", 800);
    const removed = new Set(runsToRemove(runs, { nights: 35, months: 24 }, new Date()));
    const kept = runs.map((run) => run.id).filter((id) => !removed.has(id));
    expect(kept.slice(-35)).toEqual(runs.slice(-35).map((run) => run.id));
    const monthly = kept.slice(0, -35);
    expect(monthly.every((id) => id.slice(8, 10) === "01")).toBe(true);
    expect(new Set(kept.map((id) => id.slice(0, 7))).size).toBe(24);
  });

  it("removes a failed run after a week, never one still going", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    const runs = [
      { id: "2026-11-01T10-00-00Z", finishedAt: null, failedAt: new Date("2026-11-01T11:00:00Z") },
      { id: "2026-11-27T10-00-00Z", finishedAt: null, failedAt: new Date("2026-11-27T11:00:00Z") },
      finished("2026-11-28T10-00-00Z"),
    ];
    expect(runsToRemove(runs, { nights: 35, months: 24 }, now)).toEqual(["2026-11-01T10-00-00Z"]);
  });

  it("deletes the removed runs' files and nothing the job did not write", async () => {
    await fillEveryTable();
    await env.BACKUPS.put(`${BACKUPS_FOLDER}README.txt`, "an operator's note");
    await env.BACKUPS.put("elsewhere/2020-01-01T10-00-00Z/manifest.json.gz.aes", "not ours");
    await env.DB.prepare(
      "INSERT INTO backup_runs (id, started_at, updated_at, failed_at, failure, cursor, files) VALUES (?1, 0, 0, 0, 'old', '{}', '[]')",
    )
      .bind("2020-01-01T10-00-00Z")
      .run();
    await env.BACKUPS.put(`${runFolder("2020-01-01T10-00-00Z")}part`, "x");
    await backUp();
    const keys = (await env.BACKUPS.list()).objects.map((object) => object.key);
    expect(keys).toContain(`${BACKUPS_FOLDER}README.txt`);
    expect(keys).toContain("elsewhere/2020-01-01T10-00-00Z/manifest.json.gz.aes");
    expect(keys.some((key) => key.startsWith(runFolder("2020-01-01T10-00-00Z")))).toBe(false);
  });
});

describe("the last backup, as the attorney is told", () => {
  const HOUR = 60 * 60_000;

  it("is in the weekly digest only when it is more than 36 hours old, or there is none", async () => {
    const contents = await digestContents(db, { since: new Date(0), until: NIGHT }, { erase: new Date(0), delete: new Date(0) });
    const digest = async (lastBackup: (typeof contents)["lastBackup"]) =>
      (
        await PostalMime.parse(
          buildDigestEmail({ ...contents, lastBackup }, "https://practice.example", { from: "a@b.example", to: "c@d.example" }, NIGHT),
        )
      ).text;
    const recent = { id: "2026-11-28T10-00-00Z", finishedAt: new Date(NIGHT.getTime() - 2 * HOUR), bytes: 2_400_000 };
    expect(await digest(recent)).not.toContain("Last backup");
    expect(await digest({ ...recent, finishedAt: new Date(NIGHT.getTime() - 37 * HOUR) })).toMatch(
      /Last backup of the inquiries: .*, 2\.4 MB, encrypted\. That is more than 36 hours ago/,
    );
    expect(await digest(undefined)).toContain("No backup of the inquiries has finished yet");
  });

  it("is on every inbox page, with its time and size", async () => {
    await fillEveryTable();
    await backUp();
    const signedIn = { ADMIN_LOCAL_SIGNING_KEY: await makeLocalSigningKey() };
    const page = await (await fetchApp("http://localhost:8787/admin", {}, signedIn)).text();
    const { bytes } = (await lastFinishedRun(db))!;
    expect(page).toContain(`, ${(bytes / 1000).toFixed(0)} KB, encrypted.`);
    expect(page).toMatch(/Last backup of the inquiries: [A-Z][a-z]{2} \d+, 2026, \d+:\d{2}/);
  });
});
