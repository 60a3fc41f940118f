import type { ReactNode } from "react";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { fieldSpecs } from "../../contact/fields.ts";
import { site } from "../../content/index.ts";
import type { InboxSubmission } from "../../db/inbox.ts";
import { type DoneNotice, doneNotices, stateCopy } from "../copy.ts";
import { StateBadge } from "../components/DeliveryStatus.tsx";
import { Notice } from "../components/Notice.tsx";
import { pageHeading, standaloneLink } from "../components/fields.ts";
import { isoTime, seattleTime } from "../format.ts";
import { privacyHref } from "./PrivacyPage.tsx";

/** The subject the attorney's reply starts with. */
export const replySubject = `Your inquiry to ${site.practiceName}`;

/** A mailto: link to the visitor, with each part of the address percent-encoded (a local part may hold ?, # or %). */
export function replyHref(email: string): string {
  const at = email.lastIndexOf("@");
  const address = `${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
  return `mailto:${address}?subject=${encodeURIComponent(replySubject)}`;
}

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

/** One inquiry in full, what became of its notification, and what the attorney can do with it. */
export function SubmissionPage({ submission, done }: { submission: InboxSubmission; done?: DoneNotice }) {
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
            <div className="mt-4 rounded-lg border border-line bg-white p-6 leading-relaxed break-words whitespace-pre-wrap">
              {s[field.name] ?? "Not given"}
            </div>
          </Part>
        ))}
      <Part id="message" heading="Message">
        <div className="mt-4 rounded-lg border border-line bg-white p-6 leading-relaxed break-words whitespace-pre-wrap">{s.message}</div>
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <a href={replyHref(s.email)} className={buttonClass()}>
            Reply
          </a>
          <form method="post" action={`/admin/submissions/${s.id}/handled`}>
            <input type="hidden" name="handled" value={s.handledAt ? "no" : "yes"} />
            <button type="submit" className={buttonClass("secondary")}>
              {s.handledAt ? "Mark as not handled" : "Mark handled"}
            </button>
          </form>
        </div>
        {s.handledAt && (
          <p className="mt-4 text-muted">
            Handled <When date={s.handledAt} />
            {s.handledBy && ` by ${s.handledBy}`}.
          </p>
        )}
      </Part>

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
        <p className="mt-4">
          <a href={privacyHref(s.email)} className={standaloneLink}>
            Export or delete everything from this address
          </a>
        </p>
      </Part>
    </>
  );
}
