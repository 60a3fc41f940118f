import { buttonClass } from "../../../components/ButtonLink.tsx";
import { BackLink } from "../../shared/BackLink.tsx";
import { fieldClass, labelClass, pageHeading } from "../../shared/fields.ts";
import { IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_MAX, type ImportProblem, problemText } from "./register-csv.ts";
import { MapStep, type MapStepProps } from "./MapStep.tsx";
import { PreviewStep, type PreviewStepProps } from "./PreviewStep.tsx";
import { ACTION, ErrorSummary, MULTIPART, StepLine } from "./step-parts.tsx";

export type RegisterImportPageProps =
  /** Step 1: choose the file (again, with what was wrong with the last one). */
  | { readonly step: "choose"; readonly problem?: ImportProblem }
  | ({ readonly step: "map" } & MapStepProps)
  | ({ readonly step: "preview" } & PreviewStepProps);

/**
 * The conflict register's import from a spreadsheet, in three steps on one address: choose the CSV file,
 * say which column is which, see what will be added (or which lines to fix), then import.
 */
export function RegisterImportPage(props: RegisterImportPageProps) {
  return (
    <>
      <BackLink href="/admin/register">The conflict register</BackLink>
      <h1 className={`${pageHeading} mt-2`}>Import from a spreadsheet</h1>
      {props.step === "choose" && <ChooseStep problem={props.problem} />}
      {props.step === "map" && <MapStep {...props} />}
      {props.step === "preview" && <PreviewStep {...props} />}
    </>
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
