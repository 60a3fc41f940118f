/*
 * Which column of an import file holds which field of the register: the fields, their words on the mapping
 * step, and the guess from a header row (a spreadsheet's own, Clio Manage's, PracticePanther's or MyCase's).
 */

/** What the register takes from a file, in the order the mapping step asks for it. */
export const importFields = [
  "clientName",
  "clientEmail",
  "matterTitle",
  "matterReference",
  "status",
  "openedOn",
  "closedOn",
  "adverseParties",
  "relatedParties",
  "clientSideParties",
] as const;
export type ImportField = (typeof importFields)[number];

/** Each field's label and what it holds, as the mapping step shows them. */
export const importFieldCopy: Readonly<Record<ImportField, { readonly label: string; readonly hint: string; readonly required?: true }>> = {
  clientName: { label: "Client's name", hint: "A person or an organization.", required: true },
  clientEmail: { label: "Client's e-mail", hint: "Tells apart two clients with the same name." },
  matterTitle: { label: "Matter", hint: "Its title or description.", required: true },
  matterReference: { label: "Matter number", hint: "Your own number or reference for it." },
  status: { label: "Status", hint: "Open, Active, Pending or Current; Closed, Archived, Inactive or Completed. Empty is current." },
  openedOn: { label: "Opened", hint: "A date: 2024-03-15, 3/15/2024 or 2024/03/15." },
  closedOn: { label: "Closed", hint: "A date, as for opened." },
  adverseParties: { label: "Adverse parties", hint: "Names separated by semicolons or line breaks." },
  relatedParties: { label: "Related parties", hint: "Names separated by semicolons or line breaks." },
  clientSideParties: { label: "People on the client's side", hint: "Names separated by semicolons or line breaks." },
};

/** Which column (its index in the header) each field is read from; a field not in the file is left out. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** A header as the guess compares it: lower-case words, "#" read as "number", "e-mail" as "email". */
const headerWords = (header: string): string =>
  header
    .toLowerCase()
    .replace(/#/g, " number ")
    .replace(/\be-mail\b/g, "email")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The headers each field is recognized by: a spreadsheet's own, Clio Manage's matter export ("Client",
 * "Display Number", "Description", "Status", "Open Date", "Close Date"), PracticePanther's and MyCase's
 * ("Contact", "Matter Name", "Case Name", "Opposing Party"…). Exact names first, in order of preference.
 */
const HEADERS: Readonly<Record<ImportField, readonly string[]>> = {
  clientName: [
    "client",
    "client name",
    "clients",
    "contact",
    "contact name",
    "client contact",
    "primary contact",
    "account",
    "account name",
    "customer",
    "customer name",
    "name",
    "full name",
  ],
  clientEmail: [
    "email",
    "client email",
    "email address",
    "client email address",
    "contact email",
    "primary email",
    "primary email address",
  ],
  matterTitle: [
    "matter",
    "matter name",
    "matter title",
    "description",
    "matter description",
    "case",
    "case name",
    "case title",
    "title",
    "subject",
  ],
  matterReference: [
    "matter number",
    "display number",
    "matter no",
    "matter reference",
    "matter ref",
    "matter id",
    "case number",
    "case no",
    "case id",
    "file number",
    "file no",
    "reference",
    "ref",
    "number",
  ],
  status: ["status", "matter status", "case status", "stage"],
  openedOn: ["open date", "opened", "opened on", "date opened", "opening date", "matter open date", "case open date", "open", "start date"],
  closedOn: ["close date", "closed", "closed on", "date closed", "closing date", "matter close date", "case close date", "end date"],
  adverseParties: [
    "adverse party",
    "adverse parties",
    "opposing party",
    "opposing parties",
    "adverse",
    "opposing",
    "opponent",
    "opponents",
    "other party",
    "other parties",
  ],
  relatedParties: [
    "related party",
    "related parties",
    "related",
    "related contacts",
    "related people",
    "other contacts",
    "involved parties",
    "interested parties",
    "third parties",
  ],
  clientSideParties: [
    "client side",
    "client side parties",
    "people on the client s side",
    "client parties",
    "client contacts",
    "co client",
    "co clients",
    "additional clients",
  ],
};

/** Words that, inside a longer header, point to a field when no header names it exactly. */
const HEADER_HINTS: readonly (readonly [ImportField, RegExp])[] = [
  ["clientEmail", /\bemail\b/],
  ["adverseParties", /\b(adverse|opposing)\b/],
  ["relatedParties", /\brelated\b/],
  ["status", /\bstatus\b/],
  ["openedOn", /\bopen(ed|ing)?\b.*\bdate\b|\bdate\b.*\bopen(ed)?\b/],
  ["closedOn", /\bclos(e|ed|ing)\b.*\bdate\b|\bdate\b.*\bclosed\b/],
];

/** The mapping guessed from a header row: each field to the column whose header names it, each column used once. */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const words = header.map(headerWords);
  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  const take = (field: ImportField, column: number) => {
    mapping[field] = column;
    used.add(column);
  };
  for (const field of importFields) {
    for (const name of HEADERS[field]) {
      const column = words.findIndex((each, index) => each === name && !used.has(index));
      if (column !== -1) {
        take(field, column);
        break;
      }
    }
  }
  for (const [field, hint] of HEADER_HINTS) {
    if (mapping[field] !== undefined) continue;
    const column = words.findIndex((each, index) => hint.test(each) && !used.has(index));
    if (column !== -1) take(field, column);
  }
  return mapping;
}

/** The required fields a mapping leaves out. */
export const missingFields = (mapping: ColumnMapping): ImportField[] =>
  importFields.filter((field) => importFieldCopy[field].required && mapping[field] === undefined);
