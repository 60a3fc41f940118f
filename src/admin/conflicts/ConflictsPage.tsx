import { buttonClass } from "../../components/ButtonLink.tsx";
import { When } from "../shared/When.tsx";
import type { ConflictMatch } from "../../db/conflicts.ts";
import type { RegisterMatch } from "../../db/register.ts";
import type { ActivityEntry } from "../../db/schema.ts";
import { partLabels, reasonsOf } from "./CheckResults.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { IntakeBadge } from "../shared/IntakeBadge.tsx";
import { RegisterMatchLine } from "./RegisterMatchLine.tsx";
import { fieldClass, labelClass, pageHeading, standaloneLink } from "../shared/fields.ts";

export interface ConflictsPageProps {
  readonly recent: readonly ActivityEntry[];
  /** What was searched for, once a search has run. */
  readonly search?: string;
  /** A page of what it found, newest first. */
  readonly matches?: readonly ConflictMatch[];
  /** What it found in the conflict register, with the first page. */
  readonly entries?: readonly RegisterMatch[];
  /** The page is full: older matches may follow. */
  readonly more?: boolean;
  /** The page shown is not the first. */
  readonly paged?: boolean;
  /** The search held nothing to compare (only punctuation, or a company suffix alone). */
  readonly empty?: boolean;
}

/**
 * The conflict check: a name searched across the conflict register (clients, their matters' parties) and
 * every inquiry ever received (their messages erased or not), ignoring case, accents, punctuation and company
 * suffixes; each match with what it is, why it matched and, for an inquiry, its intake state; and the recent
 * searches, as the activity log holds them.
 */
export function ConflictsPage({ recent, search, matches, entries, more = false, paged = false, empty }: ConflictsPageProps) {
  return (
    <>
      <h1 className={pageHeading}>Conflict check</h1>
      <p className="mt-4 max-w-3xl leading-relaxed">
        Before learning more of a matter, search for every person and organization an inquiry names. The search covers the{" "}
        <a href="/admin/register" className={standaloneLink}>
          conflict register
        </a>{" "}
        (clients, their matters and the parties on each) and every inquiry received, including those whose message retention has erased, and
        ignores case, accents, punctuation and company suffixes (LLC, Inc., Ltd., Co., Corp.). Each search is recorded in the activity log.
      </p>
      <form
        method="post"
        action="/admin/conflicts"
        role="search"
        aria-label="Conflict check"
        className="mt-8 flex flex-wrap items-end gap-4"
      >
        <div className="min-w-64 grow">
          <label htmlFor="conflict-q" className={labelClass}>
            Name, organization or e-mail address
          </label>
          <input
            id="conflict-q"
            name="q"
            type="search"
            required
            maxLength={200}
            defaultValue={search ?? ""}
            aria-invalid={empty ? true : undefined}
            aria-describedby={empty ? "conflict-q-error" : undefined}
            className={fieldClass}
          />
        </div>
        <button type="submit" className={buttonClass()}>
          Search
        </button>
      </form>
      {empty && (
        <p id="conflict-q-error" className="mt-2 text-sm font-medium text-danger">
          Enter a name or an address: punctuation or a company suffix alone matches nothing.
        </p>
      )}
      {entries && <RegisterResults search={search ?? ""} entries={entries} />}
      {matches && <Results search={search ?? ""} matches={matches} more={more} paged={paged} />}
      <Recent recent={recent} />
    </>
  );
}

function RegisterResults({ search, entries }: { search: string; entries: readonly RegisterMatch[] }) {
  return (
    <section aria-labelledby="conflict-register-heading" className="mt-10">
      <h2 id="conflict-register-heading" className="font-serif text-2xl font-semibold tracking-tight break-words">
        {entries.length === 0
          ? `Nothing in the register matches “${search}”`
          : `${entries.length} ${entries.length === 1 ? "register entry matches" : "register entries match"} “${search}”`}
      </h2>
      {entries.length > 0 && (
        <ul className="mt-4 divide-y divide-line border-t border-b border-line">
          {entries.map((entry) => (
            <RegisterMatchLine
              key={`${entry.kind}:${entry.id}`}
              match={entry}
              reason={reasonsOf(search, entry.name, entry.kind === "client" && search.includes("@") ? "email" : "name")}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function Results({ search, matches, more, paged }: { search: string; matches: readonly ConflictMatch[]; more: boolean; paged: boolean }) {
  const last = matches.at(-1);
  return (
    <section aria-labelledby="conflict-results-heading" className="mt-10">
      <h2 id="conflict-results-heading" className="font-serif text-2xl font-semibold tracking-tight break-words">
        {paged
          ? `Older inquiries matching “${search}”`
          : matches.length === 0
            ? `No inquiry matches “${search}”`
            : `${matches.length}${more ? " or more" : ""} ${matches.length === 1 ? "inquiry matches" : "inquiries match"} “${search}”`}
      </h2>
      {more && <p className="mt-2 text-muted">The newest are listed first; older matches follow on the next page.</p>}
      {matches.length > 0 && (
        <ol className="mt-4 divide-y divide-line border-t border-b border-line">
          {matches.map((match) => (
            <li key={match.id} className="grid gap-2 py-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-8">
              <div className="break-words">
                <a href={`/admin/submissions/${match.id}`} className={`${standaloneLink} text-lg font-semibold`}>
                  {match.name}
                </a>
                <p className="text-sm text-muted">
                  {match.email}
                  {match.organization && ` · ${match.organization}`}
                </p>
                {match.parties && <p className="mt-1 text-sm whitespace-pre-wrap">Other parties: {match.parties}</p>}
                <p className="mt-1 text-sm">
                  {`An earlier inquiry. Matched ${match.parts.map((part) => partLabels[part]).join(", ")}: ${reasonsOf(
                    search,
                    match.parts[0] === "organization"
                      ? (match.organization ?? "")
                      : match.parts[0] === "party"
                        ? (match.parties ?? "")
                        : match.name,
                    match.parts[0] ?? "name",
                  )}.`}
                </p>
              </div>
              <div className="space-y-2 text-sm">
                <p className="text-muted">
                  Received <When date={match.createdAt} />
                </p>
                <p>
                  <IntakeBadge state={match.intakeState} />
                </p>
                {match.messageErased && <p className="text-muted">Message erased; conflict record kept.</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
      {(more || paged) && (
        <div className="mt-6 flex flex-wrap gap-4">
          {paged && (
            <form method="post" action="/admin/conflicts">
              <HiddenFields fields={{ q: search }} />
              <button type="submit" className={buttonClass("secondary")}>
                Newest matches
              </button>
            </form>
          )}
          {more && last && (
            <form method="post" action="/admin/conflicts">
              <HiddenFields fields={{ q: search, after: `${last.createdAt.getTime()}_${last.id}` }} />
              <button type="submit" className={buttonClass("secondary")}>
                Older matches
              </button>
            </form>
          )}
        </div>
      )}
    </section>
  );
}

function Recent({ recent }: { recent: readonly ActivityEntry[] }) {
  if (recent.length === 0) return null;
  return (
    <section aria-labelledby="conflict-recent-heading" className="mt-12">
      <h2 id="conflict-recent-heading" className="font-serif text-2xl font-semibold tracking-tight">
        Recent searches
      </h2>
      <ul className="mt-4 divide-y divide-line border-t border-b border-line">
        {recent.map((entry) => (
          <li key={entry.id} className="flex flex-wrap justify-between gap-x-6 gap-y-1 py-3">
            <span className="min-w-0 break-words">{entry.detail}</span>
            <span className="text-sm text-muted">
              {entry.actor}, <When date={entry.at} />
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <a href="/admin/activity" className={standaloneLink}>
          All activity
        </a>
      </p>
    </section>
  );
}
