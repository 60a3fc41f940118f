import { buttonClass } from "../../components/ButtonLink.tsx";
import { declineLetter, declineLetterHref } from "../mail-links.ts";
import { fieldClass, labelClass } from "./fields.ts";

/** Where the inbox serves its one script (routes/scripts.ts): the copy button's. */
export const COPY_SCRIPT = "/admin/scripts/copy-text.js";

/**
 * The non-engagement letter, three ways: in the attorney's mail program (addressed and filled in), copied
 * to the clipboard (with the script; without it the read-only field can be selected and copied by hand),
 * or downloaded as a text file. The same words each way, paragraphs unbroken.
 */
export function DeclineLetter({
  submission,
  writtenOn,
}: {
  submission: { readonly id: string; readonly name: string; readonly email: string };
  writtenOn: Date;
}) {
  const letter = declineLetter(submission, writtenOn);
  return (
    <section aria-labelledby="letter-heading" className="mt-6 rounded-lg border border-line bg-white p-4 md:p-6">
      <h3 id="letter-heading" className="text-lg font-semibold">
        The decline letter
      </h3>
      <p className="mt-1 text-muted">
        Read it, adjust it to the matter in your mail program, and send it from the practice's mailbox to {submission.email}.
      </p>
      <label htmlFor="letter-subject" className={`${labelClass} mt-4`}>
        Subject
      </label>
      <input id="letter-subject" type="text" readOnly defaultValue={letter.subject} className={fieldClass} />
      <label htmlFor="letter-body" className={`${labelClass} mt-4`}>
        Letter
      </label>
      <textarea id="letter-body" readOnly rows={14} defaultValue={letter.body} className={`${fieldClass} font-serif leading-relaxed`} />
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={declineLetterHref(submission, writtenOn)} className={buttonClass()}>
          Open in your mail program
        </a>
        <button
          type="button"
          hidden
          data-copy="letter-body"
          data-copy-status="letter-copy-status"
          data-copied="Copied. Paste it into a new e-mail to the visitor."
          data-copy-refused="The browser did not allow copying: the letter is selected, copy it with the keyboard."
          className={buttonClass("secondary")}
        >
          Copy the letter
        </button>
        <a href={`/admin/submissions/${submission.id}/letter.txt`} download className={buttonClass("secondary")}>
          Download as text
        </a>
      </div>
      <p id="letter-copy-status" role="status" className="mt-2 text-sm font-medium" />
    </section>
  );
}
