import { buttonClass } from "../../components/ButtonLink.tsx";
import { summaryOf } from "../../contact/fields.ts";
import type { ContactSubmission } from "../../db/schema.ts";
import { Notice } from "../components/Notice.tsx";
import { fieldClass, labelClass, pageHeading, standaloneLink } from "../components/fields.ts";
import { isoTime, seattleTime } from "../format.ts";

export const privacyHref = (email: string) => `/admin/privacy?email=${encodeURIComponent(email)}`;

const dangerButtonClass = "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-danger px-6 font-medium text-paper";

const count = (n: number) => `${n} ${n === 1 ? "inquiry" : "inquiries"}`;

/** The inquiries a request concerns, oldest first, each linking to its page. */
function Submissions({ rows }: { rows: readonly ContactSubmission[] }) {
  return (
    <ol className="mt-4 divide-y divide-line border-t border-b border-line">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap justify-between gap-x-6 gap-y-1 py-3">
          <a href={`/admin/submissions/${row.id}`} className={standaloneLink}>
            {row.name}
            {summaryOf(row) ? ` (${summaryOf(row)})` : ""}
          </a>
          <time dateTime={isoTime(row.createdAt)} className="text-muted">
            {seattleTime(row.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}

export interface PrivacyPageProps {
  /** The address looked up (as typed), if any. */
  readonly email?: string;
  /** Why the address was not looked up. */
  readonly error?: string;
  /** Its submissions, once looked up. */
  readonly rows?: readonly ContactSubmission[];
  /** How many were just deleted (after a deletion). */
  readonly deleted?: number;
}

/**
 * Access and erasure requests: find every inquiry from one address, download them as JSON for the person
 * who asked, or delete them (after a confirmation page).
 */
export function PrivacyPage({ email, error, rows, deleted }: PrivacyPageProps) {
  return (
    <>
      {deleted !== undefined && <Notice>{`Deleted ${count(deleted)}. Nothing from that address is stored any more.`}</Notice>}
      <h1 className={pageHeading}>Privacy requests</h1>
      <p className="mt-4 max-w-2xl leading-relaxed text-muted">
        When someone asks what the practice holds about them, or asks for it to be deleted, find their inquiries by e-mail address. Download
        them as a file to send to them, or delete them all. Copies of the notification e-mails in the practice's mailbox are not affected.
      </p>
      <form method="get" action="/admin/privacy" className="mt-8 flex max-w-2xl flex-wrap gap-4" noValidate>
        <div className="min-w-56 grow">
          <label htmlFor="privacy-email" className={labelClass}>
            E-mail address
          </label>
          <input
            id="privacy-email"
            name="email"
            type="email"
            required
            defaultValue={email ?? ""}
            maxLength={254}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "privacy-email-error" : undefined}
            className={fieldClass}
          />
        </div>
        <button type="submit" className={`${buttonClass()} mt-8 self-start`}>
          Find inquiries
        </button>
        {error && (
          <p id="privacy-email-error" className="w-full text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </form>
      {email && rows && (
        <section aria-labelledby="privacy-results-heading" className="mt-10 max-w-3xl">
          <h2 id="privacy-results-heading" className="font-serif text-2xl font-semibold tracking-tight break-words">
            {rows.length === 0 ? `Nothing is stored from ${email}` : `${count(rows.length)} from ${email}`}
          </h2>
          {rows.length > 0 && (
            <>
              <Submissions rows={rows} />
              <div className="mt-6 flex flex-wrap gap-4">
                <form method="post" action="/admin/privacy/export">
                  <input type="hidden" name="email" value={email} />
                  <button type="submit" className={buttonClass()}>
                    Download as JSON
                  </button>
                </form>
                <form method="post" action="/admin/privacy/delete">
                  <input type="hidden" name="email" value={email} />
                  <button type="submit" className={buttonClass("secondary")}>
                    {`Delete ${count(rows.length)}…`}
                  </button>
                </form>
              </div>
            </>
          )}
        </section>
      )}
    </>
  );
}

/** The confirmation step before anything is deleted. */
export function ConfirmDeletePage({ email, rows, changed }: { email: string; rows: readonly ContactSubmission[]; changed?: boolean }) {
  return (
    <>
      {changed && (
        <Notice tone="error">The inquiries from this address changed since the last page. Nothing was deleted; check them again.</Notice>
      )}
      <h1 className={`${pageHeading} break-words`}>{`Delete ${count(rows.length)} from ${email}?`}</h1>
      <p className="mt-4 max-w-2xl leading-relaxed">
        They are removed from the database for good; this cannot be undone. Download them first if the person asked for a copy.
      </p>
      <Submissions rows={rows} />
      <div className="mt-8 flex flex-wrap items-center gap-6">
        <form method="post" action="/admin/privacy/delete">
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="confirm" value={String(rows.length)} />
          <button type="submit" className={dangerButtonClass}>
            {`Delete ${count(rows.length)}`}
          </button>
        </form>
        <a href={privacyHref(email)} className={standaloneLink}>
          Cancel
        </a>
      </div>
    </>
  );
}
