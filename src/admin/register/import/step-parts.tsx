import type { ReactNode } from "react";
import type { ImportPlan } from "../../../db/register-import.ts";
import { type ColumnMapping, importFields } from "./columns.ts";

/* What the import's steps share: where they post, the file they carry, and how they say what is wrong. */

/** The file carried from step to step in a hidden field: its name and its text. */
export interface CarriedFile {
  readonly name: string;
  readonly text: string;
}

export const ACTION = "/admin/register/import";
export const MULTIPART = "multipart/form-data";
/** Problems listed on the page; the rest are counted. */
export const PROBLEMS_SHOWN = 1000;
/** Rows of the plan shown in the preview. */
export const ROWS_SHOWN = 20;

/** The mapping as hidden fields: `column-clientName` = the column's index, empty when not in the file. */
export const mappingFields = (mapping: ColumnMapping): Record<string, string> =>
  Object.fromEntries(importFields.map((field) => [`column-${field}`, mapping[field] === undefined ? "" : String(mapping[field])]));

export const carried = (file: CarriedFile, mapping?: ColumnMapping) => ({
  fileName: file.name,
  csv: file.text,
  ...(mapping ? mappingFields(mapping) : {}),
});

export const columnName = (header: readonly string[], index: number) => header[index] || `Column ${index + 1}`;

export const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function StepLine({ step }: { step: 1 | 2 | 3 }) {
  const names = ["Choose the file", "Match the columns", "Check and import"];
  return <p className="mt-2 text-muted">{`Step ${step} of 3: ${names[step - 1]}`}</p>;
}

export function ErrorSummary({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div role="alert" aria-labelledby={id} className="mt-6 rounded-lg border-l-4 border-danger bg-danger/5 p-4">
      <h2 id={id} className="font-serif text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </div>
  );
}

/** "120 clients, 134 matters and 310 parties": what an import adds. */
export const addedText = (plan: Pick<ImportPlan, "clients" | "matters" | "parties">) =>
  `${count(plan.clients.length, "client", "clients")}, ${count(plan.matters.length, "matter", "matters")} and ${count(plan.parties.length, "party", "parties")}`;

/** A row's heading in the import's tables: the line of the file it starts on. */
export const LineCell = ({ line }: { line: number }) => (
  <th scope="row" className="py-2 pr-4 font-normal text-muted">
    {line}
  </th>
);
