/**
 * The built Worker (dist/worker) wrapped with switchable faults. It lives outside src/ and is never bundled
 * by `npm run build` or deployed: production cannot turn it on. `npm start` and `npm run start:e2e` serve
 * the site through it (it passes everything through unless told otherwise); `npm run test:reliability`
 * switches its faults on.
 *
 * Faults come from --var flags: FAULT_EMAIL_FAILURE_RATE (share of send attempts that fail, 0-1),
 * FAULT_D1=fail (every statement fails), FAULT_QUEUE=fail (every send to the queue fails).
 * Always on: an inquiry sent from an address at FAILING_DOMAIN has its notification refused by the e-mail
 * transport for its whole first round of delivery, so a failed notification can be made from the contact
 * form (README "Inquiry inbox"); sent again from the inbox, it goes through.
 * With RELIABILITY_REPORT=on, GET /__reliability/submissions?domain=… reports stored rows for the script;
 * POST /__reliability/offers?domain=…&count=… makes that many cleared inquiries, each offered a consultation,
 * and answers their booking links' secrets; GET /__reliability/bookings?domain=… reports their bookings.
 */
// @ts-expect-error The build output is plain JavaScript without types (and absent before a build).
import built from "../../dist/worker/index.js";
import type { Env, QueueMessage } from "../../src/env.ts";

const worker = built as Required<Pick<ExportedHandler<Env, QueueMessage>, "fetch" | "queue" | "scheduled">>;

interface FaultVars {
  FAULT_EMAIL_FAILURE_RATE?: string;
  FAULT_D1?: string;
  FAULT_QUEUE?: string;
  RELIABILITY_REPORT?: string;
}

/** Inquiries from addresses at this domain (reserved for testing, RFC 2606) fail their first round of delivery. */
const FAILING_DOMAIN = "email-fails.test";
/** One round: the first attempt and the five retries of wrangler.toml's max_retries, then the dead-letter queue. */
const FIRST_ROUND_ATTEMPTS = 6;

function flakyEmail(email: SendEmail, failureRate: number): SendEmail {
  return {
    send: (message: EmailMessage) =>
      Math.random() < failureRate ? Promise.reject(new Error("injected fault: e-mail transport unavailable")) : email.send(message),
  } as SendEmail;
}

const failingD1 = {
  prepare: () => {
    const fail = () => Promise.reject(new Error("D1_ERROR: injected fault: database unavailable"));
    const statement = { bind: () => statement, run: fail, all: fail, first: fail, raw: fail };
    return statement;
  },
  batch: () => Promise.reject(new Error("D1_ERROR: injected fault: database unavailable")),
  exec: () => Promise.reject(new Error("D1_ERROR: injected fault: database unavailable")),
} as unknown as D1Database;

const failingQueue = {
  send: () => Promise.reject(new Error("injected fault: queue unavailable")),
  sendBatch: () => Promise.reject(new Error("injected fault: queue unavailable")),
} as unknown as Env["CONTACT_QUEUE"];

function withFaults(env: Env & FaultVars): Env {
  const emailFailureRate = Number(env.FAULT_EMAIL_FAILURE_RATE ?? 0);
  return {
    ...env,
    ...(emailFailureRate > 0 ? { EMAIL: flakyEmail(env.EMAIL, emailFailureRate) } : {}),
    ...(env.FAULT_D1 === "fail" ? { DB: failingD1 } : {}),
    ...(env.FAULT_QUEUE === "fail" ? { CONTACT_QUEUE: failingQueue } : {}),
  };
}

/** What the script needs to check: every stored row of a run (by e-mail domain), read from the real D1. */
async function submissionsReport(env: Env, url: URL): Promise<Response> {
  const domain = url.searchParams.get("domain") ?? "";
  const { results } = await env.DB.prepare(
    "SELECT id, name, email, organization, message, notification_status AS status, notification_attempts AS attempts FROM contact_submissions WHERE email LIKE ?",
  )
    .bind(`%@${domain}`)
    .all();
  return Response.json(results);
}

/** The base64url text of bytes, as a link's secret is written. */
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** Cleared inquiries from `domain`, each offered every kind of consultation for two weeks: their links' secrets. */
async function makeOffers(env: Env, url: URL): Promise<Response> {
  const domain = url.searchParams.get("domain") ?? "";
  const count = Number(url.searchParams.get("count") ?? 1);
  const kinds = url.searchParams.get("kinds") ?? "[]";
  const now = Date.now();
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
    const hash = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token))), (b) =>
      b.toString(16).padStart(2, "0"),
    ).join("");
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO contact_submissions (id, name, email, message, created_at, intake_state, notification_status) VALUES (?1, ?2, ?3, 'A booking storm.', ?4, 'cleared', 'sent')",
      ).bind(id, `Client ${i}`, `client-${i}@${domain}`, now),
      env.DB.prepare(
        "INSERT INTO booking_offers (id, submission_id, token_hash, kinds, created_at, created_by, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, 'reliability', ?6)",
      ).bind(crypto.randomUUID(), id, hash, kinds, now, now + 14 * 86_400_000),
    ]);
    tokens.push(token);
  }
  return Response.json(tokens);
}

/** The bookings of the inquiries from `domain`, with the address each went to. */
async function bookingsReport(env: Env, url: URL): Promise<Response> {
  const { results } = await env.DB.prepare(
    "SELECT b.id, s.email, b.start_at AS startAt, b.status, b.sequence, b.mailed_sequence AS mailedSequence FROM bookings b JOIN contact_submissions s ON s.id = b.submission_id WHERE s.email LIKE ?",
  )
    .bind(`%@${url.searchParams.get("domain") ?? ""}`)
    .all();
  return Response.json(results);
}

/** The messages of a batch whose submission is from FAILING_DOMAIN and still in its first round of delivery. */
async function inFirstFailingRound(db: D1Database, messages: readonly Message<QueueMessage>[]): Promise<Set<string>> {
  if (messages.length === 0) return new Set();
  // Only inquiries' notifications fail on purpose; a digest goes through.
  const ids = messages.flatMap((message) => (message.body.kind === "notification" ? [message.body.submissionId] : []));
  const { results } = await db
    .prepare(
      `SELECT id FROM contact_submissions WHERE id IN (${ids.map(() => "?").join(", ")}) AND email LIKE ? AND notification_attempts < ?`,
    )
    .bind(...ids, `%@${FAILING_DOMAIN}`, FIRST_ROUND_ATTEMPTS)
    .all<{ id: string }>();
  return new Set(results.map((row) => row.id));
}

/** The same queue's batch, narrowed to some of its messages (the consumer reads only `queue` and `messages`). */
const subBatch = (batch: MessageBatch<QueueMessage>, messages: Message<QueueMessage>[]): MessageBatch<QueueMessage> => ({
  queue: batch.queue,
  metadata: batch.metadata,
  messages,
  ackAll: () => {
    for (const message of messages) message.ack();
  },
  retryAll: (options) => {
    for (const message of messages) message.retry(options);
  },
});

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (env.RELIABILITY_REPORT === "on") {
      if (url.pathname === "/__reliability/submissions") return submissionsReport(env, url);
      if (url.pathname === "/__reliability/offers" && request.method === "POST") return makeOffers(env, url);
      if (url.pathname === "/__reliability/bookings") return bookingsReport(env, url);
    }
    return worker.fetch(request, withFaults(env), ctx);
  },
  async queue(batch, env, ctx) {
    const refused = await inFirstFailingRound(env.DB, batch.messages);
    const faulty = withFaults(env);
    if (refused.size === 0) return worker.queue(batch, faulty, ctx);
    const isRefused = (message: Message<QueueMessage>) => message.body.kind === "notification" && refused.has(message.body.submissionId);
    await worker.queue(
      subBatch(
        batch,
        batch.messages.filter((message) => !isRefused(message)),
      ),
      faulty,
      ctx,
    );
    await worker.queue(subBatch(batch, batch.messages.filter(isRefused)), { ...faulty, EMAIL: flakyEmail(env.EMAIL, 1) }, ctx);
  },
  scheduled: (controller, env, ctx) => worker.scheduled(controller, withFaults(env), ctx),
} satisfies ExportedHandler<Env & FaultVars, QueueMessage>;
