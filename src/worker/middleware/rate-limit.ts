import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { clientKey } from "../client-key.ts";
import type { AppEnv } from "../app-env.ts";

/** How long a limited client is asked to wait: the rate limiter's window (wrangler.toml's `period`). */
const RETRY_AFTER_SECONDS = 60;

/**
 * Limits each client (its address, an IPv6 client by its /64: see client-key.ts) through a Workers
 * rate-limiting binding (the contact posts' unless another is given; limit and window in wrangler.toml).
 * Beyond it, answers 429 with Retry-After and whatever `refuse` says (the contact API: JSON, or the contact
 * page for a plain form post).
 */
export const limitPerClient = (
  refuse: (c: Context<AppEnv>) => Response | Promise<Response>,
  limiter: (env: AppEnv["Bindings"]) => RateLimit = (env) => env.CONTACT_RATE_LIMITER,
): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { success } = await limiter(c.env).limit({ key: clientKey(c.req.header("cf-connecting-ip")) });
    if (success) return next();
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return refuse(c);
  });
