import { buttonClass } from "../../components/ButtonLink.tsx";
import { DECLINE_LETTER_MAX } from "../../db/intake.ts";
import type { IntakeState } from "../../db/schema.ts";
import { intakeCopy } from "../shared/copy.ts";
import { type Letter, declineLetter, letterHref } from "../shared/mail-links.ts";
import { CopyButton } from "../shared/CopyButton.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { Envelope, LetterDraft, sheet } from "../shared/Letter.tsx";
import { labelClass } from "../shared/fields.ts";

interface Visitor {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

/**
 * "Prepare the decline letter": the letter filled in for this visitor, as text to adapt to the matter, and
 * the first step of declining, which keeps it as written. Nothing is recorded until that button; a
 * `<details>`, so it opens without a script.
 */
export function PrepareDeclineLetter({ submission, from }: { submission: Visitor; from: IntakeState }) {
  const letter = declineLetter(submission, new Date());
  return (
    <details className="mt-6">
      <summary className={`${buttonClass("secondary")} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        Prepare the decline letter
      </summary>
      <form method="post" action={`/admin/submissions/${submission.id}/decline`} className="mt-4 max-w-3xl">
        <HiddenFields fields={{ from }} />
        <p className="text-muted">Adapt it to the matter. Recording the decline keeps the letter as you leave it here.</p>
        <Envelope email={submission.email} subject={letter.subject} />
        <label htmlFor="letter-draft" className={`${labelClass} mt-4`}>
          The letter
        </label>
        <LetterDraft id="letter-draft" rows={20} maxLength={DECLINE_LETTER_MAX} text={letter.body} />
        <button type="submit" className={`${buttonClass()} mt-4`}>
          {intakeCopy.declining.action}
        </button>
      </form>
    </details>
  );
}

/**
 * The letter a decline keeps, as a document, three ways: in the attorney's mail program (addressed and filled
 * in), copied to the clipboard (with the script; without it the text can be selected by hand), or downloaded
 * as a text file. The same words each way: hers.
 */
export function DeclineLetter({ submission, letter }: { submission: Visitor; letter: Letter }) {
  return (
    <section aria-labelledby="letter-heading" className="mt-6 max-w-3xl">
      <h3 id="letter-heading" className="text-lg font-semibold">
        The decline letter
      </h3>
      <p className="mt-1 text-muted">Send it from the practice's mailbox to {submission.email}.</p>
      <Envelope email={submission.email} subject={letter.subject} />
      <div id="letter-body" className={`${sheet} mt-4 break-words whitespace-pre-wrap`}>
        {letter.body}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={letterHref(submission.email, letter)} className={buttonClass()}>
          Open in your mail program
        </a>
        <CopyButton
          source="letter-body"
          status="letter-copy-status"
          copied="Copied. Paste it into a new e-mail to the visitor."
          refused="The browser did not allow copying: the letter is selected, copy it with the keyboard."
        >
          Copy the letter
        </CopyButton>
        <a href={`/admin/submissions/${submission.id}/letter.txt`} download className={buttonClass("secondary")}>
          Download as text
        </a>
      </div>
      <p id="letter-copy-status" role="status" className="mt-2 text-sm font-medium" />
    </section>
  );
}

/** "Cancel the decline": while the letter is not marked sent, back to where the intake stood before it. */
export function CancelDecline({ submissionId, to }: { submissionId: string; to: IntakeState }) {
  return (
    <form method="post" action={`/admin/submissions/${submissionId}/cancel-decline`} className="mt-6">
      <HiddenFields fields={{ from: "declining" }} />
      <button type="submit" className={buttonClass("secondary")}>
        Cancel the decline
      </button>
      <p className="mt-1 text-sm text-muted">{`The intake returns to “${intakeCopy[to].label}”; the letter is dropped.`}</p>
    </form>
  );
}
