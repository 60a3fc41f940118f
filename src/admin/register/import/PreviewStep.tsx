import { buttonClass } from "../../../components/ButtonLink.tsx";
import type { ImportCount, ImportPlan, RowOutcome, RowPart } from "../../../db/register-import.ts";
import { HiddenFields } from "../../shared/HiddenFields.tsx";
import { HeadingRow, ScrollingTable } from "../../shared/Table.tsx";
import { standaloneLink } from "../../shared/fields.ts";
import type { ColumnMapping } from "./columns.ts";
import { type ImportProblem, problemText } from "./register-csv.ts";
import {
  ACTION,
  type CarriedFile,
  ErrorSummary,
  LineCell,
  MULTIPART,
  PROBLEMS_SHOWN,
  ROWS_SHOWN,
  StepLine,
  addedText,
  carried,
  count,
} from "./step-parts.tsx";

/** Step 3: what will be added, or the lines to fix first. */
export interface PreviewStepProps {
  readonly file: CarriedFile;
  readonly mapping: ColumnMapping;
  readonly problems: readonly ImportProblem[];
  readonly plan?: ImportPlan;
}

function ChangeColumns({ file, mapping }: { file: CarriedFile; mapping: ColumnMapping }) {
  return (
    <form method="post" action={`${ACTION}/mapping`} encType={MULTIPART}>
      <HiddenFields fields={carried(file, mapping)} />
      <button type="submit" className={buttonClass("secondary")}>
        Change the columns
      </button>
    </form>
  );
}

export function PreviewStep({ file, mapping, problems, plan }: PreviewStepProps) {
  const lines = new Set(problems.map((problem) => problem.line)).size;
  return (
    <>
      <StepLine step={3} />
      {problems.length > 0 && (
        <ErrorSummary
          id="import-problems-heading"
          title={`Nothing can be imported yet: ${count(lines, "line", "lines")} of ${file.name} ${lines === 1 ? "has a problem" : "have problems"}`}
        >
          <p className="mt-2">Fix these lines in the file and upload it again; nothing is imported until every line can be.</p>
          <ul className="mt-4 space-y-1">
            {problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a line may have several problems; their order is the file's
              <li key={index} className="break-words">
                {problemText(problem)}
              </li>
            ))}
          </ul>
          {problems.length > PROBLEMS_SHOWN && (
            <p className="mt-4 font-medium">{`And ${count(problems.length - PROBLEMS_SHOWN, "more problem", "more problems")} after these.`}</p>
          )}
        </ErrorSummary>
      )}
      {problems.length === 0 && plan && <Plan file={file} mapping={mapping} plan={plan} />}
      <div className="mt-8 flex flex-wrap items-center gap-4">
        <ChangeColumns file={file} mapping={mapping} />
        <a href={ACTION} className={standaloneLink}>
          Choose another file
        </a>
      </div>
    </>
  );
}

function Plan({ file, mapping, plan }: { file: CarriedFile; mapping: ColumnMapping; plan: ImportPlan }) {
  const nothing = plan.clients.length + plan.matters.length + plan.parties.length === 0;
  return (
    <>
      <section aria-labelledby="plan-heading" className="mt-8">
        <h2 id="plan-heading" className="font-serif text-2xl font-semibold tracking-tight">
          {nothing ? "Everything in this file is in the register already" : `The import will add ${addedText(plan)}`}
        </h2>
        <p className="mt-2 max-w-3xl leading-relaxed text-muted">
          {`From ${count(plan.rows, "row", "rows")} of ${file.name}. A client, matter or party the register already holds, or that an earlier line of the file gives, is not added again.`}
        </p>
        <table className="mt-4 w-full max-w-3xl text-left">
          <caption className="sr-only">What the file adds, and what it names that is already there</caption>
          <thead className="border-b border-line-strong text-sm">
            <tr>
              <th scope="col" className="py-2 pr-4">
                <span className="sr-only">Entries</span>
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                To add
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Already in the register
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Repeated in the file
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            <CountRow label="Clients" counts={plan.counts.clients} />
            <CountRow label="Matters" counts={plan.counts.matters} />
            <CountRow label="Parties" counts={plan.counts.parties} />
          </tbody>
        </table>
      </section>
      <Outcomes outcomes={plan.outcomes} fileName={file.name} />
      {nothing ? (
        <p className="mt-8 font-medium">There is nothing to import.</p>
      ) : (
        <form method="post" action={`${ACTION}/confirm`} encType={MULTIPART} className="mt-8">
          <HiddenFields fields={carried(file, mapping)} />
          <button type="submit" className={buttonClass()}>
            {`Import ${addedText(plan)}`}
          </button>
        </form>
      )}
    </>
  );
}

function CountRow({ label, counts }: { label: string; counts: ImportCount }) {
  return (
    <tr>
      <th scope="row" className="py-2 pr-4 font-semibold">
        {label}
      </th>
      <td className="py-2 pr-4">{counts.added.toLocaleString("en-US")}</td>
      <td className="py-2 pr-4">{counts.inRegister.toLocaleString("en-US")}</td>
      <td className="py-2 pr-4">{counts.repeated.toLocaleString("en-US")}</td>
    </tr>
  );
}

const partText = (part: RowPart, added: string) =>
  part.kind === "new" ? added : part.kind === "register" ? "Already in the register" : `As on line ${part.line}`;

function Outcomes({ outcomes, fileName }: { outcomes: readonly RowOutcome[]; fileName: string }) {
  const shown = outcomes.slice(0, ROWS_SHOWN);
  return (
    <section aria-labelledby="outcomes-heading" className="mt-10">
      <h2 id="outcomes-heading" className="font-serif text-2xl font-semibold tracking-tight">
        {outcomes.length > shown.length ? `The first ${shown.length} rows` : "Each row"}
      </h2>
      <ScrollingTable labelledBy="outcomes-heading" caption={`What each row of ${fileName} adds, by line`}>
        <thead className="border-b border-line-strong">
          <HeadingRow headings={["Line", "Client", "Matter", "Parties"]} />
        </thead>
        <tbody className="divide-y divide-line">
          {shown.map((row) => (
            <tr key={row.line} className="align-top">
              <LineCell line={row.line} />
              <td className="py-2 pr-4 break-words">
                <span className="font-medium">{row.clientName}</span>
                <span className="block text-muted">{partText(row.client, "New client")}</span>
              </td>
              <td className="py-2 pr-4 break-words">
                <span className="font-medium">{row.matterTitle}</span>
                <span className="block text-muted">{partText(row.matter, "New matter")}</span>
              </td>
              <td className="py-2 pr-4">
                {row.partiesAdded + row.partiesKnown === 0
                  ? "None"
                  : [row.partiesAdded > 0 ? `${row.partiesAdded} new` : "", row.partiesKnown > 0 ? `${row.partiesKnown} already there` : ""]
                      .filter(Boolean)
                      .join(", ")}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </section>
  );
}
