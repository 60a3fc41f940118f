import { type Context, Hono } from "hono";
import { database } from "../../db/client.ts";
import { findInboxSubmission, requeueNotification, setHandled } from "../../db/inbox.ts";
import { markNotQueued } from "../../db/submissions.ts";
import type { NotificationMessage } from "../../queue/message.ts";
import { errorSummary } from "../../worker/error-summary.ts";
import { audit } from "../audit.ts";
import { type DoneNotice, isDoneNotice } from "../copy.ts";
import type { AdminEnv } from "../gate.ts";
import { redirectWithNotice, takeNotice } from "../one-time-notice.ts";
import { NotFoundPage } from "../pages/NotFoundPage.tsx";
import { SubmissionPage } from "../pages/SubmissionPage.tsx";
import { renderAdminPage } from "../render.tsx";
import { formField } from "./forms.ts";

/** /admin/submissions/:id: one inquiry, and the two things the attorney can change about it. */
export const submissionRoutes = new Hono<AdminEnv>();

const SUBMISSION_ID = "{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}}";

const notFound = (c: Context<AdminEnv>) => renderAdminPage(c, "Not found", <NotFoundPage />, 404);
const pagePath = (id: string) => `/admin/submissions/${id}`;
const backTo = (c: Context<AdminEnv>, id: string, done: DoneNotice) => redirectWithNotice(c, pagePath(id), done);

submissionRoutes.get(`/:id${SUBMISSION_ID}`, async (c) => {
  const submission = await findInboxSubmission(database(c.env.DB), c.req.param("id"), new Date());
  if (!submission) return notFound(c);
  const done = takeNotice(c, pagePath(submission.id));
  return renderAdminPage(c, submission.name, <SubmissionPage submission={submission} done={isDoneNotice(done) ? done : undefined} />);
});

/**
 * "Send the notification again": only a failed or stuck row, and only when no delivery holds it, is made
 * pending and put on the queue once. A second press finds it queued and sends nothing.
 */
submissionRoutes.post(`/:id${SUBMISSION_ID}/resend`, async (c) => {
  const id = c.req.param("id");
  const db = database(c.env.DB);
  if (!(await requeueNotification(db, id, new Date()))) {
    return (await findInboxSubmission(db, id, new Date())) ? backTo(c, id, "not-resent") : notFound(c);
  }
  try {
    await c.env.CONTACT_QUEUE.send({ submissionId: id } satisfies NotificationMessage);
  } catch (error) {
    // Marked never queued, the row is the sweep's to send within minutes.
    await markNotQueued(db, id);
    console.error(`Inbox: submission ${id} could not be queued again: ${errorSummary(error)}`);
    return backTo(c, id, "queue-unavailable");
  }
  audit(c, `queued the notification of submission ${id} again`);
  return backTo(c, id, "resent");
});

submissionRoutes.post(`/:id${SUBMISSION_ID}/handled`, async (c) => {
  const id = c.req.param("id");
  const handled = await formField(c, "handled");
  if (handled !== "yes" && handled !== "no") return c.text("Expected handled=yes or handled=no.", 400);
  if (!(await setHandled(database(c.env.DB), id, handled === "yes" ? c.var.adminEmail : null, new Date()))) return notFound(c);
  audit(c, `marked submission ${id} ${handled === "yes" ? "handled" : "not handled"}`);
  return backTo(c, id, handled === "yes" ? "handled" : "reopened");
});
