import { Badge } from "../../components/Badge.tsx";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { deliveryStates } from "../../db/delivery.ts";
import type { InboxFilter, InboxPage as Page, InboxRow, PagePosition } from "../../db/inbox.ts";
import { stateCopy } from "../copy.ts";
import { DeliverySummary } from "../components/DeliveryStatus.tsx";
import { fieldClass, labelClass, pageHeading, standaloneLink } from "../components/fields.ts";
import { isoTime, seattleTime } from "../format.ts";
import { inboxHref, isFiltered } from "../inbox-query.ts";

export interface InboxPageProps {
  readonly criteria: InboxFilter;
  readonly position: PagePosition;
  readonly page: Page;
}

/** Every inquiry, newest first, with its notification state; filters and paging are plain links and forms. */
export function InboxPage({ criteria, position, page }: InboxPageProps) {
  const paged = position.before !== undefined || position.after !== undefined;
  return (
    <>
      <h1 className={pageHeading}>Inquiries</h1>
      <form method="get" action="/admin" role="search" aria-label="Filter inquiries" className="mt-8 flex flex-wrap gap-4">
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
          <label htmlFor="filter-handled" className={labelClass}>
            Handled
          </label>
          <select
            id="filter-handled"
            name="handled"
            defaultValue={criteria.handled === undefined ? "" : criteria.handled ? "handled" : "open"}
            className={fieldClass}
          >
            <option value="">Either</option>
            <option value="open">Not handled</option>
            <option value="handled">Handled</option>
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
        <DeliverySummary state={row.state} notifiedAt={row.notifiedAt} error={row.notificationError} />
        {row.handledAt && <Badge variant="outline">Handled</Badge>}
      </div>
    </li>
  );
}

function Paging({ criteria, page, paged }: { criteria: InboxFilter; page: Page; paged: boolean }) {
  if (!paged && !page.older) return null;
  const link = buttonClass("secondary");
  return (
    <nav aria-label="Pages" className="mt-8">
      <ul className="flex flex-wrap gap-4">
        {paged && (
          <li>
            <a href={inboxHref(criteria)} className={link}>
              Newest
            </a>
          </li>
        )}
        {page.newer && (
          <li>
            <a href={inboxHref(criteria, { after: page.newer })} className={link}>
              Newer
            </a>
          </li>
        )}
        {page.older && (
          <li>
            <a href={inboxHref(criteria, { before: page.older })} className={link}>
              Older
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
