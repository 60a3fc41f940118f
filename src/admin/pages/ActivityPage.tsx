import { buttonClass } from "../../components/ButtonLink.tsx";
import type { ActivityPage as Page } from "../../db/activity.ts";
import { site } from "../../content/index.ts";
import { activityLabels } from "../copy.ts";
import { pageHeading, standaloneLink } from "../components/fields.ts";
import { isoTime, seattleTime } from "../format.ts";

/**
 * Every action taken in the inbox, newest first: who, when, what and on which inquiry. It is kept for the
 * period content/site.yaml gives, then deleted by the scheduled clean-up; nothing else changes it.
 */
export function ActivityPage({ page, paged }: { page: Page; paged: boolean }) {
  return (
    <>
      <h1 className={pageHeading}>Activity</h1>
      <p className="mt-4 max-w-3xl leading-relaxed">
        Every action taken in the inbox, with who took it and when: inquiries viewed, conflict searches, intake steps, notifications sent
        again, exports and deletions. Entries are kept for {site.retention.activityLogMonths} months.
      </p>
      {page.entries.length === 0 ? (
        <p className="mt-10 text-lg text-muted">Nothing yet.</p>
      ) : (
        <div className="mt-8 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Activity, newest first</caption>
            <thead className="border-b border-line-strong">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  When
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Who
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  What
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Detail
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {page.entries.map((entry) => (
                <tr key={entry.id} className="align-top">
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <time dateTime={isoTime(entry.at)}>{seattleTime(entry.at)}</time>
                  </td>
                  <td className="py-2 pr-4 break-all">{entry.actor}</td>
                  <td className="py-2 pr-4">
                    {entry.submissionId ? (
                      <a href={`/admin/submissions/${entry.submissionId}`} className={standaloneLink}>
                        {activityLabels[entry.action]}
                      </a>
                    ) : (
                      activityLabels[entry.action]
                    )}
                  </td>
                  <td className="py-2 break-words">{entry.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(paged || page.older !== undefined) && (
        <nav aria-label="Pages" className="mt-8">
          <ul className="flex flex-wrap gap-4">
            {paged && (
              <li>
                <a href="/admin/activity" className={buttonClass("secondary")}>
                  Newest
                </a>
              </li>
            )}
            {page.older !== undefined && (
              <li>
                <a href={`/admin/activity?before=${page.older}`} className={buttonClass("secondary")}>
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
