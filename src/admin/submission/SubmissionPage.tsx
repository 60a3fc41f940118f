import { buttonClass } from "../../components/ButtonLink.tsx";
import { BackLink } from "../shared/BackLink.tsx";
import { fieldSpecs } from "../../contact/fields.ts";
import type { CheckView } from "../../db/conflict-check.ts";
import type { InboxSubmission } from "../../db/inbox.ts";
import type { ConflictCheckRow, EngagementLetter, InquiryNote } from "../../db/schema.ts";
import { ConsultationOffers, type OfferWithBooking } from "../consultations/ConsultationOffers.tsx";
import { EngagementLetters } from "../engagements/EngagementLetters.tsx";
import { Fact } from "../shared/Fact.tsx";
import { FollowUpBadge } from "../shared/FollowUpBadge.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { IntakeBadge } from "../shared/IntakeBadge.tsx";
import { When } from "../shared/When.tsx";
import { type DoneNotice, type NoticePart, doneNotices } from "../shared/notices.ts";
import { pageHeading } from "../shared/fields.ts";
import { replyHref } from "../shared/mail-links.ts";
import { Details, Notification } from "./DetailsPart.tsx";
import { Intake } from "./IntakePart.tsx";
import { Notes } from "./NotesPart.tsx";
import { DoneNote, Part, textBlock } from "./Part.tsx";

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
  // The notification e-mail has a part of its own only while it is not sent: a sent one is a line of the details.
  const delivery = s.state !== "sent";
  // Each action's notice is drawn in the part of the page it was taken in (its redirect scrolls there); at the
  // top when that part is not shown (a notification sent since).
  const doneIn = (part: NoticePart) => (done && doneNotices[done].part === part ? done : undefined);
  const atTop = done && doneNotices[done].part === "notification" && !delivery ? done : undefined;
  return (
    <>
      <BackLink href="/admin" beforeNotice>
        All inquiries
      </BackLink>
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
      <Details submission={s} delivery={delivery} />
      {delivery && <Notification submission={s} done={doneIn("notification")} />}

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
