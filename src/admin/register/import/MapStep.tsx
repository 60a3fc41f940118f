import { buttonClass } from "../../../components/ButtonLink.tsx";
import { HiddenFields } from "../../shared/HiddenFields.tsx";
import { ScrollingTable } from "../../shared/Table.tsx";
import { fieldClass, labelClass, standaloneLink } from "../../shared/fields.ts";
import { type ColumnMapping, type ImportField, importFieldCopy, importFields } from "./columns.ts";
import type { CsvRecord } from "./register-csv.ts";
import { ACTION, type CarriedFile, ErrorSummary, LineCell, MULTIPART, StepLine, carried, columnName, count } from "./step-parts.tsx";

/** Step 2: which column is which. */
export interface MapStepProps {
  readonly file: CarriedFile;
  readonly header: readonly string[];
  readonly sample: readonly CsvRecord[];
  readonly rowCount: number;
  readonly mapping: ColumnMapping;
  /** Required fields left without a column, once the mapping was posted. */
  readonly missing?: readonly ImportField[];
}

export function MapStep({ file, header, sample, rowCount, mapping, missing = [] }: MapStepProps) {
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
      <ScrollingTable labelledBy="sample-heading" caption={`The first ${sample.length} rows of ${fileName}, by line`}>
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
              <LineCell line={record.line} />
              {header.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
                <td key={index} className="py-2 pr-4 whitespace-pre-line">
                  {shorten(record.fields[index] ?? "")}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </section>
  );
}
