import { type Context, Hono } from "hono";
import { offersOfInquiry } from "../../db/bookings.ts";
import { database } from "../../db/client.ts";
import { checkView, findCheck, latestCheck, runConflictCheck, searchedNamesOf } from "../../db/conflict-check.ts";
import { seattleDay } from "../../db/days.ts";
import { engagementLettersOfInquiry } from "../../db/engagements.ts";
import { findInboxSubmission, requeueNotification } from "../../db/inbox.ts";
import { type IntakeRefusal, cancelDecline, changeIntakeState } from "../../db/intake.ts";
import { addNote, notesOf, setFollowUp } from "../../db/notes.ts";
import { type PartyFields, addEngagedInquiry, clientOfInquiry } from "../../db/register.ts";
import { type IntakeState, intakeStates, partyRoles } from "../../db/schema.ts";
import { queueBookingMail, queueNotification } from "../../queue/enqueue.ts";
import { audit } from "../shared/audit.ts";
import { bookingMailReaches } from "../shared/client-mail.ts";
import { COPY_SCRIPT } from "../shared/scripts.ts";
import { type DoneNotice, isDoneNotice } from "../shared/notices.ts";
import { clearedRecord, intakeCopy } from "../shared/copy.ts";
import { dayLabel, seattleTime } from "../shared/format.ts";
import type { AdminEnv } from "../gate.ts";
import { keptDeclineLetter } from "../shared/mail-links.ts";
import { takeNotice } from "../shared/one-time-notice.ts";
import { CheckPage } from "./CheckPage.tsx";
import { SubmissionPage } from "./SubmissionPage.tsx";
import { renderAdminPage, renderNotFound } from "../shared/render.tsx";
import { SUBMISSION, backToInquiry, inquiryPath } from "../shared/inquiry-routes.ts";
import { formField } from "../shared/forms.ts";

/**
 * /admin/submissions/:id: one inquiry. `GET …` is its page (the view logged), `GET …/checks/:check` one of its
 * conflict checks, `GET …/letter.txt` its decline letter to download. Actions, each a form post answered by a
 * redirect to the part of the page it belongs to, with its notice: `POST …/check` (every name), `…/intake`
 * (the next step; "engaged" with the matter and each party's role), `…/decline` (with the letter),
 * `…/cancel-decline`, `…/letter-sent`, `…/notes`, `…/follow-up`, `…/resend` (the notification). An intake step
 * posts the state its page showed: one that no longer follows changes nothing and says so; a check and a note
 * carry a one-time token, so a form sent twice acts once. Its consultations
 * and engagement letters are routed beside it (../consultations/offer-routes.tsx, ../engagements/). Each
 * action is in the activity log.
 */
export const submissionRoutes = new Hono<AdminEnv>();

submissionRoutes.get(SUBMISSION, async (c) => {
  const now = new Date();
  const db = database(c.env.DB);
  const submission = await findInboxSubmission(db, c.req.param("id"), now);
  if (!submission) return renderNotFound(c);
  await audit(c, { action: "viewed", submissionId: submission.id });
  const done = takeNotice(c, inquiryPath(submission.id));
  const check = await latestCheck(db, submission.id);
  const outcomeCheck =
    submission.intakeCheckId === null
      ? undefined
      : check?.id === submission.intakeCheckId
        ? check
        : await findCheck(db, submission.id, submission.intakeCheckId);
  const letterShown = submission.intakeState === "declining" || submission.intakeState === "declined";
  return renderAdminPage(
    c,
    submission.name,
    <SubmissionPage
      submission={submission}
      done={isDoneNotice(done) ? done : undefined}
      check={check && (await checkView(db, check))}
      checkCurrent={check !== undefined && searchedNamesOf(check, submission)}
      outcomeCheck={outcomeCheck}
      notes={await notesOf(db, submission.id)}
      today={seattleDay(now)}
      registerClient={submission.engagedAt ? await clientOfInquiry(db, submission.id) : undefined}
      consultations={await offersOfInquiry(db, submission.id)}
      engagementLetters={await engagementLettersOfInquiry(db, submission.id)}
      now={now}
    />,
    200,
    letterShown ? [COPY_SCRIPT] : [],
  );
});

/** One conflict check of the inquiry, as the record of an outcome links to it. */
submissionRoutes.get(`${SUBMISSION}/checks/:check{[0-9]{1,15}}`, async (c) => {
  const db = database(c.env.DB);
  const submission = await findInboxSubmission(db, c.req.param("id"), new Date());
  const check = submission && (await findCheck(db, submission.id, Number(c.req.param("check"))));
  if (!submission || !check) return renderNotFound(c);
  return renderAdminPage(
    c,
    `Conflict check of ${submission.name}`,
    <CheckPage submission={submission} view={await checkView(db, check)} />,
  );
});

/**
 * "Send the notification again": only a failed or stuck row, and only when no delivery holds it, is made
 * pending and put on the queue once. A second press finds it queued and sends nothing.
 */
submissionRoutes.post(`${SUBMISSION}/resend`, async (c) => {
  const id = c.req.param("id");
  const db = database(c.env.DB);
  if (!(await requeueNotification(db, id, new Date()))) {
    return (await findInboxSubmission(db, id, new Date())) ? backToInquiry(c, id, "not-resent") : renderNotFound(c);
  }
  // Marked never queued when the queue refuses it, the row is the sweep's to send within minutes.
  if (!(await queueNotification(c.env, db, id))) return backToInquiry(c, id, "queue-unavailable");
  await audit(c, { action: "resent", submissionId: id });
  return backToInquiry(c, id, "resent");
});

/** "Check all names": every name of the inquiry searched at once, recorded and logged once with its count. */
submissionRoutes.post(`${SUBMISSION}/check`, async (c) => {
  const db = database(c.env.DB);
  const submission = await findInboxSubmission(db, c.req.param("id"), new Date());
  if (!submission) return renderNotFound(c);
  const run = await runConflictCheck(db, submission, {
    by: c.var.adminEmail,
    now: new Date(),
    formToken: (await formField(c, "token")) || undefined,
  });
  if (run.kind === "already") return backToInquiry(c, submission.id, "checked-already");
  const { matchCount } = run.check;
  const detail = `${JSON.parse(run.check.names).length} names checked: ${matchCount} ${matchCount === 1 ? "match" : "matches"} in other inquiries`;
  await audit(c, { action: "conflict-check", submissionId: submission.id, detail });
  return backToInquiry(c, submission.id, "checked");
});

/** What a refused intake step says on the inquiry's page. */
const refusalNotice: Record<IntakeRefusal["reason"], DoneNotice> = {
  "not-found": "intake-refused",
  "not-allowed": "intake-refused",
  stale: "intake-stale",
  already: "intake-already",
  "check-needed": "check-needed",
  "note-required": "note-required",
  "reason-required": "reason-required",
  "letter-invalid": "letter-invalid",
  "day-invalid": "day-invalid",
};

/** The state a form was shown at, if it says one. */
const shownAt = async (c: Context<AdminEnv>): Promise<IntakeState | undefined> => {
  const from = await formField(c, "from");
  return intakeStates.includes(from as IntakeState) ? (from as IntakeState) : undefined;
};

/** Moves the intake to `state`, recording who and when and what it rests on; a refusal changes nothing and says why. */
async function moveIntake(
  c: Context<AdminEnv>,
  id: string,
  state: IntakeState,
  extra: { note?: string; reason?: string; letter?: string; sentOn?: string; engaged?: EngagedMatter } = {},
) {
  const result = await changeIntakeState(database(c.env.DB), id, {
    state,
    from: await shownAt(c),
    ...extra,
    by: c.var.adminEmail,
    now: new Date(),
  });
  if (!result.ok) return result.reason === "not-found" ? renderNotFound(c) : backToInquiry(c, id, refusalNotice[result.reason]);
  const steps = `${intakeCopy[result.from].label} → ${intakeCopy[state].label}`;
  const { check } = result;
  const onCheck = check && `${steps}, on the conflict check of ${seattleTime(check.at)}`;
  const detail =
    state === "declined" && extra.sentOn
      ? `${steps}, sent on ${dayLabel(extra.sentOn)}`
      : check && state === "cleared"
        ? `${onCheck}: ${clearedRecord(check, result.clearedReason ?? null)}`
        : (onCheck ?? steps);
  const action = state === "declining" ? "letter-written" : state === "declined" ? "declined" : "intake";
  await audit(c, { action, submissionId: id, detail });
  if (state === "engaged" && extra.engaged) {
    await engageIntoRegister(c, id, extra.engaged);
    return backToInquiry(c, id, "engaged");
  }
  const done = state === "declining" ? "letter-written" : state === "declined" ? "declined" : "intake";
  if (result.cancelled.length === 0 || done === "declined") return backToInquiry(c, id, done);
  // Its consultation ahead cancelled in the same batch: the client's cancellation queued, and the notice says what goes to them.
  for (const booking of result.cancelled) await queueBookingMail(c.env, booking.id, booking.sequence);
  const inquiry = await findInboxSubmission(database(c.env.DB), id, new Date());
  const sent = inquiry && bookingMailReaches(c.env, inquiry.email) ? "mailed" : "unmailed";
  return backToInquiry(c, id, `${done}-cancelled-${sent}` as const);
}

/** The matter an engagement records in the conflict register: its name, and each party with its role. */
interface EngagedMatter {
  readonly title: string;
  readonly parties: readonly PartyFields[];
}

/** The engagement form's matter; undefined when a name or a party's role is missing. */
async function engagedMatter(c: Context<AdminEnv>): Promise<EngagedMatter | undefined> {
  const form = await c.req.parseBody();
  const title = typeof form.title === "string" ? form.title.trim() : "";
  const parties: PartyFields[] = [];
  for (let index = 0; typeof form[`party-${index}`] === "string"; index++) {
    const role = partyRoles.find((known) => known === form[`role-${index}`]);
    if (!role) return undefined;
    parties.push({ name: form[`party-${index}`] as string, role });
  }
  return title ? { title, parties } : undefined;
}

/** Adds the engaged inquiry's client, matter and parties to the conflict register. */
async function engageIntoRegister(c: Context<AdminEnv>, id: string, matter: EngagedMatter) {
  const db = database(c.env.DB);
  const inquiry = await findInboxSubmission(db, id, new Date());
  if (!inquiry) return;
  const now = new Date();
  await addEngagedInquiry(db, inquiry, { ...matter, openedOn: seattleDay(now) }, { by: c.var.adminEmail, now });
}

submissionRoutes.post(`${SUBMISSION}/intake`, async (c) => {
  const state = await formField(c, "state");
  if (!intakeStates.includes(state as IntakeState) || state === "declining" || state === "declined")
    return c.text("Expected a state to record.", 400);
  const engaged = state === "engaged" ? await engagedMatter(c) : undefined;
  if (state === "engaged" && !engaged) return backToInquiry(c, c.req.param("id"), "engage-incomplete");
  return moveIntake(c, c.req.param("id"), state as IntakeState, {
    note: await formField(c, "note"),
    reason: await formField(c, "reason"),
    engaged,
  });
});

/** "Record declined, letter not yet sent": the decline, with the letter as the attorney left it. */
submissionRoutes.post(`${SUBMISSION}/decline`, async (c) =>
  moveIntake(c, c.req.param("id"), "declining", { letter: await formField(c, "letter") }),
);

/** What a refused cancel says on the inquiry's page. */
const cancelRefusal = { "letter-sent": "cancel-letter-sent", "from-unknown": "cancel-from-unknown", stale: "intake-stale" } as const;

/** "Cancel the decline": back to the state before it, while its letter is not marked sent. */
submissionRoutes.post(`${SUBMISSION}/cancel-decline`, async (c) => {
  const id = c.req.param("id");
  const result = await cancelDecline(database(c.env.DB), id, { from: await shownAt(c), by: c.var.adminEmail, now: new Date() });
  if (!result.ok) return result.reason === "not-found" ? renderNotFound(c) : backToInquiry(c, id, cancelRefusal[result.reason]);
  await audit(c, {
    action: "decline-cancelled",
    submissionId: id,
    detail: `${intakeCopy.declining.label} → ${intakeCopy[result.to].label}`,
  });
  return backToInquiry(c, id, "decline-cancelled");
});

/** "Mark the letter sent": recorded as declined in writing, with the day the letter went out. */
submissionRoutes.post(`${SUBMISSION}/letter-sent`, async (c) =>
  moveIntake(c, c.req.param("id"), "declined", { sentOn: (await formField(c, "sentOn"))?.trim() }),
);

/** The decline letter as a text file (subject first), for an inquiry being declined or declined. */
submissionRoutes.get(`${SUBMISSION}/letter.txt`, async (c) => {
  const submission = await findInboxSubmission(database(c.env.DB), c.req.param("id"), new Date());
  if (!submission?.declinedAt || (submission.intakeState !== "declining" && submission.intakeState !== "declined"))
    return renderNotFound(c);
  const { subject, body } = keptDeclineLetter(submission, submission.declinedAt);
  return c.body(`Subject: ${subject}\r\n\r\n${body.replace(/\r?\n/g, "\r\n")}\r\n`, 200, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Disposition": `attachment; filename="decline-letter-${submission.id.slice(0, 8)}.txt"`,
  });
});

/** Appends a private note. Its words reach neither the log line nor the activity log: only that a note was added. */
submissionRoutes.post(`${SUBMISSION}/notes`, async (c) => {
  const id = c.req.param("id");
  const added = await addNote(database(c.env.DB), id, {
    text: (await formField(c, "text")) ?? "",
    by: c.var.adminEmail,
    now: new Date(),
    formToken: (await formField(c, "token")) || undefined,
  });
  if (added === "not-found") return renderNotFound(c);
  if (added === "added") await audit(c, { action: "note", submissionId: id });
  return backToInquiry(c, id, added === "added" ? "note-added" : added === "already" ? "note-already" : "note-empty");
});

/** Sets the follow-up day, or clears it (`clear`). */
submissionRoutes.post(`${SUBMISSION}/follow-up`, async (c) => {
  const id = c.req.param("id");
  const clear = (await formField(c, "clear")) === "1";
  const day = clear ? undefined : ((await formField(c, "day"))?.trim() ?? "");
  const set = await setFollowUp(database(c.env.DB), id, day);
  if (set === "not-found") return renderNotFound(c);
  if (set === "day-invalid") return backToInquiry(c, id, "follow-up-invalid");
  if (set !== "unchanged")
    await audit(c, { action: "follow-up", submissionId: id, detail: day ? `Follow up on ${dayLabel(day)}` : "Cleared" });
  return backToInquiry(c, id, clear ? "follow-up-cleared" : "follow-up-set");
});
