import type { Env, QueueMessage } from "../env.ts";

/**
 * Puts messages on the queue in one batch, and logs how many as `logged` words it ("Sweep queued 2 booking
 * confirmation(s) again"); none sends and logs nothing. Returns how many.
 */
export async function queueAll(
  env: Pick<Env, "CONTACT_QUEUE">,
  messages: readonly QueueMessage[],
  logged: (count: number) => string,
): Promise<number> {
  if (messages.length === 0) return 0;
  await env.CONTACT_QUEUE.sendBatch(messages.map((body) => ({ body })));
  console.log(logged(messages.length));
  return messages.length;
}
