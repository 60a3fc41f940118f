import { renderToStaticMarkup } from "react-dom/server";
import { Section } from "../shared/Section.tsx";
import { AdminHead } from "../shared/AdminHead.tsx";
import { monthsInWords } from "../../content/durations.ts";
import { site } from "../../content/index.ts";
import type { ExportedConsultation } from "../../db/consultations-inbox.ts";
import { type ExportedEngagementLetter, type PersonalSubmission, type Withheld, withheldKinds } from "../../db/privacy.ts";
import { isoTime, seattleTime } from "../shared/format.ts";
import { InquiryList } from "./DocumentInquiry.tsx";
import { Consultation, EngagementLetterSent } from "./DocumentRecords.tsx";

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
          <Section
            id="inquiries"
            heading={
              total === 0
                ? "We hold no inquiry from this address"
                : total === 1
                  ? "Your inquiry"
                  : `Your ${total.toLocaleString("en-US")} inquiries, oldest first`
            }
            className="mt-10"
            anchored={false}
          >
            <ol className="mt-4 space-y-8">
              <slot />
            </ol>
          </Section>
          {consultations.length > 0 && (
            <Section
              id="consultations"
              heading={consultations.length === 1 ? "The consultation we offered you" : "The consultations we offered you, oldest first"}
              className="mt-10"
              anchored={false}
            >
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
            </Section>
          )}
          {engagementLetters.length > 0 && (
            <Section
              id="engagement-letters"
              heading={
                engagementLetters.length === 1 ? "The engagement letter we sent you" : "The engagement letters we sent you, oldest first"
              }
              className="mt-10"
              anchored={false}
            >
              <p className="mt-2 leading-relaxed">
                {`Each step of its record: when, and the internet address and browser it came from. We keep these ${monthsInWords(site.retention.engagementRecordMonths)} after a letter's last step, as our privacy policy says, since they are the proof of what was agreed. The link itself is not kept: we hold only a fingerprint that recognises it.`}
              </p>
              <ol className="mt-4 space-y-8">
                {engagementLetters.map((letter) => (
                  <EngagementLetterSent key={`${letter.sentAt}-${letter.version}`} letter={letter} />
                ))}
              </ol>
            </Section>
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
