import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AdminHead } from "../shared/AdminHead.tsx";
import { monthsInWords } from "../../content/durations.ts";
import { site } from "../../content/index.ts";
import { fieldSpecs } from "../../contact/fields.ts";
import type { ExportedConsultation } from "../../db/consultations-inbox.ts";
import { type ExportedEngagementLetter, type PersonalSubmission, type Withheld, withheldKinds } from "../../db/privacy.ts";
import type { EngagementStatus } from "../../db/schema.ts";
import { engagementCopy } from "../shared/copy.ts";
import type { NotificationStatus } from "../../db/schema.ts";
import { isoTime, seattleTime } from "../shared/format.ts";

/*
 * The person's copy of their inquiries as a document to read, print or save as PDF from the browser, and
 * send: in the practice's voice, what they sent and how it reached the practice, and what it leaves out,
 * counted. Its own HTML document (no inbox around it), with the inbox's stylesheet and no script.
 */

const withheldWords: Readonly<Record<keyof Withheld, readonly [one: string, many: string]>> = {
  privateNotes: ["private note", "private notes"],
  conflictChecks: ["conflict check", "conflict checks"],
  intakeDecisions: ["intake decision", "intake decisions"],
  followUpReminders: ["follow-up reminder", "follow-up reminders"],
};

/** What the person's copy leaves out, as it tells them: "Withheld: 2 private notes, 1 conflict check." */
export function withheldLine(withheld: Withheld): string {
  const counted = withheldKinds
    .filter((kind) => withheld[kind] > 0)
    .map((kind) => `${withheld[kind].toLocaleString("en-US")} ${withheldWords[kind][withheld[kind] === 1 ? 0 : 1]}`);
  return counted.length > 0 ? `Withheld: ${counted.join(", ")}.` : "Withheld: nothing. We hold no such records about these inquiries.";
}

const deliveryWords: Readonly<Record<NotificationStatus, string>> = {
  sent: "Delivered to our mailbox",
  pending: "Not yet delivered to our mailbox; the inquiry itself is stored",
  failed: "Could not be delivered to our mailbox; the inquiry itself is stored",
};

function When({ at }: { at: string }) {
  return <time dateTime={isoTime(new Date(at))}>{seattleTime(new Date(at))}</time>;
}

function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-6 print:break-inside-avoid">
      <dt className="font-medium">{term}</dt>
      <dd className="break-words whitespace-pre-wrap">{children}</dd>
    </div>
  );
}

/** One inquiry: each field the form asked, where the visit came from, and the notification of it. */
function Inquiry({ inquiry }: { inquiry: PersonalSubmission }) {
  const erased = inquiry.messageErasedAt;
  /** A value, or why there is none: erased with the message (all but the conflict record), or never had. */
  const shown = (value: string | null, none: string, keptWithConflictRecord = false) =>
    value || <span className="text-muted">{erased && !keptWithConflictRecord ? "Erased" : none}</span>;
  const { status, sentAt } = inquiry.notification;
  return (
    <li className="border-t border-line pt-6 print:break-inside-avoid-page">
      <article aria-labelledby={`inquiry-${inquiry.id}`}>
        <h3 id={`inquiry-${inquiry.id}`} className="font-serif text-xl font-semibold tracking-tight">
          Received <When at={inquiry.receivedAt} />
        </h3>
        {erased && (
          <p className="mt-2 text-muted">
            Its message was erased on <When at={erased} />, as our privacy policy provides; the short record we keep for conflict checks
            remains.
          </p>
        )}
        <dl className="mt-2 divide-y divide-line">
          {fieldSpecs.map((field) => (
            <Entry key={field.name} term={field.inboxLabel}>
              {shown(inquiry[field.name], "Not given", field.conflictRecord)}
            </Entry>
          ))}
          <Entry term="Sent from our page">{shown(inquiry.sentFromPage, "Not known")}</Entry>
          <Entry term="First page of your visit">{shown(inquiry.firstPageOfVisit, "Not known")}</Entry>
          <Entry term="The website that sent you">{shown(inquiry.referringSite, "None, or not known")}</Entry>
          <Entry term="Our e-mail notification">
            {deliveryWords[status]}
            {status === "sent" && sentAt && (
              <>
                {", "}
                <When at={sentAt} />
              </>
            )}
            .
          </Entry>
          <Entry term="Reference">{inquiry.id}</Entry>
        </dl>
      </article>
    </li>
  );
}

/** A page of inquiries, as the document's list items. */
const InquiryList = ({ inquiries }: { inquiries: readonly PersonalSubmission[] }) =>
  inquiries.map((inquiry) => <Inquiry key={inquiry.id} inquiry={inquiry} />);

export interface PrivacyDocumentProps {
  /** The address the person wrote from. */
  readonly email: string;
  readonly preparedAt: Date;
  /** How many inquiries the document lists. */
  readonly total: number;
  readonly withheld: Withheld;
  /** The consultations offered from these inquiries, each kind by its name. */
  readonly consultations: readonly ExportedConsultation[];
  /** The engagement letters sent to the address, with the record of their signing. */
  readonly engagementLetters: readonly ExportedEngagementLetter[];
}

const bookingWords: Readonly<Record<NonNullable<ExportedConsultation["booking"]>["status"], string>> = {
  booked: "Booked",
  cancelled: "Cancelled",
  held: "Held",
  "no-show": "Booked, and recorded as missed",
};

/** One consultation we offered: when, which kinds, until when the link booked, and the booking it made. */
function Consultation({ consultation: each }: { consultation: ExportedConsultation }) {
  return (
    <li className="border-t border-line pt-6 print:break-inside-avoid-page">
      <dl className="divide-y divide-line">
        <Entry term="Offered">
          <When at={each.offeredAt} />
          {`: ${each.kinds.join(", ")}`}
        </Entry>
        <Entry term="How it reached you">
          {each.sentAt ? (
            <>
              {`E-mailed by us${each.sentTo ? ` to ${each.sentTo}` : ""}, `}
              <When at={each.sentAt} />
            </>
          ) : (
            "In a message from our own mailbox"
          )}
        </Entry>
        <Entry term="Its link booked until">
          <When at={each.linkValidUntil} />
          {each.withdrawnAt && (
            <>
              {"; withdrawn "}
              <When at={each.withdrawnAt} />
            </>
          )}
        </Entry>
        {each.booking && (
          <Entry term="Your booking">
            {`${bookingWords[each.booking.status]}: ${each.booking.kind}, `}
            <When at={each.booking.startsAt} />
            {` (you chose times in ${each.booking.timeZone}); booked `}
            <When at={each.booking.bookedAt} />
            {each.booking.changes > 0 && (
              <>
                {", last changed "}
                <When at={each.booking.changedAt} />
              </>
            )}
            .
          </Entry>
        )}
      </dl>
    </li>
  );
}

/** One engagement letter we sent: which, when, where it stands, and each step of its record. */
function EngagementLetterSent({ letter }: { letter: ExportedEngagementLetter }) {
  return (
    <li className="border-t border-line pt-6 print:break-inside-avoid-page">
      <dl className="divide-y divide-line">
        <Entry term="The letter">{`${letter.title}, version ${letter.version}: ${engagementCopy[letter.status as EngagementStatus].label}`}</Entry>
        <Entry term="Sent">
          <When at={letter.sentAt} />
        </Entry>
        {letter.signedAt && (
          <Entry term="Signed">
            {`“${letter.signedName ?? ""}”, `}
            <When at={letter.signedAt} />
          </Entry>
        )}
        <Entry term="Its record">
          <ol className="space-y-1">
            {letter.events.map((event) => (
              <li key={`${event.kind}-${event.at}`}>
                {`${event.kind}, `}
                <When at={event.at} />
                {event.ip && `, from ${event.ip}`}
                {event.userAgent && ` (${event.userAgent})`}
              </li>
            ))}
          </ol>
        </Entry>
        <Entry term="Fingerprint of its words (SHA-256)">
          <span className="font-mono text-sm break-all">{letter.letterSha256}</span>
        </Entry>
      </dl>
    </li>
  );
}

/** Where the inquiries go in the document's markup: an element, which no text can make (React escapes "<"). */
const INQUIRIES_SLOT = "<slot></slot>";

function PrivacyDocument({ email, preparedAt, total, withheld, consultations, engagementLetters }: PrivacyDocumentProps) {
  const prepared = seattleTime(preparedAt);
  return (
    <html lang="en">
      <AdminHead title={`Your information held by ${site.practiceName}, ${prepared}`} />
      <body className="print:bg-white">
        <main className="mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12 print:max-w-none print:p-0">
          <header className="border-b border-line pb-6">
            <p className="font-serif text-lg font-semibold tracking-tight">{site.practiceName}</p>
            <h1 className="mt-6 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">The information we hold about you</h1>
            <p className="mt-3 break-words text-muted">
              {`Prepared for ${email} on `}
              <time dateTime={isoTime(preparedAt)}>{prepared}</time>
              {". Times are Seattle time."}
            </p>
          </header>
          <p className="mt-6 leading-relaxed">
            {`You asked us what personal information we hold about you. This is every inquiry we hold from ${email}, sent through the contact form on our website: what you sent us, when it arrived, where your visit to our site came from, and whether the e-mail that tells us of a new inquiry reached our mailbox; any consultation we offered you, with the time you booked; and any engagement letter we sent you, with the record of its signing.`}
          </p>
          <section aria-labelledby="withheld-heading" className="mt-8 rounded-lg border border-line bg-paper-deep p-5 print:bg-white">
            <h2 id="withheld-heading" className="font-serif text-xl font-semibold tracking-tight">
              What this copy leaves out
            </h2>
            <p className="mt-2 leading-relaxed">
              Our own working records about these inquiries are not included: our private notes, our conflict checks, our decision on each
              inquiry (with the outcome of a conflict check and any note on it) and our follow-up reminders. They are our work as lawyers,
              and a conflict check can concern other people whose confidences the rules of professional conduct require us to keep.
            </p>
            <p className="mt-3 font-semibold">{withheldLine(withheld)}</p>
          </section>
          <section aria-labelledby="inquiries-heading" className="mt-10">
            <h2 id="inquiries-heading" className="font-serif text-2xl font-semibold tracking-tight">
              {total === 0
                ? "We hold no inquiry from this address"
                : total === 1
                  ? "Your inquiry"
                  : `Your ${total.toLocaleString("en-US")} inquiries, oldest first`}
            </h2>
            <ol className="mt-4 space-y-8">
              <slot />
            </ol>
          </section>
          {consultations.length > 0 && (
            <section aria-labelledby="consultations-heading" className="mt-10">
              <h2 id="consultations-heading" className="font-serif text-2xl font-semibold tracking-tight">
                {consultations.length === 1 ? "The consultation we offered you" : "The consultations we offered you, oldest first"}
              </h2>
              <p className="mt-2 leading-relaxed">
                When, which kinds, until when your private booking link worked, and the time you booked with it. The link itself is not
                kept: we hold only a fingerprint that recognises it.
              </p>
              <ol className="mt-4 space-y-8">
                {consultations.map((consultation, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: drawn once on the server, never reordered
                  <Consultation key={index} consultation={consultation} />
                ))}
              </ol>
            </section>
          )}
          {engagementLetters.length > 0 && (
            <section aria-labelledby="engagement-letters-heading" className="mt-10">
              <h2 id="engagement-letters-heading" className="font-serif text-2xl font-semibold tracking-tight">
                {engagementLetters.length === 1 ? "The engagement letter we sent you" : "The engagement letters we sent you, oldest first"}
              </h2>
              <p className="mt-2 leading-relaxed">
                {`Each step of its record: when, and the internet address and browser it came from. We keep these ${monthsInWords(site.retention.engagementRecordMonths)} after a letter's last step, as our privacy policy says, since they are the proof of what was agreed. The link itself is not kept: we hold only a fingerprint that recognises it.`}
              </p>
              <ol className="mt-4 space-y-8">
                {engagementLetters.map((letter) => (
                  <EngagementLetterSent key={`${letter.sentAt}-${letter.version}`} letter={letter} />
                ))}
              </ol>
            </section>
          )}
          <footer className="mt-12 border-t border-line pt-6 text-muted">
            <p>
              {"To correct or delete any of this, or with a question about it, write to us at "}
              <a href={`mailto:${site.email}`} className="text-accent underline underline-offset-4">
                {site.email}
              </a>
              .
            </p>
            <p className="mt-2">{site.practiceName}</p>
          </footer>
        </main>
      </body>
    </html>
  );
}

/**
 * The document as text to stream: its beginning, then each page of inquiries as it is read, then its end,
 * so an address that sent thousands of inquiries is never held in memory whole.
 */
export async function* privacyDocumentChunks(
  props: PrivacyDocumentProps,
  pages: AsyncIterable<readonly PersonalSubmission[]>,
): AsyncGenerator<string> {
  const shell = `<!doctype html>${renderToStaticMarkup(<PrivacyDocument {...props} />)}`;
  const at = shell.indexOf(INQUIRIES_SLOT);
  yield shell.slice(0, at);
  for await (const page of pages) yield renderToStaticMarkup(<InquiryList inquiries={page} />);
  yield shell.slice(at + INQUIRIES_SLOT.length);
}
