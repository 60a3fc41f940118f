import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import assets from "virtual:client-assets";
import { TURNSTILE_ORIGIN } from "../../contact/turnstile.ts";
import { cspHash } from "../../csp-hash.ts";
import { SPECULATION_RULES_JSON } from "../../seo/speculation-rules.ts";
import type { AppEnv } from "../app-env.ts";

/**
 * Security headers on every response the Worker makes (static assets get the same from public/_headers).
 * Scripts may only come from this origin: no inline scripts and no eval. A page of the site's document
 * allows, by their hashes, its inlined stylesheet and its speculation rules (JSON, which runs nothing).
 * Under `vite dev` the policy allows what Vite's hot reload injects.
 */
export function withSecurityHeaders(options: { turnstile: boolean }): MiddlewareHandler<AppEnv> {
  const headers = headersFor(options);
  return async (c, next) => {
    // A route may set a stricter Referrer-Policy of its own (the inbox sends none): it wins over the default.
    // So does the Content-Security-Policy of the one page that sets its own, the inbox's browser editor
    // (src/admin/editor/routes.tsx), whose script needs what the site's policy refuses.
    let routeReferrerPolicy: string | null = null;
    let routePolicy: string | null = null;
    await headers(c, async () => {
      await next();
      routeReferrerPolicy = c.res.headers.get("Referrer-Policy");
      routePolicy = c.res.headers.get(CSP_HEADER);
    });
    if (routeReferrerPolicy) c.res.headers.set("Referrer-Policy", routeReferrerPolicy);
    if (routePolicy) c.res.headers.set(CSP_HEADER, routePolicy);
    const page = c.var.sitePage;
    const policy = c.res.headers.get(CSP_HEADER);
    // A page of the site's document holds the speculation rules, and its own inlined stylesheet (different on
    // every page): their hashes join the policy once the page is rendered. A page with the article search
    // may also compile its index's WebAssembly (no other page may: no eval of any kind anywhere else).
    if (page && policy) {
      let pagePolicy = withSource(policy, "script-src", `'${await speculationRulesHash()}'`);
      if (page.styleHash) pagePolicy = withSource(pagePolicy, "style-src", `'${page.styleHash}'`);
      if (page.runsWasm) pagePolicy = withSource(pagePolicy, "script-src", "'wasm-unsafe-eval'");
      c.res.headers.set(CSP_HEADER, pagePolicy);
    }
  };
}

const CSP_HEADER = "Content-Security-Policy";

/** The policy with a source added to one of its directives. */
const withSource = (policy: string, directive: string, source: string) =>
  policy.replace(new RegExp(`(^|; )${directive} [^;]*`), (sources) => `${sources} ${source}`);

let rulesHash: Promise<string> | undefined;
/** The speculation rules' hash, worked out once per isolate. */
const speculationRulesHash = () => (rulesHash ??= cspHash(SPECULATION_RULES_JSON));

const headersFor = (options: { turnstile: boolean }) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(options.turnstile ? [TURNSTILE_ORIGIN] : [])],
      // The page's one inlined stylesheet by its hash (added above); Ark UI positions menus with style
      // attributes; no other <style> elements, and no stylesheets from elsewhere.
      styleSrc: ["'self'", ...(assets.dev ? ["'unsafe-inline'"] : [])],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...(assets.dev ? ["ws:"] : []), ...(options.turnstile ? [TURNSTILE_ORIGIN] : [])],
      frameSrc: options.turnstile ? [TURNSTILE_ORIGIN] : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: "max-age=63072000; includeSubDomains",
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginOpenerPolicy: "same-origin",
    crossOriginResourcePolicy: "same-origin",
    permissionsPolicy: {
      accelerometer: [],
      camera: [],
      geolocation: [],
      gyroscope: [],
      magnetometer: [],
      microphone: [],
      payment: [],
      usb: [],
      browsingTopics: [],
    },
  });
