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
