import type { ContactSubmission } from "../../db/schema.ts";
import { summaryOf } from "../../contact/fields.ts";
import { site } from "../../content/index.ts";
import { monthsInWords } from "../../content/durations.ts";
import { standaloneLink } from "../shared/fields.ts";
import { isoTime, seattleTime } from "../shared/format.ts";

/** "3 inquiries". */
export const count = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "inquiry" : "inquiries"}`;

/** "2 engagement letters". */
export const letters = (n: number) => (n === 1 ? "1 engagement letter" : `${n.toLocaleString("en-US")} engagement letters`);

/** Why engagement letters outlive a deletion, and for how long: as the privacy policy says. */
export const engagementsKeptWhy = `They are the proof of what was agreed, kept ${monthsInWords(site.retention.engagementRecordMonths)} after each letter's last step, as the privacy policy says, whatever a deletion asks.`;

/** The inquiries a request concerns, oldest first, each linking to its page. */
export function Submissions({ rows }: { rows: readonly ContactSubmission[] }) {
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
