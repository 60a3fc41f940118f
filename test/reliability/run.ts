/**
 * `npm run test:reliability`: starts the built site locally (wrangler dev: real local D1, queues and e-mail
 * capture) wrapped by test/support/fault-worker.ts, and checks what the contact pipeline promises:
 *
 *   load      1,000 submissions from 50 concurrent clients: stored = accepted, e-mails = rows, no 5xx
 *   e-mail    a share of e-mail attempts fail: every submission ends with exactly one e-mail or a dead letter;
 *             every attempt fails: each submission is retried six times, then recorded as failed
 *   D1        the database fails: the visitor gets the error answer and nothing is half-stored
 *   queue     the queue fails: visitors still get success, and the sweep delivers once it is back
 *   killed    the server is killed (SIGKILL) while visitors post: every post answered 201 is stored, and
 *             after a restart on the same database the sweep e-mails every stored row
 *   input     hostile and malformed requests: no 5xx, nothing invalid stored, markup kept verbatim and escaped
 *   booking   50 links posting for one time at once, one link 20 times, the server killed mid-storm
 *             (./bookings.ts): one booking each time, nothing answered lost, each booking confirmed once
 *
 * Prints a table and exits non-zero when any promise is broken. Run `npm run build` first (it does).
 * Traffic goes only to 127.0.0.1. Sizes can be changed: LOAD_SUBMISSIONS, LOAD_CONCURRENCY, FAULT_SUBMISSIONS.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadContent } from "../../build/content/load.ts";
import { LEASE_MS } from "../../src/db/delivery.ts";
import { type Lab, afterBookingKill, bookingKill, bookingStorms } from "./bookings.ts";
import { hostileRequests } from "./hostile-requests.ts";

const LOAD_SUBMISSIONS = Number(process.env.LOAD_SUBMISSIONS ?? 1000);
const LOAD_CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 50);
const FAULT_SUBMISSIONS = Number(process.env.FAULT_SUBMISSIONS ?? 100);
const EMAIL_FAILURE_RATE = 0.3;
const STATE_DIR = ".wrangler/reliability";
const PORT = Number(process.env.RELIABILITY_PORT ?? 8797);
const BASE = `http://127.0.0.1:${PORT}`;

interface Check {
  readonly scenario: string;
  readonly measure: string;
  readonly value: string;
  readonly ok: boolean;
}
const checks: Check[] = [];
const check = (scenario: string, measure: string, value: string | number, ok = true) => {
  checks.push({ scenario, measure, value: String(value), ok });
  console.log(`${ok ? "  ok " : "  FAIL"} ${scenario}: ${measure} = ${value}`);
};
/** Every post of a scenario answered 201. */
const checkAllAccepted = (scenario: string, results: readonly { readonly status: number }[]) =>
  check(
    scenario,
    "accepted (201)",
    results.filter((r) => r.status === 201).length,
    results.every((r) => r.status === 201),
  );

// ---------------------------------------------------------------------------------------------- server

let server: ChildProcess | undefined;

async function startServer(vars: Record<string, string> = {}) {
  // The load scenario stores 1,000 messages in seconds, far past the site's cap per minute: the cap is not
  // what it measures (src/worker/security.test.ts tests it).
  const flags = Object.entries({
    NOTIFY_RETRY_BASE_SECONDS: "0",
    RELIABILITY_REPORT: "on",
    CONTACT_SUBMISSIONS_PER_MINUTE: "1000000",
    ...vars,
  }).flatMap(([key, value]) => ["--var", `${key}:${value}`]);
  server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "test/support/fault-worker.ts",
      "-c",
      "dist/worker/wrangler.json",
      // The Worker sees the local address, not the Custom Domain of wrangler.toml's routes.
      "--infer-origin-from-routes=false",
      "--bundle",
      "--ip",
      "127.0.0.1",
      "--port",
      String(PORT),
      // Its own DevTools port: wrangler otherwise takes 9229 if free, and a browser test's server starting at
      // the same moment can find it free too, then fail to bind it.
      "--inspector-port",
      String(PORT + 1000),
      "--persist-to",
      STATE_DIR,
      "--log-level",
      "error",
      ...flags,
    ],
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  let stderr = "";
  server.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/__reliability/submissions?domain=none`)).ok) return;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) break;
    await sleep(300);
  }
  throw new Error(`wrangler dev did not start:\n${stderr}`);
}

/** Kills the server and everything it started at once, as a crash or an eviction would: no clean-up runs. */
async function killServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  process.kill(-server.pid!, "SIGKILL");
  await exited;
}

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  process.kill(-server.pid!, "SIGTERM");
  await Promise.race([exited, sleep(10_000)]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The server runs in a process group of its own (so a kill reaches all of it): stopping this run stops it too.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGKILL");
    process.exit(1);
  });
}

// ------------------------------------------------------------------------------------------- requests

let addressCounter = 0;
/** Each simulated visitor has an address of their own, as real visitors do (the rate limit is per address). */
const nextAddress = () => `2001:db8:${(++addressCounter).toString(16)}::1`;

interface Visitor {
  name: string;
  email: string;
  organization: string;
  message: string;
}

const visitor = (domain: string, i: number): Visitor => ({
  name: `Visitor ${i}`,
  email: `visitor-${i}@${domain}`,
  organization: i % 3 === 0 ? "" : `Studio ${i}`,
  message: `Message ${i} for the reliability run.\nSecond line.`,
});

async function post(body: string, contentType = "application/json", init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${BASE}/api/contact`, {
    method: "POST",
    redirect: "manual",
    ...init,
    headers: { "content-type": contentType, origin: BASE, "cf-connecting-ip": nextAddress(), ...(init.headers as Record<string, string>) },
    body: init.method === "GET" || init.method === "HEAD" ? undefined : body,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function pool<T, R>(items: readonly T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!);
      }
    }),
  );
  return results;
}

interface StoredRow {
  id: string;
  name: string;
  email: string;
  organization: string | null;
  message: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
}
const storedRows = async (domain: string) =>
  (await (await fetch(`${BASE}/__reliability/submissions?domain=${domain}`)).json()) as StoredRow[];

interface CapturedMail {
  replyTo?: string;
  to?: string | string[];
  subject: string;
}
/** Every e-mail the local send_email binding captured (all pages of the listing, which pages by cursor). */
async function capturedMails(): Promise<CapturedMail[]> {
  const mails: CapturedMail[] = [];
  let cursor = "";
  for (;;) {
    const url = `${BASE}/cdn-cgi/local/explorer/api/local/email/sending?per_page=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const listing = (await (await fetch(url)).json()) as { result: CapturedMail[]; result_info: { has_more: boolean; cursor?: string } };
    mails.push(...listing.result);
    if (!listing.result_info.has_more || !listing.result_info.cursor || listing.result.length === 0) return mails;
    cursor = listing.result_info.cursor;
  }
}
const mailsFor = async (domain: string) => (await capturedMails()).filter((mail) => mail.replyTo?.includes(`@${domain}>`));

/**
 * Waits until no row of the run is pending (every notification sent or dead-lettered), for as long as the
 * rows keep settling: it gives up only after `stallMs` in which none did, so a busy machine that delivers
 * slowly is waited for, and a queue that stopped is not.
 */
async function settled(domain: string, stallMs: number): Promise<StoredRow[]> {
  let pending = Number.POSITIVE_INFINITY;
  let deadline = Date.now() + stallMs;
  for (;;) {
    const rows = await storedRows(domain);
    const left = rows.filter((row) => row.status === "pending").length;
    if (left < pending) [pending, deadline] = [left, Date.now() + stallMs];
    if (left === 0 || Date.now() > deadline) return rows;
    await sleep(1000);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const countBy = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((acc, item) => {
    acc[key(item)] = (acc[key(item)] ?? 0) + 1;
    return acc;
  }, {});

// ------------------------------------------------------------------------------------------ scenarios

async function loadScenario() {
  const domain = `load-${Date.now()}.example`;
  const visitors = Array.from({ length: LOAD_SUBMISSIONS }, (_, i) => visitor(domain, i));
  const started = performance.now();
  const results = await pool(visitors, LOAD_CONCURRENCY, (v) => post(JSON.stringify(v)));
  const seconds = (performance.now() - started) / 1000;
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const accepted = results.filter((r) => r.status === 201).length;
  const serverErrors = results.filter((r) => r.status >= 500).length;
  const rows = await settled(domain, 180_000);
  const mails = await mailsFor(domain);
  const scenario = `load (${LOAD_SUBMISSIONS} at ${LOAD_CONCURRENCY} concurrent)`;
  check(scenario, "accepted (201)", accepted, accepted === LOAD_SUBMISSIONS);
  check(scenario, "5xx answers", serverErrors, serverErrors === 0);
  check(scenario, "rows stored", rows.length, rows.length === accepted);
  check(scenario, "e-mails sent", mails.length, mails.length === rows.length);
  check(
    scenario,
    "rows marked sent",
    rows.filter((r) => r.status === "sent").length,
    rows.every((r) => r.status === "sent"),
  );
  check(scenario, "throughput", `${(results.length / seconds).toFixed(0)} req/s`);
  check(scenario, "latency p50 / p99", `${percentile(latencies, 50).toFixed(0)} ms / ${percentile(latencies, 99).toFixed(0)} ms`);
}

async function emailFaultScenario() {
  const domain = `email-faults-${Date.now()}.example`;
  const visitors = Array.from({ length: FAULT_SUBMISSIONS }, (_, i) => visitor(domain, i));
  const results = await pool(visitors, 10, (v) => post(JSON.stringify(v)));
  // Six attempts with 1 s doubling backoff take about a minute in the worst case.
  const rows = await settled(domain, 150_000);
  const mails = await mailsFor(domain);
  const perVisitor = countBy(mails, (mail) => mail.replyTo!);
  const duplicates = Object.values(perVisitor).filter((n) => n > 1).length;
  const sent = rows.filter((r) => r.status === "sent");
  const failed = rows.filter((r) => r.status === "failed");
  const scenario = `e-mail failing ${EMAIL_FAILURE_RATE * 100}% of attempts`;
  checkAllAccepted(scenario, results);
  check(
    scenario,
    "rows sent / dead-lettered / pending",
    `${sent.length} / ${failed.length} / ${rows.length - sent.length - failed.length}`,
    sent.length + failed.length === FAULT_SUBMISSIONS,
  );
  check(scenario, "e-mails captured", mails.length, mails.length === sent.length);
  check(scenario, "submissions e-mailed twice", duplicates, duplicates === 0);
  check(scenario, "retried submissions", rows.filter((r) => r.attempts > 1).length);
}

async function deadLetterScenario() {
  const domain = `dead-letters-${Date.now()}.example`;
  const results = await pool(
    Array.from({ length: 5 }, (_, i) => visitor(domain, i)),
    5,
    (v) => post(JSON.stringify(v)),
  );
  const rows = await settled(domain, 150_000);
  const mails = await mailsFor(domain);
  const scenario = "e-mail failing every attempt";
  checkAllAccepted(scenario, results);
  check(
    scenario,
    "rows dead-lettered (marked failed)",
    rows.filter((r) => r.status === "failed").length,
    rows.length === 5 && rows.every((r) => r.status === "failed"),
  );
  check(
    scenario,
    "attempts per row",
    [...new Set(rows.map((r) => r.attempts))].join(", "),
    rows.every((r) => r.attempts === 6),
  );
  check(scenario, "e-mails captured", mails.length, mails.length === 0);
}

async function databaseFaultScenario() {
  const domain = `d1-faults-${Date.now()}.example`;
  const results = await pool(
    Array.from({ length: 50 }, (_, i) => visitor(domain, i)),
    10,
    (v) => post(JSON.stringify(v)),
  );
  const statuses = countBy(results, (r) => String(r.status));
  check(
    "D1 failing",
    "answers",
    JSON.stringify(statuses),
    results.every((r) => r.status === 500),
  );
  return domain;
}

async function queueFaultScenario() {
  const domain = `queue-faults-${Date.now()}.example`;
  const results = await pool(
    Array.from({ length: 50 }, (_, i) => visitor(domain, i)),
    10,
    (v) => post(JSON.stringify(v)),
  );
  checkAllAccepted("queue failing", results);
  const rows = await storedRows(domain);
  check(
    "queue failing",
    "rows stored, waiting for the sweep",
    rows.length,
    rows.length === 50 && rows.every((r) => r.status === "pending"),
  );
  return domain;
}

async function sweepDelivers(domain: string) {
  // The sweep leaves rows alone for two minutes after they were stored; run it as if that time had passed.
  const cron = await fetch(`${BASE}/cdn-cgi/handler/scheduled?time=${Date.now() + 5 * 60_000}`);
  check("queue failing", "cron trigger run", cron.status, cron.ok);
  const rows = await settled(domain, 60_000);
  const mails = await mailsFor(domain);
  check(
    "queue back, sweep run",
    "rows sent",
    rows.filter((r) => r.status === "sent").length,
    rows.every((r) => r.status === "sent"),
  );
  check("queue back, sweep run", "e-mails captured", mails.length, mails.length === rows.length);
}

/** Submissions posted before the kill; its sweep's batch (100) takes them all in one run. */
const KILL_SUBMISSIONS = 100;
/** The kill comes once this many posts have been answered, so some are stored, some in flight, some never sent. */
const KILL_AFTER_ANSWERS = 40;

/**
 * Visitors post while the server is killed. The local queue dies with it, so every message not yet
 * consumed is lost: only the rows in D1 and the sweep can still get those inquiries to the practice.
 */
async function killScenario() {
  const domain = `killed-${Date.now()}.example`;
  let answered = 0;
  let killed: Promise<void> | undefined;
  const results = await pool(
    Array.from({ length: KILL_SUBMISSIONS }, (_, i) => visitor(domain, i)),
    10,
    async (v) => {
      try {
        const { status } = await post(JSON.stringify(v));
        if (++answered === KILL_AFTER_ANSWERS) killed = killServer();
        return { email: v.email, status };
      } catch {
        return { email: v.email, status: 0 };
      }
    },
  );
  await killed;
  const accepted = results.filter((r) => r.status === 201).map((r) => r.email);
  check("server killed mid-load", "posts answered 201 before the kill", accepted.length, accepted.length >= KILL_AFTER_ANSWERS - 10);
  check("server killed mid-load", "posts unanswered (connection lost)", results.filter((r) => r.status === 0).length);
  return { domain, accepted };
}

/** After the restart: nothing answered 201 is missing, and the sweep (run as if half an hour had passed) sends every row. */
async function afterKillDelivers({ domain, accepted }: { domain: string; accepted: string[] }) {
  const stored = await storedRows(domain);
  const missing = accepted.filter((email) => !stored.some((row) => row.email === email));
  check("restarted after the kill", "accepted but not stored", missing.length, missing.length === 0);
  check(
    "restarted after the kill",
    "rows not yet e-mailed (their queue messages died)",
    stored.filter((r) => r.status === "pending").length,
  );
  const cron = await fetch(`${BASE}/cdn-cgi/handler/scheduled?time=${Date.now() + 30 * 60_000}`);
  check("restarted after the kill", "cron trigger run", cron.status, cron.ok);
  // A delivery the kill cut short still holds its lease: that row is sent when the lease ends, up to
  // LEASE_MS after the restart, and not before (only one delivery may send an e-mail).
  const rows = await settled(domain, LEASE_MS + 60_000);
  check(
    "restarted, sweep run",
    "rows sent",
    `${rows.filter((r) => r.status === "sent").length} of ${rows.length}`,
    rows.length > 0 && rows.every((r) => r.status === "sent"),
  );
}

async function hostileInputScenario() {
  const domain = `hostile-${Date.now()}.example`;
  const requests = hostileRequests(domain);
  const outcomes = await pool(requests, 10, async (request) => {
    const { status } = await post(request.body, request.contentType, { method: request.method ?? "POST" });
    return { request, status };
  });
  const serverErrors = outcomes.filter((o) => o.status >= 500);
  const answered = { stored: [201, 303], dropped: [201, 303] } as Record<string, number[]>;
  const unexpected = outcomes.filter((o) =>
    answered[o.request.expect] ? !answered[o.request.expect]!.includes(o.status) : o.status < 400 || o.status >= 500,
  );
  check("hostile input", "requests sent", requests.length, requests.length >= 200);
  check("hostile input", "5xx answers", serverErrors.length, serverErrors.length === 0);
  check(
    "hostile input",
    "answered other than expected",
    unexpected.map((o) => `${o.request.label}:${o.status}`).join(", ") || 0,
    unexpected.length === 0,
  );
  const rows = await settled(domain, 60_000);
  const expectedRows = requests.filter((r) => r.expect === "stored").length;
  check("hostile input", "rows stored (only the valid ones)", `${rows.length} of ${expectedRows} valid`, rows.length === expectedRows);
  const markup = rows.find((row) => row.name.includes("<script>"));
  check("hostile input", "markup stored verbatim", markup ? "yes" : "no", markup?.name === `<script>alert("x")</script> Mallory`);
  const escaped = emailsEscapeMarkup(`<script>alert("x")</script> Mallory`);
  check("hostile input", "markup escaped in the e-mail", escaped, escaped === "escaped");
  const page = await fetch(`${BASE}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE, "cf-connecting-ip": nextAddress() },
    body: new URLSearchParams({ name: `<script>alert("x")</script>`, email: "", message: "<b>bold</b>" }).toString(),
  });
  const html = await page.text();
  check(
    "hostile input",
    "markup escaped when echoed on the page",
    page.status,
    !html.includes(`<script>alert("x")</script>`) && !html.includes("<b>bold</b>") && html.includes("&lt;b&gt;bold&lt;/b&gt;"),
  );
}

/** Looks through the captured .eml files for the markup and tells whether it appears only escaped. */
function emailsEscapeMarkup(markup: string): "escaped" | "raw" | "not found" {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".eml")) files.push(path);
    }
  };
  try {
    walk(".wrangler/tmp");
  } catch {
    return "not found";
  }
  const decoded = files.map((file) => decodeBase64Parts(readFileSync(file, "utf8"))).filter((text) => text.includes("Mallory"));
  if (decoded.length === 0) return "not found";
  const html = decoded.map((text) => text.slice(text.indexOf("<!doctype html>"))).join("\n");
  if (html.includes(markup)) return "raw";
  return html.includes("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Mallory") ? "escaped" : "not found";
}

function decodeBase64Parts(eml: string): string {
  return eml.replace(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g, (_, body: string) =>
    Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8"),
  );
}

// ------------------------------------------------------------------------------------------------ run

async function main() {
  rmSync(STATE_DIR, { recursive: true, force: true });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE_DIR], { stdio: "ignore" });
  const started = Date.now();
  try {
    console.log("Reliability run: load and hostile input");
    await startServer();
    await loadScenario();
    await hostileInputScenario();
    await stopServer();

    console.log(`Reliability run: e-mail failing ${EMAIL_FAILURE_RATE * 100}% of attempts`);
    await startServer({ FAULT_EMAIL_FAILURE_RATE: String(EMAIL_FAILURE_RATE) });
    await emailFaultScenario();
    await stopServer();

    console.log("Reliability run: e-mail failing every attempt");
    await startServer({ FAULT_EMAIL_FAILURE_RATE: "1" });
    await deadLetterScenario();
    await stopServer();

    console.log("Reliability run: D1 failing");
    await startServer({ FAULT_D1: "fail" });
    const d1Domain = await databaseFaultScenario();
    await stopServer();

    console.log("Reliability run: queue failing, then back");
    await startServer({ FAULT_QUEUE: "fail" });
    const queueDomain = await queueFaultScenario();
    await stopServer();
    await startServer();
    const halfStored = await storedRows(d1Domain);
    check("D1 failing", "rows stored (half-stored or otherwise)", halfStored.length, halfStored.length === 0);
    await sweepDelivers(queueDomain);
    await stopServer();

    console.log("Reliability run: the server killed while visitors post, then restarted");
    await startServer();
    const killed = await killScenario();
    await startServer();
    await afterKillDelivers(killed);
    await stopServer();

    console.log("Reliability run: booking storms, and the server killed while clients book");
    // Mail to clients switched on, so each booking's confirmation to its client can be counted.
    const clientMail = { CLIENT_MAIL_FROM: "office@meridian-creative-law.example" };
    const kinds = loadContent({ root: process.cwd() }).content.consultations.kinds.map((kind) => kind.id);
    const lab: Lab = { base: BASE, check, nextAddress, killServer, mails: capturedMails };
    await startServer(clientMail);
    await bookingStorms(lab, kinds);
    const bookedBeforeKill = await bookingKill(lab, kinds);
    await startServer(clientMail);
    await afterBookingKill(lab, bookedBeforeKill, LEASE_MS + 60_000);
  } finally {
    await stopServer();
  }

  console.log(`\n| scenario | measure | result | |\n|---|---|---|---|`);
  for (const c of checks) console.log(`| ${c.scenario} | ${c.measure} | ${c.value} | ${c.ok ? "ok" : "FAILED"} |`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(`\nReliability run took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`Reliability: ${checks.length - failed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
