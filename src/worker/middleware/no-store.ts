import { createMiddleware } from "hono/factory";

/** API answers are about one request: never cached, by browsers or by Cloudflare. */
export const noStore = createMiddleware(async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});
