import type { ReactNode } from "react";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { fieldSpecs } from "../../contact/fields.ts";
import { type CheckView, namesToCheck } from "../../db/conflict-check.ts";
import { partyNames } from "../../db/conflict-names.ts";
import type { InboxSubmission } from "../../db/inbox.ts";
import { INTAKE_NOTE_MAX, checkOutcomes } from "../../db/intake.ts";
import { nextIntakeStates } from "../../db/intake-states.ts";
import { NOTE_MAX } from "../../db/notes.ts";
import type { ConflictCheckRow, EngagementLetter, InquiryNote, IntakeState } from "../../db/schema.ts";
import { type DoneNotice, type NoticePart, clearedSentence, doneNotices, intakeCopy, stateCopy } from "../shared/copy.ts";
import { CheckForm, CheckResults, checkSummary } from "../conflicts/CheckResults.tsx";
import { ConsultationOffers, type OfferWithBooking } from "../consultations/ConsultationOffers.tsx";
import { CancelDecline, DeclineLetter, PrepareDeclineLetter } from "./DeclineLetter.tsx";
import { EngagementLetters } from "../engagements/EngagementLetters.tsx";
import { StateBadge } from "../shared/DeliveryStatus.tsx";
import { FollowUpBadge } from "../shared/FollowUpBadge.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { IntakeBadge } from "../shared/IntakeBadge.tsx";
import { PartyRoleField } from "../register/PartyRoleField.tsx";
import { Notice } from "../shared/Notice.tsx";
import { fieldClass, labelClass, pageHeading, standaloneLink } from "../shared/fields.ts";
import { dayLabel, isoTime, seattleTime } from "../shared/format.ts";
import { inboxHref } from "../inbox/query.ts";
import { keptDeclineLetter, replyHref } from "../shared/mail-links.ts";

const sectionHeading = "font-serif text-2xl font-semibold tracking-tight";

function When({ date }: { date: Date }) {
  return <time dateTime={isoTime(date)}>{seattleTime(date)}</time>;
}

/** One labelled fact of a description list. */
function Fact({ term, wrap = "", children }: { term: string; wrap?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-widest text-muted uppercase">{term}</dt>
      <dd className={`mt-1 ${wrap}`}>{children}</dd>
    </div>
  );
}

/** An action's notice, where it is shown; "{email}" in its words is the inquiry's address. */
function DoneNote({ done, email, className }: { done: DoneNotice; email: string; className?: string }) {
  return (
    <Notice tone={doneNotices[done].tone} className={className}>
      {doneNotices[done].text.replace("{email}", email)}
    </Notice>
  );
}

/**
 * A part of the page under its own heading (h2), named by it; with the notice of an action taken in it, right
 * under the heading, where the action's redirect scrolls to (`#id`).
 */
function Part({
  id,
  heading,
  done,
  email = "",
  children,
}: {
  id: string;
  heading: string;
  done?: DoneNotice;
  /** The inquiry's address, for a notice that names it. */
  email?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-4">
      <h2 id={`${id}-heading`} className={sectionHeading}>
        {heading}
      </h2>
      {done && <DoneNote done={done} email={email} className="mt-4" />}
      {children}
    </section>
  );
}

const textBlock = "mt-4 rounded-lg border border-line bg-white p-4 leading-relaxed break-words whitespace-pre-wrap md:p-6";

export interface SubmissionPageProps {
  readonly submission: InboxSubmission;
  readonly done?: DoneNotice;
  /** The inquiry's latest conflict check, with what it found as it stands now. */
  readonly check?: CheckView;
  /** The latest check searched the names the inquiry gives now: an outcome may rest on it. */
  readonly checkCurrent: boolean;
  /** The check the intake's recorded outcome rests on, if any. */
  readonly outcomeCheck?: ConflictCheckRow;
  readonly notes: readonly InquiryNote[];
  /** Today in Seattle (YYYY-MM-DD). */
  readonly today: string;
  /** The conflict register's client this inquiry's engagement added its matter to, if it did. */
  readonly registerClient?: { readonly id: string; readonly name: string };
  /** The consultations offered from this inquiry, newest first, each with its booking. */
  readonly consultations?: readonly OfferWithBooking[];
  /** The engagement letters sent from this inquiry, newest version first. */
  readonly engagementLetters?: readonly EngagementLetter[];
  /** When the page is drawn: whether an offer's link is open, a consultation's time begun. */
  readonly now?: Date;
}

/**
 * One inquiry, in the order she decides on it: who wrote and what they wrote, where its intake stands and the
 * next steps (a conflict check of every name at once, its outcome, declining in writing), its consultations
 * (offered from a cleared inquiry, booked, held), its engagement letters (prepared from a cleared inquiry, each
 * version and where it stands), the practice's notes and follow-up; then its reference and where it came from, its notification e-mail only while it is not
 * sent, and the privacy actions.
 */
export function SubmissionPage({
  submission: s,
  done,
  check,
  checkCurrent,
  outcomeCheck,
  notes,
  today,
  registerClient,
  consultations = [],
  engagementLetters = [],
  now = new Date(),
}: SubmissionPageProps) {
  const canResend = s.state === "failed" || s.state === "stuck";
  // The notification e-mail has a part of its own only while it is not sent: a sent one is a line of the details.
  const delivery = s.state !== "sent";
  // Each action's notice is drawn in the part of the page it was taken in (its redirect scrolls there); at the
  // top when that part is not shown (a notification sent since).
  const doneIn = (part: NoticePart) => (done && doneNotices[done].part === part ? done : undefined);
  const atTop = done && doneNotices[done].part === "notification" && !delivery ? done : undefined;
  return (
    <>
      <p className="pb-4">
        <a href="/admin" className={standaloneLink}>
          All inquiries
        </a>
      </p>
      {atTop && <DoneNote done={atTop} email={s.email} />}
      <h1 className={`${pageHeading} break-words`}>{s.name}</h1>
      <p className="mt-3 flex flex-wrap items-center gap-2">
        <a href="#intake" className="inline-flex min-h-6 items-center">
          <IntakeBadge state={s.intakeState} />
          <span className="sr-only">: the intake</span>
        </a>
        {s.followUpOn && <FollowUpBadge day={s.followUpOn} today={today} />}
      </p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {whoFields.map((field) => (
          <Fact key={field.name} term={field.inboxLabel} wrap={field.kind === "email" ? "break-all" : "break-words"}>
            {s[field.name] ?? "Not given"}
          </Fact>
        ))}
        <Fact term="Received">
          <When date={s.createdAt} />
        </Fact>
      </dl>

      <Part id="message" heading="Message">
        {s.messageErasedAt ? (
          <p className="mt-4 text-muted">
            Erased <When date={s.messageErasedAt} /> under the retention policy; the conflict record above is kept.
          </p>
        ) : (
          <div className={textBlock}>{s.message}</div>
        )}
        <p className="mt-6">
          <a href={replyHref(s.email)} className={buttonClass("secondary")}>
            Reply
          </a>
        </p>
      </Part>

      {fieldSpecs
        .filter((field) => field.kind === "text" && field.name !== "message")
        .map((field) => (
          <Part key={field.name} id={field.name} heading={field.inboxLabel}>
            <div className={textBlock}>{s[field.name] ?? "Not given"}</div>
          </Part>
        ))}

      <Intake
        submission={s}
        done={doneIn("intake")}
        check={check}
        checkCurrent={checkCurrent}
        outcomeCheck={outcomeCheck}
        today={today}
        registerClient={registerClient}
      />

      {(s.intakeState === "cleared" || consultations.length > 0 || doneIn("consultations")) && (
        <Part id="consultations" heading="Consultation" done={doneIn("consultations")} email={s.email}>
          <ConsultationOffers submission={s} offers={consultations} now={now} />
        </Part>
      )}

      {(s.intakeState === "cleared" || engagementLetters.length > 0 || doneIn("engagement")) && (
        <Part id="engagement" heading="Engagement letter" done={doneIn("engagement")} email={s.email}>
          <EngagementLetters submission={s} letters={engagementLetters} now={now} />
        </Part>
      )}

      <Notes submission={s} done={doneIn("notes")} notes={notes} today={today} />

      <Part id="details" heading="Reference and where it came from">
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <Fact term="Reference" wrap="text-sm break-all">
            {s.id}
          </Fact>
          {otherLineFields.map((field) => (
            <Fact key={field.name} term={field.inboxLabel} wrap="break-words">
              {s[field.name] ?? "Not given"}
            </Fact>
          ))}
          {!delivery && (
            <Fact term="Notification e-mail">
              {s.notifiedAt ? (
                <>
                  Sent <When date={s.notifiedAt} />
                </>
              ) : (
                "Sent"
              )}
            </Fact>
          )}
        </dl>
        <CameFrom submission={s} />
      </Part>

      {delivery && (
        <Part id="notification" heading="Notification e-mail" done={doneIn("notification")}>
          <p className="mt-4 flex flex-wrap items-center gap-3">
            <StateBadge state={s.state} />
            <span>{stateCopy[s.state].meaning}</span>
          </p>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <Fact term="Attempts">{s.notificationAttempts}</Fact>
            {s.notificationLastAttemptAt && (
              <Fact term="Last attempt">
                <When date={s.notificationLastAttemptAt} />
              </Fact>
            )}
            {s.notificationError && (
              <Fact term="Last error" wrap="break-words">
                {s.notificationError}
              </Fact>
            )}
          </dl>
          {canResend && (
            <form method="post" action={`/admin/submissions/${s.id}/resend`} className="mt-6">
              <button type="submit" className={buttonClass()}>
                Send the notification again
              </button>
            </form>
          )}
        </Part>
      )}

      <Part id="privacy" heading="Privacy">
        <form method="post" action="/admin/privacy" className="mt-4">
          <HiddenFields fields={{ email: s.email }} />
          <button type="submit" className={buttonClass("secondary")}>
            Export or delete everything from this address
          </button>
        </form>
      </Part>
    </>
  );
}

/** Who wrote, under their name: the e-mail and the summary fields (the organization). */
const whoFields = fieldSpecs.filter((field) => field.kind === "email" || field.summary);
/** The form's other one-line answers ("How did you hear about us?"), with where the inquiry came from. */
const otherLineFields = fieldSpecs.filter((field) => field.kind === "line" && field.name !== "name" && !field.summary);

/** Where the inquiry came from, as the site noted it (src/contact/attribution.ts), each a link to the others like it. */
function CameFrom({ submission: s }: { submission: InboxSubmission }) {
  const sources = [
    { term: "Sent from the page", value: s.sourcePage },
    { term: "First page of the visit", value: s.landingPage },
    { term: "Came from the site", value: s.referrerHost },
  ];
  return (
    <section aria-labelledby="source-heading" className="mt-6">
      <h3 id="source-heading" className="text-lg font-semibold">
        Where it came from
      </h3>
      <dl className="mt-3 grid gap-4 sm:grid-cols-3">
        {sources.map(({ term, value }) => (
          <Fact key={term} term={term} wrap="break-all">
            {value ? (
              <a href={inboxHref({ source: value })} className={standaloneLink}>
                {value}
                <span className="sr-only">: every inquiry from it</span>
              </a>
            ) : (
              <span className="text-muted">{term === "Came from the site" ? "None noted" : "Not known"}</span>
            )}
          </Fact>
        ))}
      </dl>
    </section>
  );
}

/** The intake: where it stands, the conflict check of every name, and the steps that may follow. */
function Intake({
  submission: s,
  done,
  check,
  checkCurrent,
  outcomeCheck,
  today,
  registerClient,
}: {
  submission: InboxSubmission;
  done?: DoneNotice;
  check?: CheckView;
  checkCurrent: boolean;
  outcomeCheck?: ConflictCheckRow;
  today: string;
  registerClient?: SubmissionPageProps["registerClient"];
}) {
  const next = nextIntakeStates[s.intakeState];
  const from = { from: s.intakeState };
  const action = `/admin/submissions/${s.id}/intake`;
  const outcomes = checkCurrent ? next.filter((state) => checkOutcomes.has(state)) : [];
  const steps = next.filter((state) => !checkOutcomes.has(state) && state !== "declining" && state !== "declined" && state !== "engaged");
  return (
    <Part id="intake" heading="Intake" done={done}>
      <p className="mt-4 flex flex-wrap items-center gap-3">
        <IntakeBadge state={s.intakeState} />
        <span>{intakeCopy[s.intakeState].meaning}</span>
      </p>
      {s.intakeChangedAt && (
        <p className="mt-2 text-muted">
          Recorded <When date={s.intakeChangedAt} />
          {s.intakeChangedBy && ` by ${s.intakeChangedBy}`}
          {s.intakeCheckId !== null && checkOutcomes.has(s.intakeState) && (
            <>
              {", on "}
              <a href={`/admin/submissions/${s.id}/checks/${s.intakeCheckId}`} className={standaloneLink}>
                the conflict check it rests on
              </a>
            </>
          )}
          .
        </p>
      )}
      {s.intakeState === "cleared" && outcomeCheck && <p className="mt-2 font-medium">{clearedSentence(outcomeCheck, s.clearedReason)}</p>}
      {s.intakeState === "conflict" && s.intakeNote && <div className={textBlock}>{s.intakeNote}</div>}
      {registerClient && (
        <p className="mt-2">
          {"In the conflict register as a matter of "}
          <a href={`/admin/register/clients/${registerClient.id}`} className={standaloneLink}>
            {registerClient.name}
          </a>
          .
        </p>
      )}
      {s.intakeState === "declined" && s.declineLetterSentOn && (
        <p className="mt-2">{`The letter was sent on ${dayLabel(s.declineLetterSentOn)}.`}</p>
      )}

      {(s.intakeState === "declining" || s.intakeState === "declined") && s.declinedAt && (
        <DeclineLetter submission={s} letter={keptDeclineLetter(s, s.declinedAt)} />
      )}
      {s.intakeState === "declining" && <LetterSent submission={s} today={today} />}
      {s.intakeState === "declining" && s.declinedFrom && <CancelDecline submissionId={s.id} to={s.declinedFrom} />}

      <h3 className="mt-8 text-lg font-semibold">Check for conflicts</h3>
      <p className="mt-1 max-w-3xl text-muted">
        {`Searches the conflict register and every inquiry ever received for each name this one gives: ${namesToCheck(s)
          .map((name) => `“${name.text}”`)
          .join(", ")}.`}
      </p>
      {check ? (
        <>
          <p className="mt-3 font-medium">{checkSummary(check)}</p>
          {!checkCurrent && <p className="mt-1 text-danger">That check searched other names than the inquiry gives now: check again.</p>}
          <CheckResults view={check} submissionId={s.id} />
        </>
      ) : (
        <p className="mt-3">No check yet.</p>
      )}
      <CheckForm submissionId={s.id} again={check !== undefined} />

      {next.length > 0 && s.intakeState !== "declining" && (
        <>
          <h3 className="mt-8 text-lg font-semibold">Record the next step</h3>
          {!checkCurrent && next.some((state) => checkOutcomes.has(state)) && (
            <p className="mt-1 max-w-3xl text-muted">
              “Conflict cleared” and “possible conflict” can be recorded once all names are checked: each rests on that check.
            </p>
          )}
          {check && outcomes.length > 0 && (
            <CheckOutcomeForms outcomes={outcomes} matches={check.check.matchCount} action={action} fields={from} />
          )}
          {next.includes("engaged") && <EngageForm submission={s} action={action} fields={from} />}
          {steps.length > 0 && (
            <div className="mt-6 flex flex-wrap items-start gap-3">
              {steps.map((state) => (
                <IntakeButton key={state} action={action} state={state} fields={from} />
              ))}
            </div>
          )}
          {next.includes("declining") && <PrepareDeclineLetter submission={s} from={s.intakeState} />}
        </>
      )}
    </Part>
  );
}

/**
 * A current check's outcomes. With no match, clearing is the one-tap step; with matches, a possible conflict
 * comes first, and clearing asks why none of them is a conflict (the server refuses it without).
 */
function CheckOutcomeForms({
  outcomes,
  matches,
  action,
  fields,
}: {
  outcomes: readonly IntakeState[];
  matches: number;
  action: string;
  fields: Record<string, string>;
}) {
  // Whether this check's outcome is still to be decided: once cleared, only a possible conflict may follow.
  const deciding = outcomes.includes("cleared");
  const conflict = outcomes.includes("conflict") && (
    <form method="post" action={action} className="mt-4 max-w-2xl">
      <HiddenFields fields={{ state: "conflict", ...fields }} />
      <label htmlFor="intake-note" className={labelClass}>
        What the possible conflict is
      </label>
      <textarea id="intake-note" name="note" rows={3} maxLength={INTAKE_NOTE_MAX} required className={fieldClass} />
      <button type="submit" className={`${buttonClass(matches > 0 && deciding ? "primary" : "secondary")} mt-3`}>
        {intakeCopy.conflict.action}
      </button>
    </form>
  );
  if (matches === 0 || !deciding)
    return (
      <>
        {deciding && (
          <div className="mt-4">
            <IntakeButton action={action} state="cleared" fields={fields} primary />
          </div>
        )}
        {conflict}
      </>
    );
  return (
    <>
      <p className="mt-1 max-w-3xl">
        {`The check found ${matches === 1 ? "1 other inquiry" : `${matches} other inquiries`}: ${conflict ? "record a possible conflict, or clear it with your reason" : "to clear it, give your reason"}.`}
      </p>
      {conflict}
      <form method="post" action={action} className="mt-6 max-w-2xl">
        <HiddenFields fields={{ state: "cleared", ...fields }} />
        <label htmlFor="cleared-reason" className={labelClass}>
          Why none of the matches is a conflict
        </label>
        <textarea id="cleared-reason" name="reason" rows={2} maxLength={INTAKE_NOTE_MAX} required className={fieldClass} />
        <button type="submit" className={`${buttonClass("secondary")} mt-3`}>
          {intakeCopy.cleared.action}
        </button>
      </form>
    </>
  );
}

/**
 * "Record: engaged", which adds the client, the matter and its parties to the conflict register: the matter's
 * name, and the role of each party the inquiry names (asked, never assumed).
 */
function EngageForm({ submission: s, action, fields }: { submission: InboxSubmission; action: string; fields: Record<string, string> }) {
  const parties = partyNames(s.parties);
  return (
    <form method="post" action={action} className="mt-6 max-w-2xl rounded-lg border border-line p-4">
      <HiddenFields fields={{ state: "engaged", ...fields }} />
      <p className="max-w-3xl">
        {`Engaging adds ${s.name} to the conflict register as a client, with this matter${s.organization ? `, ${s.organization} on the client's side` : ""}${parties.length > 0 ? " and the parties named below" : ""}.`}
      </p>
      <label htmlFor="engage-title" className={`${labelClass} mt-4`}>
        The matter
      </label>
      <input id="engage-title" name="title" required maxLength={200} defaultValue={s.organization ?? ""} className={fieldClass} />
      {parties.map((party, index) => (
        <PartyRoleField key={party} idPrefix="engage" index={index} party={party} />
      ))}
      <button type="submit" className={`${buttonClass("secondary")} mt-4`}>
        {intakeCopy.engaged.action}
      </button>
    </form>
  );
}

function IntakeButton({
  action,
  state,
  fields,
  primary = false,
}: {
  action: string;
  state: IntakeState;
  fields: Record<string, string>;
  primary?: boolean;
}) {
  return (
    <form method="post" action={action}>
      <HiddenFields fields={{ state, ...fields }} />
      <button type="submit" className={buttonClass(primary ? "primary" : "secondary")}>
        {intakeCopy[state].action}
      </button>
    </form>
  );
}

/** The decline's second step: the day the letter went out (today unless said otherwise). */
function LetterSent({ submission: s, today }: { submission: InboxSubmission; today: string }) {
  return (
    <form method="post" action={`/admin/submissions/${s.id}/letter-sent`} className="mt-6 flex flex-wrap items-end gap-4">
      <HiddenFields fields={{ from: "declining" }} />
      <div>
        <label htmlFor="letter-sent-on" className={labelClass}>
          Sent on
        </label>
        <input id="letter-sent-on" name="sentOn" type="date" required defaultValue={today} max={today} className={fieldClass} />
      </div>
      <button type="submit" className={buttonClass()}>
        {intakeCopy.declined.action}
      </button>
    </form>
  );
}

/** The practice's private notes (appended, with who and when) and the follow-up day. */
function Notes({
  submission: s,
  done,
  notes,
  today,
}: {
  submission: InboxSubmission;
  done?: DoneNotice;
  notes: readonly InquiryNote[];
  today: string;
}) {
  return (
    <Part id="notes" heading="Notes and follow-up" done={done}>
      <p className="mt-2 max-w-3xl text-muted">
        Private to the practice: never in an e-mail or a log. Each note is kept as written, with who wrote it and when.
      </p>
      {notes.length > 0 && (
        <ol className="mt-4 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-line bg-white p-4">
              <p className="text-sm text-muted">
                {`${note.author}, `}
                <When date={note.at} />
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form method="post" action={`/admin/submissions/${s.id}/notes`} className="mt-4 max-w-2xl">
        <HiddenFields fields={{ token: crypto.randomUUID() }} />
        <label htmlFor="note-text" className={labelClass}>
          Add a note
        </label>
        <textarea id="note-text" name="text" rows={3} maxLength={NOTE_MAX} required className={fieldClass} />
        <button type="submit" className={`${buttonClass("secondary")} mt-3`}>
          Add the note
        </button>
      </form>
      <form method="post" action={`/admin/submissions/${s.id}/follow-up`} className="mt-8 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="follow-up-on" className={labelClass}>
            Follow up on
          </label>
          <input
            id="follow-up-on"
            name="day"
            type="date"
            required
            defaultValue={s.followUpOn ?? ""}
            min={s.followUpOn && s.followUpOn < today ? s.followUpOn : today}
            className={fieldClass}
          />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {s.followUpOn ? "Change the day" : "Set the follow-up"}
        </button>
      </form>
      {s.followUpOn && (
        <form method="post" action={`/admin/submissions/${s.id}/follow-up`} className="mt-3">
          <HiddenFields fields={{ clear: "1" }} />
          <button type="submit" className={standaloneLink}>
            Done: clear the follow-up
          </button>
        </form>
      )}
    </Part>
  );
}
