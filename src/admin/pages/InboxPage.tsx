import { buttonClass } from "../../components/ButtonLink.tsx";
import { deliveryStates } from "../../db/delivery.ts";
import type { InboxFilter, InboxPage as Page, InboxRow, PagePosition } from "../../db/inbox.ts";
import { intakeStates } from "../../db/schema.ts";
import { intakeCopy, stateCopy } from "../copy.ts";
import { DeliverySummary } from "../components/DeliveryStatus.tsx";
import { HiddenFields } from "../components/HiddenFields.tsx";
import { IntakeBadge } from "../components/IntakeBadge.tsx";
import { fieldClass, labelClass, pageHeading, standaloneLink } from "../components/fields.ts";
import { isoTime, seattleTime } from "../format.ts";
import { inboxFormFields, inboxHref, isFiltered } from "../inbox-query.ts";

export interface InboxPageProps {
  readonly criteria: InboxFilter;
  readonly position: PagePosition;
  readonly page: Page;
}

/**
 * Every inquiry, newest first, with its intake and notification states. The filter form is posted, so a
 * search never appears in an address; without a search it leads to the plain link of the view it asked for.
 */
export function InboxPage({ criteria, position, page }: InboxPageProps) {
  const paged = position.before !== undefined || position.after !== undefined;
  return (
    <>
      <h1 className={pageHeading}>Inquiries</h1>
      <form method="post" action="/admin" role="search" aria-label="Filter inquiries" className="mt-8 flex flex-wrap gap-4">
        <div className="min-w-56 grow">
          <label htmlFor="filter-q" className={labelClass}>
            Name or e-mail
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={criteria.search ?? ""} maxLength={254} className={fieldClass} />
        </div>
        <div className="min-w-56 grow">
          <label htmlFor="filter-state" className={labelClass}>
            Notification
          </label>
          <select id="filter-state" name="state" defaultValue={criteria.state ?? ""} className={fieldClass}>
            <option value="">Any state</option>
            {deliveryStates.map((state) => (
              <option key={state} value={state}>
                {stateCopy[state].label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-56 grow">
          <label htmlFor="filter-intake" className={labelClass}>
            Intake
          </label>
          <select id="filter-intake" name="intake" defaultValue={criteria.intake ?? ""} className={fieldClass}>
            <option value="">Any state</option>
            {intakeStates.map((state) => (
              <option key={state} value={state}>
                {intakeCopy[state].label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${buttonClass()} mt-8 self-start`}>
          Show
        </button>
      </form>
      {isFiltered(criteria) && (
        <p className="mt-4">
          <a href="/admin" className={standaloneLink}>
            Show all inquiries
          </a>
        </p>
      )}
      {page.rows.length === 0 ? (
        <p className="mt-10 text-lg text-muted">
          {isFiltered(criteria) || paged
            ? "No inquiries match these filters."
            : "No inquiries yet. Messages sent through the contact form appear here."}
        </p>
      ) : (
        <ol className="mt-8 divide-y divide-line border-t border-b border-line">
          {page.rows.map((row) => (
            <InboxItem key={row.id} row={row} />
          ))}
        </ol>
      )}
      <Paging criteria={criteria} page={page} paged={paged} />
    </>
  );
}

function InboxItem({ row }: { row: InboxRow }) {
  return (
    <li className="grid gap-3 py-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
      <div>
        <h2 className="text-lg font-semibold">
          <a href={`/admin/submissions/${row.id}`} className="underline-offset-4 hover:text-accent hover:underline">
            {row.name}
          </a>
        </h2>
        <p className="text-sm break-words text-muted">
          {row.email}
          {row.summary && ` · ${row.summary}`}
        </p>
        <p className="mt-2 break-words">{row.firstLine}</p>
      </div>
      <div className="space-y-2 text-sm">
        <p className="text-muted">
          Received <time dateTime={isoTime(row.createdAt)}>{seattleTime(row.createdAt)}</time>
        </p>
        <p>
          <IntakeBadge state={row.intakeState} />
        </p>
        <DeliverySummary state={row.state} notifiedAt={row.notifiedAt} error={row.notificationError} />
      </div>
    </li>
  );
}

/** Newest, Newer and Older: links, or buttons that post the search with the page when there is one. */
function Paging({ criteria, page, paged }: { criteria: InboxFilter; page: Page; paged: boolean }) {
  if (!paged && !page.older) return null;
  const pages: { label: string; position: PagePosition }[] = [];
  if (paged) pages.push({ label: "Newest", position: {} });
  if (page.newer) pages.push({ label: "Newer", position: { after: page.newer } });
  if (page.older) pages.push({ label: "Older", position: { before: page.older } });
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
