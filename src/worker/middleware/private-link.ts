import { createMiddleware } from "hono/factory";

/**
 * A page reached by a private link (a booking link) is about one person: never cached, never indexed, and it
 * sends no referrer, so the secret in its address goes nowhere, over whatever the handler set.
 */
export const privateLink = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "no-store");
  c.res.headers.set("X-Robots-Tag", "noindex");
  c.res.headers.set("Referrer-Policy", "no-referrer");
});
