import { buttonClass } from "../../components/ButtonLink.tsx";
import { When } from "../shared/When.tsx";
import type { InboxCounts, InboxFilter, InboxPage as Page, InboxRow, PagePosition } from "../../db/inbox.ts";
import { intakeStates } from "../../db/schema.ts";
import { intakeCopy } from "../shared/copy.ts";
import { DeliverySummary } from "../shared/DeliveryStatus.tsx";
import { Badge } from "../../components/Badge.tsx";
import { FollowUpBadge } from "../shared/FollowUpBadge.tsx";
import { HiddenFields } from "../shared/HiddenFields.tsx";
import { IntakeBadge } from "../shared/IntakeBadge.tsx";
import { Filters } from "./Filters.tsx";
import { pageHeading, standaloneLink } from "../shared/fields.ts";

import { inboxFormFields, inboxHref, isFiltered } from "./query.ts";

export interface InboxPageProps {
  readonly criteria: InboxFilter;
  readonly position: PagePosition;
  readonly page: Page;
  readonly counts: InboxCounts;
  /** Today in Seattle (YYYY-MM-DD): a follow-up on or before it is due. */
  readonly today: string;
}

const number = (count: number) => count.toLocaleString("en-US");

/**
 * Every inquiry, newest first (what needs the attorney, oldest first), with its intake state and its
 * notification until sent; the views with their counts (each a link); the filters, folded away behind one
 * control; and the list as CSV. The
 * filter form is posted, so a search never appears in an address; without a search it leads to the plain
 * link of the view it asked for.
 */
export function InboxPage({ criteria, position, page, counts, today }: InboxPageProps) {
  const paged = position.before !== undefined || position.after !== undefined;
  return (
    <>
      <h1 className={pageHeading}>Inquiries</h1>
      <StateCounts criteria={criteria} counts={counts} />
      <Filters criteria={criteria} />
      {page.rows.length === 0 ? (
        <p className="mt-8 text-lg text-muted">
          {criteria.needsMe && !paged && isFiltered({ ...criteria, needsMe: undefined }) === false
            ? "Nothing needs you: no new inquiry, possible conflict, follow-up due or decline letter to send."
            : isFiltered(criteria) || paged
              ? "No inquiries match these filters."
              : "No inquiries yet. Messages sent through the contact form appear here."}
        </p>
      ) : (
        <ol className="mt-4 divide-y divide-line border-t border-b border-line">
          {page.rows.map((row) => (
            <InboxItem key={row.id} row={row} today={today} />
          ))}
        </ol>
      )}
      <Paging criteria={criteria} page={page} paged={paged} />
      {page.rows.length > 0 && (
        <form method="post" action="/admin/export.csv" className="mt-8">
          <HiddenFields fields={inboxFormFields(criteria)} />
          <button type="submit" className={standaloneLink}>
            {isFiltered(criteria) ? "Download the inquiries these filters show (CSV)" : "Download every inquiry (CSV)"}
          </button>
        </form>
      )}
    </>
  );
}

interface View {
  readonly label: string;
  readonly count: number;
  readonly filter: InboxFilter;
}

const chip =
  "inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border border-line-strong px-3 text-sm hover:border-accent aria-[current=page]:border-accent aria-[current=page]:bg-accent-soft aria-[current=page]:font-semibold";
const menuItem =
  "flex min-h-11 items-center justify-between gap-4 rounded-md px-3 hover:bg-paper-deep aria-[current=page]:bg-accent-soft aria-[current=page]:font-semibold";

/**
 * The views of the list, each a link with its count: what needs the attorney, all, each intake state and the
 * follow-ups due. A view with nothing in it is left out, unless it is the one shown. On wide screens a row of
 * links; on narrow ones one disclosure naming the view shown (a <details>, so it opens without JavaScript).
 */
function StateCounts({ criteria, counts }: { criteria: InboxFilter; counts: InboxCounts }) {
  const total = Object.values(counts.intake).reduce((sum, count) => sum + count, 0);
  const plain = criteria.state === undefined && criteria.source === undefined && criteria.search === undefined;
  const isShown = (filter: InboxFilter) =>
    plain &&
    criteria.intake === filter.intake &&
    criteria.followUp === filter.followUp &&
    criteria.consultation === filter.consultation &&
    (criteria.needsMe ?? false) === (filter.needsMe ?? false);
  const views: View[] = [
    { label: "Needs me", count: counts.needsMe, filter: { needsMe: true } },
    { label: "All", count: total, filter: {} },
    ...intakeStates.map((state) => ({ label: intakeCopy[state].label, count: counts.intake[state], filter: { intake: state } })),
    { label: "Follow-ups due", count: counts.followUpsDue, filter: { followUp: "due" } },
    { label: "Consultations", count: counts.consultations, filter: { consultation: "upcoming" } },
  ];
  const listed = views.filter((view) => view.count > 0 || view.label === "All" || isShown(view.filter));
  const current = listed.find((view) => isShown(view.filter));
  const link = ({ label, count, filter }: View, className: string) => (
    <a href={inboxHref(filter)} aria-current={isShown(filter) ? "page" : undefined} className={className}>
      {label}
      <span className="tabular-nums text-muted">{number(count)}</span>
    </a>
  );
  return (
    <nav aria-label="Inquiries by state" className="mt-4">
      <ul className="hidden gap-1.5 overflow-x-auto whitespace-nowrap md:flex">
        {listed.map((view) => (
          <li key={view.label}>{link(view, chip)}</li>
        ))}
      </ul>
      <details className="group md:hidden">
        <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-4 rounded-lg border border-line-strong px-4 font-medium [&::-webkit-details-marker]:hidden">
          <span>
            {"Showing: "}
            {current ? `${current.label} (${number(current.count)})` : "filtered inquiries"}
          </span>
          <span aria-hidden="true" className="text-muted group-open:rotate-180">
            ▾
          </span>
        </summary>
        <ul className="mt-2 flex flex-col rounded-lg border border-line p-2">
          {listed.map((view) => (
            <li key={view.label}>{link(view, menuItem)}</li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

/** Where an inquiry came from, in a few words: the outside site, and the page the form was sent from. */
function cameFrom(row: { readonly sourcePage: string | null; readonly referrerHost: string | null }): string | undefined {
  const parts = [row.referrerHost && `via ${row.referrerHost}`, row.sourcePage && `sent from ${row.sourcePage}`].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : undefined;
}

function InboxItem({ row, today }: { row: InboxRow; today: string }) {
  const source = cameFrom(row);
  return (
    <li className="grid gap-2 py-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
      <div className="min-w-0">
        <h2 className="text-lg font-semibold break-words">
          <a href={`/admin/submissions/${row.id}`} className="underline-offset-4 hover:text-accent hover:underline">
            {row.name}
          </a>
        </h2>
        <p className="text-sm break-words text-muted">
          {row.email}
          {row.summary && ` · ${row.summary}`}
        </p>
        <p className="mt-1 break-words">{row.firstLine}</p>
        {source && <p className="mt-1 text-sm break-words text-muted">{source}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm lg:block lg:space-y-2">
        <p className="text-muted">
          Received <When date={row.createdAt} />
        </p>
        <p className="flex flex-wrap gap-2">
          <IntakeBadge state={row.intakeState} />
          {row.intakeState === "new" && row.latestCheckMatches !== null && row.latestCheckMatches > 0 && (
            <Badge variant="destructive">
              {row.latestCheckMatches === 1 ? "Possible match" : `${row.latestCheckMatches} possible matches`}
            </Badge>
          )}
          {row.followUpOn && <FollowUpBadge day={row.followUpOn} today={today} />}
        </p>
        {row.state !== "sent" && <DeliverySummary state={row.state} notifiedAt={row.notifiedAt} error={row.notificationError} />}
      </div>
    </li>
  );
}

/** Newest, Newer and Older: links, or buttons that post the search with the page when there is one. */
function Paging({ criteria, page, paged }: { criteria: InboxFilter; page: Page; paged: boolean }) {
  if (!paged && !(criteria.needsMe ? page.newer : page.older)) return null;
  const pages: { label: string; position: PagePosition }[] = [];
  const newer = page.newer && { label: "Newer", position: { after: page.newer } };
  const older = page.older && { label: "Older", position: { before: page.older } };
  // The first page, then the one before this and the one after it, in the list's order.
  if (paged) pages.push({ label: criteria.needsMe ? "Oldest" : "Newest", position: {} });
  for (const link of criteria.needsMe ? [older, newer] : [newer, older]) if (link) pages.push(link);
  return (
    <nav aria-label="Pages" className="mt-8">
      <ul className="flex flex-wrap gap-4">
        {pages.map(({ label, position }) => (
          <li key={label}>
            {criteria.search ? (
              <form method="post" action="/admin">
                <HiddenFields fields={inboxFormFields(criteria, position)} />
                <button type="submit" className={buttonClass("secondary")}>
                  {label}
                </button>
              </form>
            ) : (
              <a href={inboxHref(criteria, position)} className={buttonClass("secondary")}>
                {label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
