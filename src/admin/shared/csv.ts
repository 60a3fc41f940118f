/*
 * CSV as RFC 4180 writes it (fields separated by commas, records by CRLF, a field quoted when it holds a
 * comma, a quote or a line break, a quote inside doubled), safe to open in a spreadsheet: a field that a
 * spreadsheet would run as a formula (one starting with =, +, -, @, a tab or a carriage return, OWASP's
 * list) is quoted and starts with an apostrophe, so it is shown as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field of a record. */
export function csvField(value: string): string {
  const formula = FORMULA_START.test(value);
  const text = formula ? `'${value}` : value;
  return formula || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. */
export const csvRecord = (values: readonly string[]): string => `${values.map(csvField).join(",")}\r\n`;
