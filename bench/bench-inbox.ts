/**
 * `npm run bench:inbox`: how the inquiry inbox's queries hold up with 50,000 submissions. Seeds a local D1
 * of its own (.wrangler/bench-inbox, migrated like production) with ROWS inquiries spread over two years
 * (with where each came from, follow-ups, engagements), 100,000 activity entries and a conflict register of
 * REGISTER_ENTRIES names (default 20000: clients and the parties on their matters), then times the inbox's
 * data functions (the same ones the pages call) through wrangler's local D1 binding and prints each query's
 * median time (interleaved rounds) and SQLite's query plan; then the CSV export of the whole list and the
 * weekly digest, whole; then the nightly backup of it all, step by step. ROWS (default 50000) and RUNS
 * (default 25) can be changed.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { EXPORT_BATCH, inboxCsv } from "../src/admin/inbox/export.ts";
import { activityActors, activityPage } from "../src/db/activity.ts";
import { database } from "../src/db/client.ts";
import { runConflictCheck } from "../src/db/conflict-check.ts";
import { conflictQuery } from "../src/db/conflict-names.ts";
import { searchConflicts } from "../src/db/conflicts.ts";
import { searchRegister } from "../src/db/register.ts";
import { digestContents } from "../src/db/digest.ts";
import { countFailed, countInbox, inboxExportBatch, listInbox } from "../src/db/inbox.ts";
import { countFrom, submissionsFrom } from "../src/db/privacy.ts";
import { getPlatformProxy } from "wrangler";
import type { Env, QueueMessage } from "../src/env.ts";
import { backupStep, startBackup } from "../src/queue/backup/run.ts";
import { newBackupSecret } from "../src/queue/backup/seal.ts";
import { openDatabase } from "../scripts/lib/d1.ts";
import { median } from "./lib/median.ts";

const ROWS = Number(process.env.ROWS ?? 50_000);
const RUNS = Number(process.env.RUNS ?? 25);
const REGISTER_ENTRIES = Number(process.env.REGISTER_ENTRIES ?? 20_000);
const STATE = ".wrangler/bench-inbox";
const MINUTES_APART = 20;

rmSync(STATE, { recursive: true, force: true });
execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { stdio: "ignore" });
const { d1, close } = await openDatabase({ persistTo: STATE });

/**
 * One statement seeds every row: inquiries 20 minutes apart, newest first; about 1% failed, the ten
 * newest still pending (two of them retrying), nine in ten of the older ones past intake (cleared), the rest
 * new; every row with its conflict search keys; 20,000 addresses.
 */
const now = Date.now();
const seedStarted = performance.now();
await d1
  .prepare(
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?1)
     INSERT INTO contact_submissions (id, name, email, organization, message, created_at, notification_status,
       notification_attempts, notified_at, queued_at, notification_error, notification_last_attempt_at, intake_state,
       intake_changed_at, intake_changed_by, conflict_keys)
     SELECT printf('%08x-%04x-4%03x-8%03x-%012x', n, n % 65536, n % 4096, n % 4096, n),
       'Visitor ' || n, 'visitor-' || (n % 20000) || '@example.com',
       CASE WHEN n % 3 = 0 THEN NULL ELSE 'Studio ' || n END,
       'Inquiry ' || n || ' about licensing artwork for an exhibition.' || char(10) || 'A second line of detail.',
       ?2 - n * ?3,
       CASE WHEN n <= 10 THEN 'pending' WHEN n % 100 = 7 THEN 'failed' ELSE 'sent' END,
       CASE WHEN n % 100 = 7 THEN 6 WHEN n <= 2 THEN 2 WHEN n <= 10 THEN 0 ELSE 1 END,
       CASE WHEN n > 10 AND n % 100 <> 7 THEN ?2 - n * ?3 + 2000 END,
       ?2 - n * ?3,
       CASE WHEN n % 100 = 7 THEN 'E-mail not delivered after every retry; last error: Error: upstream unavailable'
            WHEN n <= 2 THEN 'Error: upstream unavailable' END,
       CASE WHEN n > 10 OR n <= 2 THEN ?2 - n * ?3 + 1000 END,
       CASE WHEN n > 200 AND n % 10 <> 0 THEN 'cleared' ELSE 'new' END,
       CASE WHEN n > 200 AND n % 10 <> 0 THEN ?2 - n * ?3 + 86400000 END,
       CASE WHEN n > 200 AND n % 10 <> 0 THEN 'attorney@example.com' END,
       '| visitor ' || n || ' | visitor ' || (n % 20000) || ' example |' || CASE WHEN n % 3 = 0 THEN '' ELSE ' studio ' || n || ' |' END
     FROM seq`,
  )
  .bind(ROWS, now, MINUTES_APART * 60_000)
  .run();
/*
 * Where they came from: half from an outside site (a dozen of them), the rest none; the form sent from the
 * contact page, an article (40 of them) or a service page; the visit's first page likewise. One in twenty
 * engaged, one in two hundred with a follow-up day around today, one in ten answering "how did you hear".
 */
await d1
  .prepare(
    `UPDATE contact_submissions SET
       referrer_host = CASE WHEN rowid % 2 = 0 THEN 'site-' || (rowid % 12) || '.example.org' END,
       source_page = CASE rowid % 5 WHEN 0 THEN '/services/creative-tech' WHEN 1 THEN '/blog/article-' || (rowid % 40) ELSE '/contact' END,
       landing_page = CASE rowid % 3 WHEN 0 THEN '/' ELSE '/blog/article-' || (rowid % 40) END,
       engaged_at = CASE WHEN rowid % 20 = 0 THEN created_at + 86400000 END,
       follow_up_on = CASE WHEN rowid % 200 = 0 THEN date(?1 / 1000 + (rowid % 30 - 15) * 86400, 'unixepoch') END,
       heard = CASE WHEN rowid % 10 = 0 THEN 'A workshop at the library' END`,
  )
  .bind(now)
  .run();
/** The activity log: 100,000 entries over the same time, four in five of them views, three people. */
await d1
  .prepare(
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 100000)
     INSERT INTO admin_activity (at, actor, action, submission_id, detail)
     SELECT ?1 - n * 600000, CASE n % 3 WHEN 0 THEN 'attorney@example.com' WHEN 1 THEN 'partner@example.com' ELSE 'assistant@example.com' END,
       CASE WHEN n % 5 < 4 THEN 'viewed' WHEN n % 10 = 4 THEN 'note' ELSE 'intake' END,
       printf('%08x-%04x-4%03x-8%03x-%012x', n % ?2 + 1, (n % ?2 + 1) % 65536, (n % ?2 + 1) % 4096, (n % ?2 + 1) % 4096, n % ?2 + 1),
       CASE WHEN n % 10 = 9 THEN 'New → Conflict cleared' END
     FROM seq`,
  )
  .bind(now, ROWS)
  .run();
/*
 * The conflict register: REGISTER_ENTRIES names, a third of them clients (each with a matter, one in four of
 * those closed) and two thirds parties on those matters, adverse or related; names like the inquiries', so a
 * check's words find candidates in both.
 */
const clientCount = Math.round(REGISTER_ENTRIES / 3);
await d1
  .prepare(
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?1)
     INSERT INTO register_clients (id, name, email, keys, created_at, created_by, updated_at, updated_by)
     SELECT 'client-' || n, 'Client ' || n, CASE WHEN n % 2 = 0 THEN 'client-' || n || '@example.net' END,
       '| client ' || n || ' |' || CASE WHEN n % 2 = 0 THEN ' client ' || n || ' example |' ELSE '' END,
       ?2, 'attorney@example.com', ?2, 'attorney@example.com'
     FROM seq`,
  )
  .bind(clientCount, now)
  .run();
await d1
  .prepare(
    `INSERT INTO register_matters (id, client_id, title, status, created_at, created_by, updated_at, updated_by)
     SELECT 'matter-' || substr(id, 8), id, 'Matter of ' || name, CASE WHEN rowid % 4 = 0 THEN 'closed' ELSE 'current' END,
       ?1, 'attorney@example.com', ?1, 'attorney@example.com'
     FROM register_clients`,
  )
  .bind(now)
  .run();
await d1
  .prepare(
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?1)
     INSERT INTO register_parties (id, matter_id, name, role, keys, created_at, created_by, updated_at, updated_by)
     SELECT 'party-' || n, 'matter-' || (n % CAST(?2 AS INTEGER) + 1), 'Party ' || n, CASE WHEN n % 2 = 0 THEN 'adverse' ELSE 'related' END,
       '| party ' || n || ' |', ?3, 'attorney@example.com', ?3, 'attorney@example.com'
     FROM seq`,
  )
  .bind(REGISTER_ENTRIES - clientCount, clientCount, now)
  .run();
const seedSeconds = (performance.now() - seedStarted) / 1000;

/** The statements the data layer sends, recorded so their query plans can be shown. */
const sent: { sql: string; params: unknown[] }[] = [];
const recorded = new Proxy(d1, {
  get(target, key) {
    if (key !== "prepare") {
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    }
    return (sql: string) => {
      const entry = { sql, params: [] as unknown[] };
      sent.push(entry);
      const statement = target.prepare(sql);
      return new Proxy(statement, {
        get(inner, innerKey) {
          if (innerKey === "bind")
            return (...params: unknown[]) => {
              entry.params = params;
              return inner.bind(...params);
            };
          const value = Reflect.get(inner, innerKey);
          return typeof value === "function" ? value.bind(inner) : value;
        },
      });
    };
  },
});
const db = database(recorded);

const deep = (await d1
  .prepare("SELECT created_at, id FROM contact_submissions ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?")
  .bind(Math.floor(ROWS * 0.8))
  .first<{ created_at: number; id: string }>())!;
const at = new Date(now);
/** An inquiry naming a common organization and two parties, as the check reads it. */
const checked = {
  id: deep.id,
  name: "Visitor 40000",
  email: "visitor-0@example.com",
  organization: "Studio 123",
  parties: "Party 9\nNorthwind",
};

const queries: [string, () => Promise<number>][] = [
  ["SELECT 1: the binding's round trip alone", async () => (await recorded.prepare("SELECT 1 AS one").all()).results.length],
  ["newest page (25)", async () => (await listInbox(db, {}, {}, at)).rows.length],
  [
    "page 80% down, by cursor",
    async () => (await listInbox(db, {}, { before: { createdAt: deep.created_at, id: deep.id } }, at)).rows.length,
  ],
  ["newer page, by cursor", async () => (await listInbox(db, {}, { after: { createdAt: deep.created_at, id: deep.id } }, at)).rows.length],
  ["state = failed", async () => (await listInbox(db, { state: "failed" }, {}, at)).rows.length],
  ["state = retrying", async () => (await listInbox(db, { state: "retrying" }, {}, at)).rows.length],
  ["state = stuck", async () => (await listInbox(db, { state: "stuck" }, {}, at)).rows.length],
  ["intake = new (no conflict check yet)", async () => (await listInbox(db, { intake: "new" }, {}, at)).rows.length],
  ['conflict search, many matches ("Studio")', async () => (await searchConflicts(db, conflictQuery("Studio")!)).length],
  ["conflict search, no match (every row's keys)", async () => (await searchConflicts(db, conflictQuery("Nobody Byname")!)).length],
  [
    "register search, no match (every client's and party's keys)",
    async () => (await searchRegister(db, conflictQuery("Nobody Byname")!)).length,
  ],
  ['register search, a party ("Party 7")', async () => (await searchRegister(db, conflictQuery("Party 7")!)).length],
  ['search, many matches ("visitor-1")', async () => (await listInbox(db, { search: "visitor-1" }, {}, at)).rows.length],
  ["search, no match (whole table)", async () => (await listInbox(db, { search: "nobody-by-this-name" }, {}, at)).rows.length],
  ["failed count (every page)", async () => countFailed(db)],
  ["counts per intake state, follow-ups due (the list)", async () => Object.keys((await countInbox(db, at)).intake).length],
  ["came from a page (sent from, or first page)", async () => (await listInbox(db, { source: "/blog/article-7" }, {}, at)).rows.length],
  ["came from a site", async () => (await listInbox(db, { source: "site-4.example.org" }, {}, at)).rows.length],
  ["follow-ups due", async () => (await listInbox(db, { followUp: "due" }, {}, at)).rows.length],
  ["one address: a page of the look-up", async () => (await submissionsFrom(db, "Visitor-123@example.com")).length],
  ["one address: how many (look-up, deletion)", async () => countFrom(db, "Visitor-123@example.com")],
  [
    "one CSV batch (500), 80% down",
    async () => (await inboxExportBatch(db, {}, { createdAt: deep.created_at, id: deep.id }, at, 500)).length,
  ],
  ["activity: changes, newest page", async () => (await activityPage(db, { filter: { views: false } })).entries.length],
  ["activity: views, newest page", async () => (await activityPage(db, { filter: { views: true } })).entries.length],
  ["activity: one action (notes)", async () => (await activityPage(db, { filter: { action: "note" } })).entries.length],
  [
    "activity: one person's changes",
    async () => (await activityPage(db, { filter: { views: false, actor: "partner@example.com" } })).entries.length,
  ],
  ["activity: the people (its filter)", async () => (await activityActors(db)).length],
  [
    "check all names of an inquiry (4 names, recorded)",
    async () => {
      const run = await runConflictCheck(db, checked, { by: "attorney@example.com", now: at });
      return run.kind === "checked" ? run.check.matchCount : 0;
    },
  ],
];

console.log(
  `Seeded ${ROWS.toLocaleString("en-US")} submissions in ${seedSeconds.toFixed(1)} s. ${RUNS} interleaved rounds after a warm-up, median shown, timed in Node through wrangler's local D1 binding (round trip included); 1-minute load average ${loadavg()[0]!.toFixed(1)}:\n`,
);
try {
  // Interleaved rounds: a burst of load on the shared machine slows every query alike, not one of them.
  const times = queries.map(() => [] as number[]);
  const rows: number[] = [];
  for (const [, query] of queries) rows.push(await query());
  for (let round = 0; round < RUNS; round++) {
    for (const [i, [, query]] of queries.entries()) {
      const started = performance.now();
      await query();
      times[i]!.push(performance.now() - started);
    }
  }
  console.log("| query | rows | median ms | SQLite's plan |");
  console.log("|---|---:|---:|---|");
  for (const [i, [label, query]] of queries.entries()) {
    sent.length = 0;
    await query();
    const { sql, params } = sent.at(-1)!;
    const plan = await d1
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    console.log(`| ${label} | ${rows[i]} | ${median(times[i]!).toFixed(1)} | ${plan.results.map((step) => step.detail).join("; ")} |`);
  }

  // The CSV export of the whole list, streamed as the route streams it: the time through the local binding, the
  // largest part held at once, and the share of it that is the Worker's own CPU (formatting), not D1's.
  const exports: { total: number; bytes: number; largestPart: number }[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    let bytes = 0;
    let largestPart = 0;
    const reader = inboxCsv(db, {}, at, "https://example.com").getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      bytes += part.value.byteLength;
      largestPart = Math.max(largestPart, part.value.byteLength);
    }
    exports.push({ total: performance.now() - started, bytes, largestPart });
  }
  const readsAlone: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    let before: { createdAt: number; id: string } | undefined;
    for (;;) {
      const rows = await inboxExportBatch(db, {}, before, at, EXPORT_BATCH);
      if (rows.length < EXPORT_BATCH) break;
      before = { createdAt: rows.at(-1)!.createdAt.getTime(), id: rows.at(-1)!.id };
    }
    readsAlone.push(performance.now() - started);
  }
  const csv = exports[0]!;
  const exportMs = median(exports.map((run) => run.total));
  console.log(
    `\nCSV export of all ${ROWS.toLocaleString("en-US")} inquiries (median of 3): ${exportMs.toFixed(0)} ms in all, ${median(readsAlone).toFixed(0)} ms of it D1's ${Math.ceil(ROWS / EXPORT_BATCH)} reads of ${EXPORT_BATCH}; formatting (the Worker's CPU) about ${(exportMs - median(readsAlone)).toFixed(0)} ms; ${(csv.bytes / 1024 / 1024).toFixed(1)} MiB; the largest part held at once ${(csv.largestPart / 1024).toFixed(0)} KiB.`,
  );

  // The weekly digest, whole: every list bounded, and the 90 days' sources.
  const digestTimes: number[] = [];
  let digestSize = 0;
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    const contents = await digestContents(
      db,
      { since: new Date(now - 7 * 24 * 60 * 60_000), until: at },
      { erase: new Date(now - 700 * 24 * 60 * 60_000), delete: new Date(now - 3650 * 24 * 60 * 60_000) },
    );
    digestTimes.push(performance.now() - started);
    digestSize = JSON.stringify(contents).length;
  }
  console.log(
    `Weekly digest's contents (every list at most 50, sources over 90 days; median of 5): ${median(digestTimes).toFixed(0)} ms, ${(digestSize / 1024).toFixed(0)} KiB as JSON.`,
  );
} finally {
  await close();
}

/**
 * The nightly backup of all of it, step by step as the queue runs it (src/queue/backup), through wrangler's
 * local D1 and R2 bindings: each step's CPU in this process (the sealing; the reads are the bindings'), its
 * time, and what the bucket holds at the end.
 */
const platform = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: `${STATE}/v3` }, remoteBindings: false });
try {
  const sent: QueueMessage[] = [];
  const env = {
    ...platform.env,
    BACKUP_KEY: newBackupSecret(),
    CONTACT_QUEUE: { send: async (body: QueueMessage) => void sent.push(body) },
  } as unknown as Env;
  const started = performance.now();
  await startBackup(env, new Date());
  const steps: { ms: number; cpuMs: number }[] = [];
  for (let i = 0; i < sent.length; i += 1) {
    const message = sent[i] as Extract<QueueMessage, { kind: "backup" }>;
    const cpu = process.cpuUsage();
    const stepStarted = performance.now();
    await backupStep(env, message.run, message.step, new Date());
    const used = process.cpuUsage(cpu);
    steps.push({ ms: performance.now() - stepStarted, cpuMs: (used.user + used.system) / 1000 });
  }
  let bytes = 0;
  for (let listed = await env.BACKUPS.list(); ; listed = await env.BACKUPS.list({ cursor: listed.cursor })) {
    bytes += listed.objects.reduce((sum, object) => sum + object.size, 0);
    if (!listed.truncated) break;
  }
  const slowest = steps.reduce((most, step) => (step.ms > most.ms ? step : most));
  console.log(
    `Nightly backup of all of it: ${steps.length} steps (queue messages) in ${((performance.now() - started) / 1000).toFixed(1)} s; the slowest step ${slowest.ms.toFixed(0)} ms, at most ${Math.max(...steps.map((step) => step.cpuMs)).toFixed(0)} ms of CPU in a step; ${(bytes / 1_000_000).toFixed(1)} MB in R2, encrypted.`,
  );
} finally {
  await platform.dispose();
  rmSync(STATE, { recursive: true, force: true });
}
