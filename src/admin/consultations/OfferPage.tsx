import { buttonClass } from "../../components/ButtonLink.tsx";
import { Section } from "../shared/Section.tsx";
import { PrivateLink } from "../shared/PrivateLink.tsx";
import { BackLink, DoneLink } from "../shared/BackLink.tsx";
import { CopyButton } from "../shared/CopyButton.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { Notice } from "../shared/Notice.tsx";
import { fieldClass, labelClass, pageHeading } from "../shared/fields.ts";
import { type Letter, letterHref } from "../shared/mail-links.ts";
import { Envelope, LetterDraft } from "../shared/Letter.tsx";

/** The longest letter and subject the offer's send takes. */
export const OFFER_LETTER_MAX = 20_000;
const OFFER_SUBJECT_MAX = 200;

export interface OfferPageProps {
  readonly submission: { readonly id: string; readonly name: string; readonly email: string };
  readonly offerId: string;
  /** The kinds offered, named, and the last day the link books, written long. */
  readonly kindNames: string;
  readonly lastDay: string;
  /** The link's secret and the link itself: shown on this page only, never stored. */
  readonly token: string;
  readonly link: string;
  /** The letter as prepared, or as she left it when a send failed. */
  readonly letter: Letter;
  /** The practice's sending address (CLIENT_MAIL_FROM) when it can send to clients, and where replies go. */
  readonly sendFrom?: string;
  readonly replyTo: string;
  /** Why the letter was not sent, when a send was tried. */
  readonly error?: string;
}

/**
 * The offer just made, and the only page its private link is ever shown on (the practice keeps its SHA-256
 * alone): the letter filled in for the person, to adapt and send from the practice (when it can send to
 * clients), and always the link to copy and the letter to open in her own mail program.
 */
export function OfferPage({ submission: s, offerId, kindNames, lastDay, token, link, letter, sendFrom, replyTo, error }: OfferPageProps) {
  const letterField = <LetterDraft id="offer-letter" rows={22} maxLength={OFFER_LETTER_MAX} text={letter.body} />;
  const letterSection = (
    <Section id="offer-letter" heading="The letter" className="mt-10 max-w-3xl" anchored={false}>
      {sendFrom ? (
        <form method="post" action={`/admin/submissions/${s.id}/offers/${offerId}/send`} className="mt-4">
          <HiddenFields fields={{ token }} />
          <p className="text-muted">Adapt it if you like: it goes as you leave it here, with its link.</p>
          <Envelope email={s.email} from={`${sendFrom}, replies to ${replyTo}`} />
          <label htmlFor="offer-subject" className={`${labelClass} mt-4`}>
            Subject
          </label>
          <input
            id="offer-subject"
            name="subject"
            required
            maxLength={OFFER_SUBJECT_MAX}
            defaultValue={letter.subject}
            className={fieldClass}
          />
          <label htmlFor="offer-letter" className={`${labelClass} mt-4`}>
            The letter
          </label>
          {letterField}
          <button type="submit" className={`${buttonClass()} mt-4`}>
            Send from the practice
          </button>
        </form>
      ) : (
        <div className="mt-4">
          <p>
            {"Sending to clients is not set up, so the practice cannot send this letter itself (docs/operators.md, “Mail to clients”). "}
            Copy the link above into a message from your own mail program, or open the letter there.
          </p>
          <Envelope email={s.email} subject={letter.subject} />
          <label htmlFor="offer-letter" className={`${labelClass} mt-4`}>
            The letter
          </label>
          {letterField}
          <div className="mt-4 flex flex-wrap gap-3">
            <CopyButton source="offer-letter" status="offer-letter-status" copied="Copied: paste it into a new e-mail to the person.">
              Copy the letter
            </CopyButton>
          </div>
          <p id="offer-letter-status" role="status" className="mt-2 text-sm font-medium" />
        </div>
      )}
    </Section>
  );
  const linkSection = (
    <Section id="offer-link" heading="The booking link" className="mt-10 max-w-3xl" anchored={false}>
      <PrivateLink
        id="booking-link"
        status="booking-link-status"
        label={`${s.name}'s private link, good for one booking`}
        link={link}
        copy={{ button: "Copy the link", copied: "Copied: paste it into your message to the person." }}
        open={{ href: letterHref(s.email, letter), label: "Open the letter in your mail program" }}
      />
      <p className="mt-2 text-sm text-muted">
        The mail program opens the letter as this page was drawn, with the link in it; edits made to it on this page are not carried over.
      </p>
    </Section>
  );
  return (
    <>
      <BackLink href={`/admin/submissions/${s.id}#consultations`} beforeNotice>{`Back to ${s.name}`}</BackLink>
      {error ? (
        <Notice tone="error">{error}</Notice>
      ) : (
        <Notice>{`The offer is made: ${kindNames}, its link good until the end of ${lastDay}.`}</Notice>
      )}
      <h1 className={`${pageHeading} break-words`}>{`Offer a consultation to ${s.name}`}</h1>
      <p className="mt-3 max-w-3xl">
        This page is the only place the private booking link is shown: the practice keeps only a fingerprint of it. Send the letter or copy
        the link before you leave the page; if it is lost, withdraw the offer on the inquiry and make another.
      </p>

      {/* The link first when the practice cannot send: copying it is then the way the offer goes out. */}
      {sendFrom ? (
        <>
          {letterSection}
          {linkSection}
        </>
      ) : (
        <>
          {linkSection}
          {letterSection}
        </>
      )}

      <DoneLink href={`/admin/submissions/${s.id}#consultations`} />
    </>
  );
}
