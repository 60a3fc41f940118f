import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Env } from "../env.ts";
import { logText } from "../log-text.ts";
import { type KeySource, verifiedEmail } from "./access.ts";
import { localPolicy, localSigner } from "./local-signer.ts";
import { inboxSignIn } from "./policy.ts";

/** The inbox's Hono environment: the Worker's bindings, and who is signed in. */
export interface AdminEnv {
  Bindings: Env;
  Variables: {
    /** The verified e-mail of the person using the inbox (lower case); logged with every change they make. */
    adminEmail: string;
  };
}

/** The request header Cloudflare Access adds to every request it lets through. */
const ACCESS_TOKEN_HEADER = "cf-access-jwt-assertion";

/**
 * Lets a request into /admin only with a verified identity. On a loopback host with the local signing key
 * present, the identity comes from the local signer; everywhere else from the Access token (`inboxSignIn`,
 * policy.ts). With neither configured the inbox does not exist (404); any other failure is a bare 403 that
 * says nothing.
 */
export const accessGate = (keysFor: KeySource) =>
  createMiddleware<AdminEnv>(async (c, next) => {
    const signIn = inboxSignIn(c.env, c.req.url);
    if (!signIn) return c.notFound();
    let email: string;
    try {
      if (signIn.by === "local-signer") {
        const signer = await localSigner(signIn.privateJwk);
        email = await verifiedEmail(await signer.sign(), signer.keys, localPolicy);
      } else {
        const token = c.req.header(ACCESS_TOKEN_HEADER);
        if (!token) return refuse(c, "no Access token");
        email = await verifiedEmail(token, keysFor(signIn.policy.issuer), signIn.policy);
      }
    } catch (error) {
      return refuse(c, error instanceof Error ? `${error.name}: ${error.message}` : "unknown error");
    }
    c.set("adminEmail", email);
    await next();
  });

function refuse(c: Context<AdminEnv>, reason: string) {
  // The path is the request's (a `%0A` in it must not start a forged line), the reason jose's or ours.
  console.warn(`Inbox: access refused to ${logText(c.req.method)} ${logText(c.req.path)}: ${logText(reason)}`);
  return c.body(null, 403);
}
