/**
 * The built Worker (dist/worker) wrapped with switchable faults, for `npm run test:reliability` only.
 * It lives outside src/ and is never bundled by `npm run build` or deployed: production cannot turn it on.
 *
 * Faults come from --var flags: FAULT_EMAIL_FAILURE_RATE (share of send attempts that fail, 0-1),
 * FAULT_D1=fail (every statement fails), FAULT_QUEUE=fail (every send to the queue fails).
 * GET /__reliability/submissions?domain=… reports stored rows for the script to check.
 */
// @ts-expect-error The build output is plain JavaScript without types (and absent before a build).
import built from "../../dist/worker/index.js";
import type { NotificationMessage } from "../../src/queue/message.ts";
import type { Env } from "../../src/worker/env.ts";

const worker = built as Required<Pick<ExportedHandler<Env, NotificationMessage>, "fetch" | "queue" | "scheduled">>;

interface FaultVars {
  FAULT_EMAIL_FAILURE_RATE?: string;
  FAULT_D1?: string;
  FAULT_QUEUE?: string;
}

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

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/__reliability/submissions") return submissionsReport(env, url);
    return worker.fetch(request, withFaults(env), ctx);
  },
  queue: (batch, env, ctx) => worker.queue(batch, withFaults(env), ctx),
  scheduled: (controller, env, ctx) => worker.scheduled(controller, withFaults(env), ctx),
} satisfies ExportedHandler<Env & FaultVars, NotificationMessage>;
