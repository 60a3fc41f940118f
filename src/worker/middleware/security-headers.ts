import { secureHeaders } from "hono/secure-headers";
import assets from "virtual:client-assets";
import { TURNSTILE_ORIGIN } from "../../contact/turnstile.ts";

/**
 * Security headers on every response the Worker makes (static assets get the same from public/_headers).
 * Scripts may only come from this origin: no inline scripts and no eval. Under `vite dev` the policy
 * allows what Vite's hot reload injects.
 */
export const withSecurityHeaders = (options: { turnstile: boolean }) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(options.turnstile ? [TURNSTILE_ORIGIN] : [])],
      // The page's one inlined stylesheet by its hash; Ark UI positions menus with style attributes; no other
      // <style> elements, and no stylesheets from elsewhere.
      styleSrc: ["'self'", ...(assets.inlineStyles ? [`'${assets.inlineStyles.hash}'`] : []), ...(assets.dev ? ["'unsafe-inline'"] : [])],
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
