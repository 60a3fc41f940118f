import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { csrf } from "hono/csrf";
import { createMiddleware } from "hono/factory";
import { type KeySource, teamKeys } from "./access.ts";
import { type AdminEnv, accessGate } from "./gate.ts";
import { renderNotFound } from "./shared/render.tsx";
import { activityRoutes } from "./activity/routes.tsx";
import { conflictRoutes } from "./conflicts/routes.tsx";
import { consultationRoutes } from "./consultations/routes.tsx";
import { contentRoutes } from "./editor/routes.tsx";
import { engagementRecordRoutes } from "./engagements/record-routes.tsx";
import { engagementRoutes } from "./engagements/routes.tsx";
import { inboxRoutes } from "./inbox/routes.tsx";
import { offerRoutes } from "./consultations/offer-routes.tsx";
import { privacyRoutes } from "./privacy/routes.tsx";
import { registerImportRoutes } from "./register/import/routes.tsx";
import { registerRoutes } from "./register/routes.tsx";
import { scriptRoutes } from "./shared/scripts.ts";
import { submissionRoutes } from "./submission/routes.tsx";

/**
 * Every /admin answer, refusals included: private to one person, never kept by a cache or indexed, and never
 * named to another site (a link followed from an inquiry sends no Referer).
 */
const privateAnswers = createMiddleware(async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  c.header("Referrer-Policy", "no-referrer");
});

/**
 * The inbox changes things only through its own HTML forms: any other body is refused (415), so every
 * change passes the cross-site check below, which looks at form posts.
 */
const formPostsOnly = createMiddleware(async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const type = c.req.header("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return c.body(null, 415);
  return next();
});

/**
 * The attorney's inquiry inbox, mounted at /admin (its own routes start at "/"). `keysFor` is where Access
 * signing keys come from: Cloudflare's published key set, except in tests.
 */
export function createAdminApp(keysFor: KeySource = teamKeys) {
  const admin = new Hono<AdminEnv>();
  admin.use(privateAnswers, accessGate(keysFor));
  // The browser editor of content/: pages with a script and a policy of their own, and the GitHub API its
  // script calls with JSON, which guards its own requests (editor/routes.tsx). Routed before the checks
  // of form posts below, which it never sends.
  admin.get("/content", (c) => c.redirect("/admin/content/", 308));
  admin.route("/content/", contentRoutes);
  admin.use(formPostsOnly, csrf());
  admin.route("/", inboxRoutes);
  admin.route("/submissions", submissionRoutes);
  admin.route("/submissions", offerRoutes);
  admin.route("/submissions", engagementRoutes);
  admin.route("/submissions", engagementRecordRoutes);
  admin.route("/consultations", consultationRoutes);
  admin.route("/privacy", privacyRoutes);
  admin.route("/conflicts", conflictRoutes);
  admin.route("/register/import", registerImportRoutes);
  admin.route("/register", registerRoutes);
  admin.route("/activity", activityRoutes);
  admin.route("/scripts", scriptRoutes);
  admin.all("*", renderNotFound);
  // A refusal (hono/csrf's 403) is the inbox's own answer; anything else that throws is answered by the
  // site's error page and log (src/worker/errors.ts), as the Worker mounts the inbox as an app of its own.
  admin.onError((error) => {
    if (error instanceof HTTPException) return error.getResponse();
    throw error;
  });
  return admin;
}
