import type { ReactNode } from "react";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { fieldSpecs } from "../../contact/fields.ts";
import type { InboxSubmission } from "../../db/inbox.ts";
import { INTAKE_NOTE_MAX, nextIntakeStates } from "../../db/intake.ts";
import { type DoneNotice, doneNotices, intakeCopy, stateCopy } from "../copy.ts";
import { StateBadge } from "../components/DeliveryStatus.tsx";
import { HiddenFields } from "../components/HiddenFields.tsx";
import { IntakeBadge } from "../components/IntakeBadge.tsx";
import { Notice } from "../components/Notice.tsx";
import { fieldClass, labelClass, pageHeading, standaloneLink } from "../components/fields.ts";
import { isoTime, seattleTime } from "../format.ts";
import { declineLetterHref, replyHref } from "../mail-links.ts";

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

/** A part of the page under its own heading (h2), named by it. */
function Part({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <h2 id={`${id}-heading`} className={sectionHeading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

const textBlock = "mt-4 rounded-lg border border-line bg-white p-6 leading-relaxed break-words whitespace-pre-wrap";

/** The names a conflict check of this inquiry searches for: the sender, the organization, each other party. */
function namesToCheck(s: InboxSubmission): string[] {
  const parties = (s.parties ?? "").split(/[\n;]/).map((party) => party.trim());
  return [...new Set([s.name, s.organization ?? "", ...parties].filter(Boolean))];
}

/**
 * One inquiry in full: what the visitor wrote, where its intake stands and the next steps (a conflict check,
 * recording its outcome, declining in writing), its notification e-mail, and the privacy actions.
 */
export function SubmissionPage({ submission, done, now }: { submission: InboxSubmission; done?: DoneNotice; now: Date }) {
  const s = submission;
  const canResend = s.state === "failed" || s.state === "stuck";
  return (
    <>
      <p className="pb-4">
        <a href="/admin" className={standaloneLink}>
          All inquiries
        </a>
      </p>
      {done && <Notice tone={doneNotices[done].tone}>{doneNotices[done].text}</Notice>}
      <h1 className={`${pageHeading} break-words`}>{s.name}</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        {fieldSpecs
          .filter((field) => field.name !== "name" && field.kind !== "text")
          .map((field) => (
            <Fact key={field.name} term={field.inboxLabel} wrap={field.kind === "email" ? "break-all" : "break-words"}>
              {s[field.name] ?? "Not given"}
            </Fact>
          ))}
        <Fact term="Received">
          <When date={s.createdAt} />
        </Fact>
        <Fact term="Reference" wrap="text-sm break-all">
          {s.id}
        </Fact>
      </dl>

      {fieldSpecs
        .filter((field) => field.kind === "text" && field.name !== "message")
        .map((field) => (
          <Part key={field.name} id={field.name} heading={field.inboxLabel}>
            <div className={textBlock}>{s[field.name] ?? "Not given"}</div>
          </Part>
        ))}

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

      <Intake submission={s} now={now} />

      <Part id="notification" heading="Notification e-mail">
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
          {s.notifiedAt && (
            <Fact term="Sent">
              <When date={s.notifiedAt} />
            </Fact>
          )}
          {s.notificationError && s.state !== "sent" && (
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

/** The intake: where it stands, a conflict check of each name, and the steps that may follow. */
function Intake({ submission: s, now }: { submission: InboxSubmission; now: Date }) {
  const next = nextIntakeStates[s.intakeState];
  const action = `/admin/submissions/${s.id}/intake`;
  return (
    <Part id="intake" heading="Intake">
      <p className="mt-4 flex flex-wrap items-center gap-3">
        <IntakeBadge state={s.intakeState} />
        <span>{intakeCopy[s.intakeState].meaning}</span>
      </p>
      {s.intakeChangedAt && (
        <p className="mt-2 text-muted">
          Recorded <When date={s.intakeChangedAt} />
          {s.intakeChangedBy && ` by ${s.intakeChangedBy}`}.
        </p>
      )}
      {s.intakeNote && <div className={textBlock}>{s.intakeNote}</div>}
      {s.intakeState === "declined" && (
        <p className="mt-6">
          <a href={declineLetterHref(s, now)} className={buttonClass()}>
            Open the non-engagement letter
          </a>
        </p>
      )}

      <h3 className="mt-8 text-lg font-semibold">Check for conflicts</h3>
      <p className="mt-1 text-muted">Search every inquiry ever received for each name this one gives.</p>
      <ul className="mt-3 flex flex-wrap gap-3">
        {namesToCheck(s).map((name) => (
          <li key={name}>
            <form method="post" action="/admin/conflicts">
              <HiddenFields fields={{ q: name }} />
              <button type="submit" className={buttonClass("secondary")}>
                Search “{name}”
              </button>
            </form>
          </li>
        ))}
      </ul>

      {next.length > 0 && (
        <>
          <h3 className="mt-8 text-lg font-semibold">Record the next step</h3>
          <div className="mt-3 flex flex-wrap items-start gap-3">
            {next
              .filter((state) => state !== "conflict")
              .map((state) => (
                <form key={state} method="post" action={state === "declined" ? `/admin/submissions/${s.id}/decline` : action}>
                  {state !== "declined" && <HiddenFields fields={{ state }} />}
                  <button type="submit" className={buttonClass(state === "declined" || state === "cleared" ? "primary" : "secondary")}>
                    {intakeCopy[state].action}
                  </button>
                </form>
              ))}
          </div>
          {next.includes("conflict") && (
            <form method="post" action={action} className="mt-6 max-w-2xl">
              <HiddenFields fields={{ state: "conflict" }} />
              <label htmlFor="intake-note" className={labelClass}>
                What the possible conflict is
              </label>
              <textarea id="intake-note" name="note" rows={3} maxLength={INTAKE_NOTE_MAX} required className={fieldClass} />
              <button type="submit" className={`${buttonClass("secondary")} mt-3`}>
                {intakeCopy.conflict.action}
              </button>
            </form>
          )}
        </>
      )}
    </Part>
  );
}
