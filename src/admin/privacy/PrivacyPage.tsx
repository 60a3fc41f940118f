import { buttonClass } from "../../components/ButtonLink.tsx";
import { summaryOf } from "../../contact/fields.ts";
import { site } from "../../content/index.ts";
import { monthsInWords } from "../../content/durations.ts";
import { ADDRESS_PAGE_SIZE, type Withheld } from "../../db/privacy.ts";
import type { ContactSubmission } from "../../db/schema.ts";
import { Notice } from "../shared/Notice.tsx";
import { fieldClass, labelClass, pageHeading, standaloneLink } from "../shared/fields.ts";
import { isoTime, seattleTime } from "../shared/format.ts";
import { withheldLine } from "./PrivacyDocument.tsx";

const dangerButtonClass = "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-danger px-6 font-medium text-paper";

const count = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "inquiry" : "inquiries"}`;

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
  /** A page of its submissions, once looked up (ADDRESS_PAGE_SIZE at most), and how many there are in all. */
  readonly rows?: readonly ContactSubmission[];
  readonly total?: number;
  /** The page shown is not the first. */
  readonly paged?: boolean;
  /** What the person's copy of them leaves out. */
  readonly withheld?: Withheld;
  /** What was just done (after a deletion or an erasure). */
  readonly done?: PrivacyDone;
}

/**
 * What a deletion did: every inquiry of the address deleted (and the person's name taken out of the
 * conflict searches that looked for it), or their messages erased and the conflict record kept.
 */
export interface PrivacyDone {
  readonly kind: "deleted" | "erased";
  readonly count: number;
  readonly searchesRedacted: number;
  /** Engagement letters of the deleted inquiries, kept with the record of their signing (retention). */
  readonly engagementsKept: number;
  /** Clients of the conflict register with the address: never removed by a deletion. */
  readonly registerKept: number;
}

/** Why engagement letters outlive a deletion, and for how long: as the privacy policy says. */
const engagementsKeptWhy = `They are the proof of what was agreed, kept ${monthsInWords(site.retention.engagementRecordMonths)} after each letter's last step, as the privacy policy says, whatever a deletion asks.`;

/** What a deletion left, and why; or that nothing from the address is stored any more. */
function keptAfterDeletion({ engagementsKept, registerKept }: PrivacyDone): string {
  const kept = [
    engagementsKept > 0 && `Kept: ${letters(engagementsKept)} sent to this address, with the record of signing. ${engagementsKeptWhy}`,
    registerKept > 0 &&
      `Kept: the conflict register's ${registerKept === 1 ? "client" : `${registerKept} clients`} with this address, which a deletion never removes: conflict checks must keep finding former clients, as the privacy policy says.`,
  ].filter(Boolean);
  return kept.length > 0 ? kept.join(" ") : "Nothing from that address is stored any more.";
}

const letters = (n: number) => (n === 1 ? "1 engagement letter" : `${n.toLocaleString("en-US")} engagement letters`);

/** "Later inquiries": the look-up posted again, from after the last row shown. */
function LaterPage({ email, rows, total, paged }: { email: string; rows: readonly ContactSubmission[]; total: number; paged: boolean }) {
  const last = rows.at(-1);
  const more = rows.length === ADDRESS_PAGE_SIZE && last !== undefined;
  if (!more && !paged) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-4">
      <p className="text-muted">{`${rows.length === total ? "All" : `${rows.length} of the ${total.toLocaleString("en-US")}`} shown here.`}</p>
      {paged && (
        <form method="post" action="/admin/privacy">
          <input type="hidden" name="email" value={email} />
          <button type="submit" className={buttonClass("secondary")}>
            Earliest
          </button>
        </form>
      )}
      {more && (
        <form method="post" action="/admin/privacy">
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="after" value={`${last.createdAt.getTime()}_${last.id}`} />
          <button type="submit" className={buttonClass("secondary")}>
            Later inquiries
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * The two exports, apart: the person's copy (the default: JSON, or a page to print or save as PDF) and the
 * practice's full record, which holds the private notes and conflict notes and is not for sending.
 */
function ExportChoices({ email, withheld }: { email: string; withheld: Withheld | undefined }) {
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

/**
 * Access and erasure requests: find every inquiry from one address, export them for the person who asked
 * or for the practice's files, or delete them (after a confirmation page).
 */
export function PrivacyPage({ email, error, rows, total = rows?.length ?? 0, paged = false, withheld, done }: PrivacyPageProps) {
  return (
    <>
      {done?.kind === "deleted" && (
        <Notice>
          {`Deleted ${count(done.count)}. ${keptAfterDeletion(done)}${
            done.searchesRedacted > 0
              ? ` The person's name was also removed from ${done.searchesRedacted === 1 ? "1 conflict search" : `${done.searchesRedacted} conflict searches`} in the activity log (how many inquiries each matched is kept).`
              : ""
          }`}
        </Notice>
      )}
      {done?.kind === "erased" && (
        <Notice>{`Erased the messages of ${count(done.count)}, with the practice's notes on them and where they came from. Their conflict record (names, address, organization, other parties, dates, intake) is kept.`}</Notice>
      )}
      <h1 className={pageHeading}>Privacy requests</h1>
      <p className="mt-4 max-w-2xl leading-relaxed text-muted">
        When someone asks what the practice holds about them, or asks for it to be deleted, find their inquiries by e-mail address. Send
        them their copy (what they sent, without the practice's notes and conflict checks), keep the full record for the practice's files,
        or delete them: everything, or the messages only, keeping the record a conflict check needs. Copies of the notification e-mails in
        the practice's mailbox are not affected.
      </p>
      {/* Posted: an address is never put in an address bar, a log or the browser's history. */}
      <form method="post" action="/admin/privacy" className="mt-8 flex max-w-2xl flex-wrap gap-4" noValidate>
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
            {total === 0 ? `Nothing is stored from ${email}` : `${count(total)} from ${email}`}
          </h2>
          {total > 0 && (
            <>
              <Submissions rows={rows} />
              <LaterPage email={email} rows={rows} total={total} paged={paged} />
              <ExportChoices email={email} withheld={withheld} />
              <form method="post" action="/admin/privacy/delete" className="mt-8">
                <input type="hidden" name="email" value={email} />
                <button type="submit" className={buttonClass("secondary")}>
                  {`Delete ${count(total)}…`}
                </button>
              </form>
            </>
          )}
        </section>
      )}
    </>
  );
}

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
