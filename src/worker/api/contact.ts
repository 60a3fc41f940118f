import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../app-env.ts";
import { limitPerClient } from "../middleware/rate-limit.ts";
import { sameOriginPosts } from "../middleware/same-origin-posts.ts";
import { refusals, refusePost } from "./contact-post.ts";

/** Largest body accepted: every field at its limit, UTF-8 encoded and form-escaped, with room to spare. */
export const MAX_CONTACT_BODY_BYTES = 64 * 1024;

/** POST /api/contact: same-origin posts only, a size limit and a rate limit per client, then the submission. */
export const contactApi = new Hono<AppEnv>();

contactApi.post(
  "/",
  sameOriginPosts,
  // Before the rate limit, which reads a plain form post's body to give the visitor back what they typed.
  bodyLimit({
    maxSize: MAX_CONTACT_BODY_BYTES,
    onError: (c) => c.json({ error: "payload_too_large", message: "The message is too large to send." }, 413),
  }),
  limitPerClient((c) => refusePost(c, 429, refusals.rateLimited)),
  // What a post does once through the guards, loaded by the first post (a dynamic import is a chunk of its
  // own): an isolate that only serves pages never loads the schema (zod) or the database layer (drizzle).
  async (c) => (await import("./contact-submission.ts")).submitContact(c),
);

contactApi.all("/", (c) => c.json({ error: "method_not_allowed", message: "Use POST." }, 405, { Allow: "POST" }));
