import { BreakableAddress } from "../../components/BreakableAddress.tsx";
import { HeadingRow } from "../shared/Table.tsx";
import { When } from "../shared/When.tsx";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { monthsInWords } from "../../content/durations.ts";
import { type ActivityFilter, type ActivityPage as Page, type ActivityRow, viewActions } from "../../db/activity.ts";
import { activityActions } from "../../db/schema.ts";
import { site } from "../../content/index.ts";
import { activityLabels } from "../shared/copy.ts";
import { SelectField } from "../shared/SelectField.tsx";
import { pageHeading, standaloneLink } from "../shared/fields.ts";

/** The log's address for a filter and page. */
export function activityHref(filter: ActivityFilter, before?: number): string {
  const query = new URLSearchParams();
  if (filter.views && !filter.action) query.set("views", "1");
  if (filter.action) query.set("action", filter.action);
  if (filter.actor) query.set("by", filter.actor);
  if (before !== undefined) query.set("before", String(before));
  const text = query.toString();
  return text ? `/admin/activity?${text}` : "/admin/activity";
}

/** A table cell that, on a phone, is a line of its entry with its column's name before it. */
const cell =
  "py-2 pr-4 align-top max-md:flex max-md:gap-2 max-md:py-0.5 max-md:pr-0 max-md:before:w-16 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:text-muted max-md:before:content-[attr(data-label)]";

/**
 * Every action taken in the inbox, newest first, as a history: who, when, what, and the inquiry it concerns
 * (named and linked, unless its data has been deleted since). Changes and views are shown apart; the log
 * can be narrowed to one action or one person. It is kept for the period content/site.yaml gives, then
 * deleted by the scheduled clean-up; nothing else changes it but a privacy deletion (see the conflict
 * searches).
 */
export function ActivityPage({
  page,
  filter,
  actors,
  paged,
}: {
  page: Page;
  filter: ActivityFilter;
  actors: readonly string[];
  paged: boolean;
}) {
  const views = filter.action ? viewActions.includes(filter.action) : (filter.views ?? false);
  return (
    <>
      <h1 className={pageHeading}>Activity</h1>
      <p className="mt-4 max-w-3xl leading-relaxed">
        Every action taken in the inbox, with who took it and when. Entries are kept for {monthsInWords(site.retention.activityLogMonths)}.
      </p>
      <nav aria-label="Kinds of activity" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {[
            { label: "Changes", href: activityHref({ actor: filter.actor }), current: !views },
            { label: "Views and look-ups", href: activityHref({ actor: filter.actor, views: true }), current: views },
          ].map(({ label, href, current }) => (
            <li key={label}>
              <a
                href={href}
                aria-current={current ? "page" : undefined}
                className="inline-flex min-h-10 items-center rounded-full border border-line-strong px-3.5 text-sm hover:border-accent aria-[current=page]:border-accent aria-[current=page]:bg-accent-soft aria-[current=page]:font-semibold"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action="/admin/activity" aria-label="Filter the activity" className="mt-4 flex flex-wrap items-end gap-4">
        {views && !filter.action && <input type="hidden" name="views" value="1" />}
        <SelectField
          id="activity-action"
          name="action"
          label="Action"
          value={filter.action}
          options={[
            ["", views ? "Every view" : "Every change"],
            ...activityActions
              .filter((action) => viewActions.includes(action) === views)
              .map((action) => [action, activityLabels[action]] as const),
          ]}
        />
        <SelectField
          id="activity-by"
          name="by"
          label="Person"
          value={filter.actor}
          options={[["", "Everyone"], ...actors.map((actor) => [actor, actor] as const)]}
        />
        <button type="submit" className={buttonClass()}>
          Show
        </button>
      </form>
      {page.entries.length === 0 ? (
        <p className="mt-10 text-lg text-muted">Nothing here yet.</p>
      ) : (
        <table className="mt-8 w-full text-left text-sm max-md:block">
          <caption className="sr-only">{`${views ? "Views" : "Changes"}, newest first`}</caption>
          <thead className="border-b border-line-strong max-md:sr-only">
            <HeadingRow headings={["When", "Who", "What", "About", "Detail"]} />
          </thead>
          <tbody className="divide-y divide-line max-md:block max-md:border-t max-md:border-line">
            {page.entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      )}
      {(paged || page.older !== undefined) && (
        <nav aria-label="Pages" className="mt-8">
          <ul className="flex flex-wrap gap-4">
            {paged && (
              <li>
                <a href={activityHref(filter)} className={buttonClass("secondary")}>
                  Newest
                </a>
              </li>
            )}
            {page.older !== undefined && (
              <li>
                <a href={activityHref(filter, page.older)} className={buttonClass("secondary")}>
                  Older
                </a>
              </li>
            )}
          </ul>
        </nav>
      )}
    </>
  );
}

function Entry({ entry }: { entry: ActivityRow }) {
  return (
    <tr className="max-md:block max-md:py-3">
      <td data-label="When" className={`${cell} whitespace-nowrap`}>
        <When date={entry.at} />
      </td>
      <td data-label="Who" className={`${cell} break-words`}>
        <BreakableAddress address={entry.actor} />
      </td>
      <td data-label="What" className={cell}>
        {activityLabels[entry.action]}
      </td>
      <td data-label="About" className={`${cell} break-words`}>
        {entry.registerClientId !== null ? (
          entry.clientName === null ? (
            <span className="text-muted">A client removed from the register since</span>
          ) : (
            <a href={`/admin/register/clients/${entry.registerClientId}`} className={standaloneLink}>
              {entry.clientName}
            </a>
          )
        ) : entry.submissionId === null ? (
          <span className="text-muted">—</span>
        ) : entry.inquiryName === null ? (
          <span className="text-muted">An inquiry deleted since</span>
        ) : (
          <a href={`/admin/submissions/${entry.submissionId}`} className={standaloneLink}>
            {entry.inquiryName}
          </a>
        )}
      </td>
      <td data-label="Detail" className={`${cell} break-words`}>
        {entry.detail}
      </td>
    </tr>
  );
}
