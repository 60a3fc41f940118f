import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";

/**
 * A browser prefetching or prerendering a page says so in `Sec-Purpose` (`prefetch`, `prefetch;prerender`).
 * Pages answer such requests as any other (src/seo/speculation-rules.ts says which the browser may speculate
 * on); the API never does: a speculative request there is declined before it reaches the rate limit or
 * storage, so nothing a browser does ahead of a click counts against the visitor or changes anything.
 */
export const declineSpeculative = createMiddleware<AppEnv>(async (c, next) => {
  if (!isSpeculative(c.req.header("sec-purpose"))) return next();
  return c.json({ error: "speculative_request", message: "Prefetch and prerender requests are not answered here." }, 403);
});

/** Whether a `Sec-Purpose` header marks a speculative load: every purpose browsers send starts with `prefetch`. */
const isSpeculative = (purpose: string | undefined) => purpose?.trim().toLowerCase().startsWith("prefetch") ?? false;
