import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import type { Env, QueueMessage } from "../env.ts";
import worker from "../worker/index.ts";

/** The queue the Worker's messages go on (wrangler.toml). */
export const QUEUE = "contact-notifications";

/** A message as a test queues it: its id, what it carries, and how many deliveries it has had. */
export interface TestMessage {
  readonly id: string;
  readonly body: QueueMessage;
  readonly attempts?: number;
}

/** Messages numbered as a batch lists them: `m0`, `m1`, … */
export const numbered = (bodies: readonly QueueMessage[]): TestMessage[] => bodies.map((body, index) => ({ id: `m${index}`, body }));

/**
 * Runs the Worker's queue handler on one batch of `queue` (a dead-letter queue too), with the environment
 * changed by `overrides`; what the queue recorded of each message, and the delay of each retry it asked for
 * (which the queue's result leaves out).
 */
export async function runQueue(queue: string, messages: readonly TestMessage[], overrides: Partial<Env> = {}) {
  const batch = createMessageBatch<QueueMessage>(
    queue,
    messages.map(({ id, body, attempts = 1 }) => ({ id, timestamp: new Date(), attempts, body })),
  );
  const retries = batch.messages.map((message) => vi.spyOn(message, "retry"));
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...overrides });
  const result = await getQueueResult(batch, ctx);
  const retryDelays = retries.flatMap((spy) => spy.mock.calls.map(([options]) => options?.delaySeconds));
  return { ...result, retryDelays };
}
