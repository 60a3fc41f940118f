import { env } from "cloudflare:workers";
import { vi } from "vitest";
import type { Env } from "../env.ts";

/** An e-mail binding that records each message sent (workerd keeps a message's body to itself), or fails the first `failures`. */
export function recordingEmail(failures = 0) {
  const sent: EmailMessage[] = [];
  let failuresLeft = failures;
  const binding = {
    send: vi.fn(async (message: EmailMessage) => {
      if (failuresLeft-- > 0) throw new Error("send_email: upstream unavailable");
      sent.push(message);
      return { messageId: `m-${sent.length}` };
    }),
  } as unknown as Env["EMAIL"];
  return { binding, sent };
}

/**
 * A send_email binding that records each message's raw text, then hands it to the real binding (miniflare's),
 * which checks it as Cloudflare would; `state.failures` sends fail first, as an unreachable upstream does.
 */
export function capturingEmail(real: SendEmail) {
  const sent: { from: string; to: string; raw: string }[] = [];
  const state = { failures: 0 };
  const binding = {
    send: async (message: EmailMessage) => {
      if (state.failures > 0) {
        state.failures--;
        throw new Error("send_email: upstream unavailable");
      }
      const raw = (message as unknown as Record<string, string>)["EmailMessage::raw"]!;
      await real.send(message);
      sent.push({ from: message.from, to: message.to, raw });
      return { messageId: `m-${sent.length}` };
    },
  } as unknown as SendEmail;
  return { binding, sent, state };
}

/** Both of the Worker's mail bindings captured: the practice's own (`EMAIL`) and the one to clients (`CLIENT_EMAIL`). */
export const capturedMailboxes = () => ({ attorney: capturingEmail(env.EMAIL), client: capturingEmail(env.CLIENT_EMAIL) });
export type CapturedMailboxes = ReturnType<typeof capturedMailboxes>;
