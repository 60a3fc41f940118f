import { buttonClass } from "../../components/ButtonLink.tsx";
import type { ContactSubmission } from "../../db/schema.ts";
import { Notice } from "../shared/Notice.tsx";
import { fieldClass, labelClass, pageHeading, standaloneLink } from "../shared/fields.ts";
import { Submissions, count, engagementsKeptWhy, letters } from "./Inquiries.tsx";

const dangerButtonClass = "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-danger px-6 font-medium text-paper";

/**
 * The confirmation step before anything is deleted: everything, or the messages alone (the conflict record
 * kept), and why, which the activity log keeps.
 */
export function ConfirmDeletePage({
  email,
  rows,
  total,
  changed,
  reasonMissing,
  engagementLetters = 0,
}: {
  email: string;
  /** The first of them (ADDRESS_PAGE_SIZE at most). */
  rows: readonly ContactSubmission[];
  total: number;
  /** How many engagement letters were sent to the address: kept whichever is chosen. */
  engagementLetters?: number;
  changed?: boolean;
  reasonMissing?: boolean;
}) {
  return (
    <>
      {changed && (
        <Notice tone="error">The inquiries from this address changed since the last page. Nothing was deleted; check them again.</Notice>
      )}
      <h1 className={`${pageHeading} break-words`}>{`Delete ${count(total)} from ${email}?`}</h1>
      <p className="mt-4 max-w-2xl leading-relaxed">
        Either choice cannot be undone. Download them first if the person asked for a copy. Keeping the conflict record (names, address,
        organization, other parties, dates and intake; not the message, the notes or where it came from) lets future conflict checks find
        this person, as the rules of professional conduct may require; say why in either case. Erasing everything also removes the person's
        name from the conflict searches in the activity log.
      </p>
      {engagementLetters > 0 && (
        <p className="mt-4 max-w-2xl leading-relaxed">
          {`${letters(engagementLetters)} sent to this address, with the record of signing, ${engagementLetters === 1 ? "is" : "are"} kept whichever you choose. ${engagementsKeptWhy} Tell the person so.`}
        </p>
      )}
      <Submissions rows={rows} />
      {total > rows.length && <p className="mt-2 text-muted">{`and ${(total - rows.length).toLocaleString("en-US")} more.`}</p>}
      <form method="post" action="/admin/privacy/delete" className="mt-8 max-w-2xl">
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="confirm" value={String(total)} />
        <label htmlFor="delete-reason" className={labelClass}>
          Why (kept in the activity log)
        </label>
        <input
          id="delete-reason"
          name="reason"
          type="text"
          required
          maxLength={200}
          aria-invalid={reasonMissing ? true : undefined}
          aria-describedby={reasonMissing ? "delete-reason-error" : undefined}
          className={fieldClass}
        />
        {reasonMissing && (
          <p id="delete-reason-error" className="mt-1.5 text-sm font-medium text-danger">
            Say why: the activity log keeps the reason with the deletion.
          </p>
        )}
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <button type="submit" name="mode" value="all" className={dangerButtonClass}>
            {`Erase everything (${count(total)})`}
          </button>
          <button type="submit" name="mode" value="messages" className={buttonClass("secondary")}>
            Erase the messages, keep the conflict record
          </button>
        </div>
      </form>
      <form method="post" action="/admin/privacy" className="mt-6">
        <input type="hidden" name="email" value={email} />
        <button type="submit" className={standaloneLink}>
          Cancel
        </button>
      </form>
    </>
  );
}
