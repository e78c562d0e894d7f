/**
 * A chart's table as CSV, written in the browser (csv-stringify's browser build would add about
 * 9 kB to the Overview, more than all of this). It follows the server's exports
 * (src/server/export/jobs-csv.ts): RFC 4180 — CRLF between records; a field holding a comma, a
 * quote or a line break quoted, its quotes doubled — a BOM first so Excel reads UTF-8, and text
 * that a spreadsheet would take for a formula led by an apostrophe (OWASP's CSV injection advice).
 * Numbers stay plain: a negative count is a number, not a formula.
 */

export type CsvValue = string | number | null;

const BOM = '\uFEFF';
// =, +, -, @, tab and CR, and the full-width forms of the first four, as csv-stringify's
// escape_formulas reads them.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

function field(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text: the header record, then one record per row, each ended by CRLF. */
export function toCsv(columns: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const records = [columns, ...rows].map((record) => record.map(field).join(','));
  return `${BOM}${records.map((r) => `${r}\r\n`).join('')}`;
}
