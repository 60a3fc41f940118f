/**
 * `npm run bench:inbox`: how the inquiry inbox's queries hold up with 50,000 submissions. Seeds a local D1
 * of its own (.wrangler/bench-inbox, migrated like production) with ROWS inquiries spread over two years,
 * then times the inbox's data functions (the same ones the pages call) through wrangler's local D1 binding
 * and prints each query's median time (interleaved rounds) and SQLite's query plan. ROWS (default 50000) and RUNS (default 25)
 * can be changed.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { countFailed, listInbox } from "../src/db/inbox.ts";
import { conflictQuery } from "../src/db/conflict-names.ts";
import { searchConflicts } from "../src/db/conflicts.ts";
import { submissionsFrom } from "../src/db/privacy.ts";
import { database } from "../src/db/client.ts";
import { openDatabase } from "../scripts/lib/d1.ts";
import { median } from "./lib/median.ts";

const ROWS = Number(process.env.ROWS ?? 50_000);
const RUNS = Number(process.env.RUNS ?? 25);
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
  ['search, many matches ("visitor-1")', async () => (await listInbox(db, { search: "visitor-1" }, {}, at)).rows.length],
  ["search, no match (whole table)", async () => (await listInbox(db, { search: "nobody-by-this-name" }, {}, at)).rows.length],
  ["failed count (every page)", async () => countFailed(db)],
  ["one address (privacy page, export)", async () => (await submissionsFrom(db, "Visitor-123@example.com")).length],
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
} finally {
  await close();
  rmSync(STATE, { recursive: true, force: true });
}
