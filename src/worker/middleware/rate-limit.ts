import { createMiddleware } from "hono/factory";
import { clientKey } from "../client-key.ts";
import type { AppEnv } from "../env.ts";

/** How long a limited client is asked to wait: the rate limiter's window. */
const RETRY_AFTER_SECONDS = 60;

/**
 * Limits each client (its address, an IPv6 client by its /64: see client-key.ts) through the Workers
 * rate-limiting binding (limit and window in wrangler.toml), answering 429 with Retry-After beyond it.
 */
export const limitPerClient = createMiddleware<AppEnv>(async (c, next) => {
  const key = clientKey(c.req.header("cf-connecting-ip"));
  const { success } = await c.env.CONTACT_RATE_LIMITER.limit({ key });
  if (!success) {
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return c.json({ error: "rate_limited", message: "Too many messages from this address. Please try again in a minute." }, 429);
  }
  return next();
});
