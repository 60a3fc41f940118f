import { buttonClass } from "../../components/ButtonLink.tsx";
import { ADDRESS_PAGE_SIZE, type Withheld } from "../../db/privacy.ts";
import type { ContactSubmission } from "../../db/schema.ts";
import { Notice } from "../shared/Notice.tsx";
import { fieldClass, labelClass, pageHeading } from "../shared/fields.ts";
import { ExportChoices } from "./ExportChoices.tsx";
import { Submissions, count, engagementsKeptWhy, letters } from "./Inquiries.tsx";

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

/** What a deletion left, and why; or that nothing from the address is stored any more. */
function keptAfterDeletion({ engagementsKept, registerKept }: PrivacyDone): string {
  const kept = [
    engagementsKept > 0 && `Kept: ${letters(engagementsKept)} sent to this address, with the record of signing. ${engagementsKeptWhy}`,
    registerKept > 0 &&
      `Kept: the conflict register's ${registerKept === 1 ? "client" : `${registerKept} clients`} with this address, which a deletion never removes: conflict checks must keep finding former clients, as the privacy policy says.`,
  ].filter(Boolean);
  return kept.length > 0 ? kept.join(" ") : "Nothing from that address is stored any more.";
}

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
