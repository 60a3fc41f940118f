import type { ReactNode } from "react";
import { buttonClass } from "../../../components/ButtonLink.tsx";
import type { ImportCount, ImportPlan, RowOutcome, RowPart } from "../../../db/register-import.ts";
import { fieldClass, labelClass, pageHeading, standaloneLink } from "../../shared/fields.ts";
import { HiddenFields } from "../../shared/HiddenFields.tsx";
import {
  type ColumnMapping,
  type CsvRecord,
  type ImportField,
  type ImportProblem,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_ROWS_MAX,
  importFieldCopy,
  importFields,
  problemText,
} from "./register-csv.ts";

/** The file carried from step to step in a hidden field: its name and its text. */
export interface CarriedFile {
  readonly name: string;
  readonly text: string;
}

export type RegisterImportPageProps =
  /** Step 1: choose the file (again, with what was wrong with the last one). */
  | { readonly step: "choose"; readonly problem?: ImportProblem }
  /** Step 2: which column is which. */
  | {
      readonly step: "map";
      readonly file: CarriedFile;
      readonly header: readonly string[];
      readonly sample: readonly CsvRecord[];
      readonly rowCount: number;
      readonly mapping: ColumnMapping;
      /** Required fields left without a column, once the mapping was posted. */
      readonly missing?: readonly ImportField[];
    }
  /** Step 3: what will be added, or the lines to fix first. */
  | {
      readonly step: "preview";
      readonly file: CarriedFile;
      readonly mapping: ColumnMapping;
      readonly problems: readonly ImportProblem[];
      readonly plan?: ImportPlan;
    };

const ACTION = "/admin/register/import";
const MULTIPART = "multipart/form-data";
/** Problems listed on the page; the rest are counted. */
const PROBLEMS_SHOWN = 1000;
/** Rows of the plan shown in the preview. */
const ROWS_SHOWN = 20;

/** The mapping as hidden fields: `column-clientName` = the column's index, empty when not in the file. */
export const mappingFields = (mapping: ColumnMapping): Record<string, string> =>
  Object.fromEntries(importFields.map((field) => [`column-${field}`, mapping[field] === undefined ? "" : String(mapping[field])]));

const carried = (file: CarriedFile, mapping?: ColumnMapping) => ({
  fileName: file.name,
  csv: file.text,
  ...(mapping ? mappingFields(mapping) : {}),
});

const columnName = (header: readonly string[], index: number) => header[index] || `Column ${index + 1}`;

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "120 clients, 134 matters and 310 parties": what an import adds. */
export const addedText = (plan: Pick<ImportPlan, "clients" | "matters" | "parties">) =>
  `${count(plan.clients.length, "client", "clients")}, ${count(plan.matters.length, "matter", "matters")} and ${count(plan.parties.length, "party", "parties")}`;

/**
 * The conflict register's import from a spreadsheet, in three steps on one address: choose the CSV file,
 * say which column is which, see what will be added (or which lines to fix), then import.
 */
export function RegisterImportPage(props: RegisterImportPageProps) {
  return (
    <>
      <p>
        <a href="/admin/register" className={standaloneLink}>
          The conflict register
        </a>
      </p>
      <h1 className={`${pageHeading} mt-2`}>Import from a spreadsheet</h1>
      {props.step === "choose" && <ChooseStep problem={props.problem} />}
      {props.step === "map" && <MapStep {...props} />}
      {props.step === "preview" && <PreviewStep {...props} />}
    </>
  );
}

function StepLine({ step }: { step: 1 | 2 | 3 }) {
  const names = ["Choose the file", "Match the columns", "Check and import"];
  return <p className="mt-2 text-muted">{`Step ${step} of 3: ${names[step - 1]}`}</p>;
}

function ErrorSummary({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div role="alert" aria-labelledby={id} className="mt-6 rounded-lg border-l-4 border-danger bg-danger/5 p-4">
      <h2 id={id} className="font-serif text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </div>
  );
}

function ChooseStep({ problem }: { problem?: ImportProblem }) {
  return (
    <>
      <StepLine step={1} />
      {problem && (
        <ErrorSummary id="import-problem-heading" title="That file cannot be imported">
          <p className="mt-2">
            <a href="#import-file" className="underline underline-offset-4">
              {problemText(problem)}
            </a>
          </p>
        </ErrorSummary>
      )}
      <div className="mt-6 max-w-3xl space-y-4 leading-relaxed">
        <p>
          Bring your clients and their matters into the conflict register from a spreadsheet or your practice-management system, so every
          conflict check also searches them. Save the list as a CSV file (in Excel, File › Save As › “CSV UTF-8”) with a header row naming
          its columns and one row per matter.
        </p>
        <p>
          Each row needs the client's name and the matter (its title or description). It may also give the client's e-mail, the matter
          number, its status (open or closed), the dates it opened and closed, and the adverse parties, related parties and people on the
          client's side, several names in one cell separated by semicolons. An export of matters from Clio, PracticePanther or MyCase works
          as it is.
        </p>
        <p>
          Next you say which column is which, and see what will be added before anything is. A client, matter or party already in the
          register is not added again.{" "}
          {`Up to ${IMPORT_ROWS_MAX.toLocaleString("en-US")} rows and ${IMPORT_FILE_MAX_BYTES / 1_000_000} MB a file.`}
        </p>
      </div>
      <form method="post" action={ACTION} encType={MULTIPART} className="mt-8 flex max-w-3xl flex-wrap items-end gap-4">
        <div className="min-w-64 grow">
          <label htmlFor="import-file" className={labelClass}>
            CSV file
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-invalid={problem ? true : undefined}
            className={fieldClass}
          />
        </div>
        <button type="submit" className={buttonClass()}>
          Continue
        </button>
      </form>
    </>
  );
}

function MapStep({ file, header, sample, rowCount, mapping, missing = [] }: Extract<RegisterImportPageProps, { step: "map" }>) {
  return (
    <>
      <StepLine step={2} />
      {missing.length > 0 && (
        <ErrorSummary id="mapping-problem-heading" title="Choose a column for each required field">
          <ul className="mt-2 list-disc pl-6">
            {missing.map((field) => (
              <li key={field}>
                <a href={`#column-${field}`} className="underline underline-offset-4">
                  {`${importFieldCopy[field].label}: choose the column that holds it.`}
                </a>
              </li>
            ))}
          </ul>
        </ErrorSummary>
      )}
      <p className="mt-6 max-w-3xl leading-relaxed">
        {`${file.name} has ${count(rowCount, "row", "rows")} under its header. For each field of the register, choose the column that holds it; the columns whose names were recognized are chosen already. A field your file does not have stays “Not in the file”.`}
      </p>
      <form method="post" action={`${ACTION}/preview`} encType={MULTIPART} className="mt-8 max-w-3xl">
        <HiddenFields fields={carried(file)} />
        <fieldset>
          <legend className="font-serif text-2xl font-semibold tracking-tight">Which column is which</legend>
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            {importFields.map((field) => {
              const copy = importFieldCopy[field];
              const invalid = missing.includes(field);
              return (
                <div key={field}>
                  <label htmlFor={`column-${field}`} className={labelClass}>
                    {copy.label}
                    {copy.required && <span className="font-normal text-muted"> (required)</span>}
                  </label>
                  <p id={`column-${field}-hint`} className="mt-1 text-sm text-muted">
                    {copy.hint}
                  </p>
                  <select
                    id={`column-${field}`}
                    name={`column-${field}`}
                    defaultValue={mapping[field] === undefined ? "" : String(mapping[field])}
                    required={copy.required}
                    aria-invalid={invalid ? true : undefined}
                    aria-describedby={`column-${field}-hint`}
                    className={fieldClass}
                  >
                    <option value="">Not in the file</option>
                    {header.map((_, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
                      <option key={index} value={String(index)}>
                        {columnName(header, index)}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
          </div>
        </fieldset>
        <button type="submit" className={`${buttonClass()} mt-8`}>
          See what will be added
        </button>
      </form>
      <Sample header={header} sample={sample} fileName={file.name} />
      <p className="mt-6">
        <a href={ACTION} className={standaloneLink}>
          Choose another file
        </a>
      </p>
    </>
  );
}

const shorten = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

function Sample({ header, sample, fileName }: { header: readonly string[]; sample: readonly CsvRecord[]; fileName: string }) {
  return (
    <section aria-labelledby="sample-heading" className="mt-12">
      <h2 id="sample-heading" className="font-serif text-2xl font-semibold tracking-tight">
        The first rows of the file
      </h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls, and a keyboard must reach it */}
      <div className="mt-4 overflow-x-auto" role="region" aria-labelledby="sample-heading" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{`The first ${sample.length} rows of ${fileName}, by line`}</caption>
          <thead className="border-b border-line-strong">
            <tr>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Line
              </th>
              {header.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
                <th key={index} scope="col" className="py-2 pr-4 font-semibold whitespace-nowrap">
                  {columnName(header, index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {sample.map((record) => (
              <tr key={record.line} className="align-top">
                <th scope="row" className="py-2 pr-4 font-normal text-muted">
                  {record.line}
                </th>
                {header.map((_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
                  <td key={index} className="py-2 pr-4 whitespace-pre-line">
                    {shorten(record.fields[index] ?? "")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
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

function PreviewStep({ file, mapping, problems, plan }: Extract<RegisterImportPageProps, { step: "preview" }>) {
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
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls, and a keyboard must reach it */}
      <div className="mt-4 overflow-x-auto" role="region" aria-labelledby="outcomes-heading" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{`What each row of ${fileName} adds, by line`}</caption>
          <thead className="border-b border-line-strong">
            <tr>
              {["Line", "Client", "Matter", "Parties"].map((heading) => (
                <th key={heading} scope="col" className="py-2 pr-4 font-semibold">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {shown.map((row) => (
              <tr key={row.line} className="align-top">
                <th scope="row" className="py-2 pr-4 font-normal text-muted">
                  {row.line}
                </th>
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
                    : [
                        row.partiesAdded > 0 ? `${row.partiesAdded} new` : "",
                        row.partiesKnown > 0 ? `${row.partiesKnown} already there` : "",
                      ]
                        .filter(Boolean)
                        .join(", ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
