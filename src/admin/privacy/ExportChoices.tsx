import { buttonClass } from "../../components/ButtonLink.tsx";
import type { Withheld } from "../../db/privacy.ts";
import { withheldLine } from "./PrivacyDocument.tsx";

/**
 * The two exports, apart: the person's copy (the default: JSON, or a page to print or save as PDF) and the
 * practice's full record, which holds the private notes and conflict notes and is not for sending.
 */
export function ExportChoices({ email, withheld }: { email: string; withheld: Withheld | undefined }) {
  return (
    <div className="mt-8 grid gap-6">
      <section aria-labelledby="person-copy-heading" className="rounded-lg border border-line-strong p-5">
        <h3 id="person-copy-heading" className="font-serif text-xl font-semibold tracking-tight">
          For the person: their copy
        </h3>
        <p className="mt-2 leading-relaxed">
          What they sent, when it arrived, where their visit came from and whether the notification reached the practice. It leaves out the
          private notes, conflict checks, intake decisions (with any conflict note) and follow-up reminders, and says how many of each.
        </p>
        {withheld && <p className="mt-2 font-medium">{`Their copy says: "${withheldLine(withheld)}"`}</p>}
        <div className="mt-4 flex flex-wrap gap-4">
          <form method="post" action="/admin/privacy/export">
            <input type="hidden" name="email" value={email} />
            <button type="submit" className={buttonClass()}>
              Download as JSON
            </button>
          </form>
          <form method="post" action="/admin/privacy/export/document" target="_blank" rel="noopener">
            <input type="hidden" name="email" value={email} />
            <button type="submit" className={buttonClass("secondary")}>
              Open as a page to print (new tab)
            </button>
          </form>
        </div>
        <p className="mt-2 text-sm text-muted">Print the page, or save it as PDF from the browser's Print, and send it.</p>
      </section>
      <section aria-labelledby="full-record-heading" className="rounded-lg border border-line p-5">
        <h3 id="full-record-heading" className="font-serif text-xl font-semibold tracking-tight">
          For the practice's files: the full record
        </h3>
        <p className="mt-2 leading-relaxed">
          Everything stored: every column of every inquiry, with the private notes and any conflict note. Not for sending: a conflict note
          can name another client (RPC 1.6).
        </p>
        <form method="post" action="/admin/privacy/export/full" className="mt-4">
          <input type="hidden" name="email" value={email} />
          <button type="submit" className={buttonClass("secondary")}>
            Download the full record (JSON)
          </button>
        </form>
      </section>
    </div>
  );
}
