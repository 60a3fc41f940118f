import { type Context, Hono } from "hono";
import { database } from "../../../db/client.ts";
import { applyImport, planAddsNothing, planImport } from "../../../db/register-import.ts";
import { audit } from "../../shared/audit.ts";
import type { AdminEnv } from "../../gate.ts";
import { redirectWithNotice } from "../../shared/one-time-notice.ts";
import { RegisterImportPage } from "./RegisterImportPage.tsx";
import { type CarriedFile, addedText } from "./step-parts.tsx";
import { type ColumnMapping, type ImportField, guessMapping, importFields, missingFields } from "./columns.ts";
import { type CsvFile, IMPORT_FILE_MAX_BYTES, type ImportProblem, decodeCsvFile, readCsvFile } from "./register-csv.ts";
import { readRows } from "./rows.ts";
import { renderAdminPage } from "../../shared/render.tsx";
import { formField } from "../../shared/forms.ts";

/**
 * /admin/register/import: the conflict register imported from a spreadsheet's CSV, in steps that are each a
 * plain form: upload (POST /), the columns matched (POST /mapping shows them again), the preview (POST
 * /preview: what will be added, or every line to fix), the import (POST /confirm). The file's text is carried
 * from step to step in a hidden field, and the import plans again from it and the register as they are then,
 * never from what a preview showed. A file with any problem imports nothing.
 */
export const registerImportRoutes = new Hono<AdminEnv>();

const TITLE = "Import from a spreadsheet";
/** Rows shown under the mapping, so she sees what each column holds. */
const SAMPLE_ROWS = 5;
const FILE_NAME_MAX = 100;
const REGISTER_PATH = "/admin/register";

/** The uploaded file's name as the pages and the activity log show it: without a folder or control characters. */
const fileNameOf = (name: string): string =>
  name
    .split(/[\\/]/)
    .at(-1)!
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .trim()
    .slice(0, FILE_NAME_MAX) || "the file";

const choose = (c: Context<AdminEnv>, problem?: ImportProblem) =>
  renderAdminPage(c, TITLE, <RegisterImportPage step="choose" problem={problem} />, problem ? 422 : 200);

const mapStep = (c: Context<AdminEnv>, file: CarriedFile, csv: CsvFile, mapping: ColumnMapping, missing: readonly ImportField[] = []) =>
  renderAdminPage(
    c,
    TITLE,
    <RegisterImportPage
      step="map"
      file={file}
      header={csv.header}
      sample={csv.records.slice(0, SAMPLE_ROWS)}
      rowCount={csv.records.length}
      mapping={mapping}
      missing={missing}
    />,
    missing.length > 0 ? 422 : 200,
  );

/** The file a step's form carried, read again; or the first step, saying what is wrong with it. */
async function carriedFile(c: Context<AdminEnv>): Promise<{ file: CarriedFile; csv: CsvFile } | Response> {
  const text = await formField(c, "csv");
  if (text === undefined) return choose(c, { message: "The file did not come with the form. Choose it again." });
  const file = { name: fileNameOf((await formField(c, "fileName")) ?? ""), text };
  const read = readCsvFile(text);
  return read.ok ? { file, csv: read.file } : choose(c, read.problem);
}

/** The posted mapping: each field's column, when it is one of the file's. */
async function postedMapping(c: Context<AdminEnv>, header: readonly string[]): Promise<ColumnMapping> {
  const mapping: ColumnMapping = {};
  for (const field of importFields) {
    const value = (await formField(c, `column-${field}`)) ?? "";
    if (/^\d{1,5}$/.test(value) && Number(value) < header.length) mapping[field] = Number(value);
  }
  return mapping;
}

registerImportRoutes.get("/", (c) => choose(c));

/** Step 1 → 2: the uploaded file, checked, with the columns guessed from its header. */
registerImportRoutes.post("/", async (c) => {
  let upload: unknown;
  try {
    upload = (await c.req.parseBody()).file;
  } catch {
    upload = undefined;
  }
  if (!(upload instanceof File) || upload.size === 0) return choose(c, { message: "Choose a CSV file to import." });
  if (upload.size > IMPORT_FILE_MAX_BYTES) {
    return choose(c, {
      message: `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1_000_000} MB. Split it into smaller files and import each.`,
    });
  }
  const decoded = decodeCsvFile(await upload.arrayBuffer());
  if (!decoded.ok) return choose(c, decoded.problem);
  const file = { name: fileNameOf(upload.name), text: decoded.text };
  const read = readCsvFile(file.text);
  if (!read.ok) return choose(c, read.problem);
  return mapStep(c, file, read.file, guessMapping(read.file.header));
});

/** Back to step 2 from the preview, with the columns as they were chosen. */
registerImportRoutes.post("/mapping", async (c) => {
  const carried = await carriedFile(c);
  if (carried instanceof Response) return carried;
  return mapStep(c, carried.file, carried.csv, await postedMapping(c, carried.csv.header));
});

/** The file read with the posted mapping and planned against the register as it is now. */
async function plan(c: Context<AdminEnv>) {
  const carried = await carriedFile(c);
  if (carried instanceof Response) return carried;
  const { file, csv } = carried;
  const mapping = await postedMapping(c, csv.header);
  const missing = missingFields(mapping);
  if (missing.length > 0) return mapStep(c, file, csv, mapping, missing);
  const { rows, problems } = readRows(csv.records, mapping);
  if (problems.length > 0) {
    return renderAdminPage(c, TITLE, <RegisterImportPage step="preview" file={file} mapping={mapping} problems={problems} />, 422);
  }
  return { file, mapping, plan: await planImport(database(c.env.DB), rows) };
}

/** Step 3: what the import would add, or every line to fix first. */
registerImportRoutes.post("/preview", async (c) => {
  const planned = await plan(c);
  if (planned instanceof Response) return planned;
  return renderAdminPage(
    c,
    TITLE,
    <RegisterImportPage step="preview" file={planned.file} mapping={planned.mapping} problems={[]} plan={planned.plan} />,
  );
});

/** The import: planned again from the file and the register as they are now, written at once, logged. */
registerImportRoutes.post("/confirm", async (c) => {
  const planned = await plan(c);
  if (planned instanceof Response) return planned;
  const { file, plan: toAdd } = planned;
  if (planAddsNothing(toAdd)) {
    return redirectWithNotice(c, REGISTER_PATH, `Nothing imported: everything in ${file.name} is in the register already.`);
  }
  const added = await applyImport(database(c.env.DB), toAdd, { by: c.var.adminEmail, now: new Date(), fileName: file.name });
  await audit(c, { action: "register-imported", detail: `${file.name}: ${toAdd.rows} rows; added ${addedText(toAdd)}` });
  const n = (count: number, one: string, many: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
  return redirectWithNotice(
    c,
    REGISTER_PATH,
    `Imported: ${n(added.clients, "client", "clients")}, ${n(added.matters, "matter", "matters")}, ${n(added.parties, "party", "parties")} added.`,
  );
});
