import { type Context, Hono } from "hono";
import { database } from "../../db/client.ts";
import { findInboxSubmission, requeueNotification } from "../../db/inbox.ts";
import { changeIntakeState } from "../../db/intake.ts";
import { type IntakeState, intakeStates } from "../../db/schema.ts";
import { markNotQueued } from "../../db/submissions.ts";
import type { NotificationMessage } from "../../env.ts";
import { errorSummary } from "../../db/error-summary.ts";
import { audit } from "../audit.ts";
import { type DoneNotice, intakeCopy, isDoneNotice } from "../copy.ts";
import type { AdminEnv } from "../gate.ts";
import { redirectWithNotice, takeNotice } from "../one-time-notice.ts";
import { NotFoundPage } from "../pages/NotFoundPage.tsx";
import { SubmissionPage } from "../pages/SubmissionPage.tsx";
import { renderAdminPage } from "../render.tsx";
import { formField } from "./forms.ts";

/** /admin/submissions/:id: one inquiry, its intake and its notification. Each action is in the activity log. */
export const submissionRoutes = new Hono<AdminEnv>();

const SUBMISSION_ID = "{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}}";

const notFound = (c: Context<AdminEnv>) => renderAdminPage(c, "Not found", <NotFoundPage />, 404);
const pagePath = (id: string) => `/admin/submissions/${id}`;
const backTo = (c: Context<AdminEnv>, id: string, done: DoneNotice) => redirectWithNotice(c, pagePath(id), done);

submissionRoutes.get(`/:id${SUBMISSION_ID}`, async (c) => {
  const now = new Date();
  const submission = await findInboxSubmission(database(c.env.DB), c.req.param("id"), now);
  if (!submission) return notFound(c);
  await audit(c, { action: "viewed", submissionId: submission.id });
  const done = takeNotice(c, pagePath(submission.id));
  return renderAdminPage(
    c,
    submission.name,
    <SubmissionPage submission={submission} done={isDoneNotice(done) ? done : undefined} now={now} />,
  );
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
  await audit(c, { action: "resent", submissionId: id });
  return backTo(c, id, "resent");
});

/** Moves the intake to the state posted, recording who and when; a possible conflict carries its note. */
async function moveIntake(c: Context<AdminEnv>, id: string, state: IntakeState, note?: string) {
  const result = await changeIntakeState(database(c.env.DB), id, { state, note, by: c.var.adminEmail, now: new Date() });
  if (!result.ok)
    return result.reason === "not-found"
      ? notFound(c)
      : backTo(c, id, result.reason === "note-required" ? "note-required" : "intake-refused");
  const detail = `${intakeCopy[result.from].label} → ${intakeCopy[state].label}`;
  await audit(c, { action: state === "declined" ? "declined" : "intake", submissionId: id, detail });
  return backTo(c, id, state === "declined" ? "declined" : "intake");
}

submissionRoutes.post(`/:id${SUBMISSION_ID}/intake`, async (c) => {
  const state = await formField(c, "state");
  if (!intakeStates.includes(state as IntakeState) || state === "declined") return c.text("Expected a state to record.", 400);
  return moveIntake(c, c.req.param("id"), state as IntakeState, await formField(c, "note"));
});

/** Declines the matter: the page it leads back to opens the non-engagement letter in the attorney's mail program. */
submissionRoutes.post(`/:id${SUBMISSION_ID}/decline`, (c) => moveIntake(c, c.req.param("id"), "declined"));
