import { stringify, type Options } from 'csv-stringify/sync';
import { toCellText } from './cell-text';
import { JOBS_SHEET, type CellValue, type ExportJob, type SheetSpec } from './jobs-xlsx';
import { streamText, TEXT_CHUNK_CHARS } from './text-stream';

/**
 * The .xlsx's sheet as CSV: the same columns and rows, each cell the text the sheet shows.
 * Meant first for spreadsheets (hence the BOM, without which Excel reads UTF-8 as ANSI), so a
 * cell is made safe as the sheet's is: characters a sheet refuses removed, line breaks "\n",
 * cut at Excel's 32,767 characters (toCellText), and formula-looking text (=, +, -, @, tab, CR,
 * and their full-width forms, first) led by an apostrophe so a spreadsheet never evaluates it
 * (csv-stringify's escape_formulas, after OWASP's advice on CSV injection). Numbers stay
 * plain, dates are YYYY-MM-DD, flags Yes/No. format=json carries every text whole.
 */

const CSV_OPTIONS: Options = {
  // RFC 4180: CRLF between records; a field with a comma, quote or line break quoted, its
  // quotes doubled. With its own record_delimiter set, csv-stringify quotes a lone "\n" only
  // when told to, and cells hold "\n" (Excel's in-cell line break).
  record_delimiter: 'windows',
  quote_record_delimiter: true,
  escape_formulas: true,
};

/** The header record: the sheet's column names. */
export const CSV_HEADER: readonly string[] = JOBS_SHEET.columns.map((c) => c.header);

/** One record: each column's text as the sheet shows it, null for an empty cell. */
export function csvRecord<Row>(spec: SheetSpec<Row>, row: Row): (string | null)[] {
  return spec.columns.map((column) => csvField(spec, column.value(row)));
}

function csvField<Row>(spec: SheetSpec<Row>, value: CellValue): string | null {
  if (value === null) return null;
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return spec.dateText(value);
  const text = toCellText(typeof value === 'string' ? value : value.text);
  return text === '' ? null : text;
}

/** The CSV text, a chunk of records at a time; the first chunk starts with the BOM and header. */
async function* csvChunks<Row>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  spec: SheetSpec<Row>,
  counted: { rows: number },
): AsyncGenerator<string> {
  let records: (string | null)[][] = [spec.columns.map((c) => c.header)];
  let chars = 0;
  let first = true;
  const take = (): string => {
    const text = stringify(records, first ? { ...CSV_OPTIONS, bom: true } : CSV_OPTIONS);
    records = [];
    chars = 0;
    first = false;
    return text;
  };
  for await (const row of rows) {
    const record = csvRecord(spec, row);
    counted.rows += 1;
    records.push(record);
    for (const field of record) chars += field?.length ?? 0;
    if (chars >= TEXT_CHUNK_CHARS) yield take();
  }
  if (records.length > 0) yield take();
}

/**
 * Streams jobs as CSV into `out`, taking jobs only as fast as `out` is read. Resolves with the
 * number of job rows once all is written; a failing source or output rejects and breaks `out`.
 */
export function writeJobsCsv(
  jobs: AsyncIterable<ExportJob> | Iterable<ExportJob>,
  out: NodeJS.WritableStream,
): Promise<{ rows: number }> {
  return writeSheetCsv(jobs, JOBS_SHEET, out);
}

/** writeJobsCsv for any sheet: `rows` in `spec`'s columns, with the same promises. */
export async function writeSheetCsv<Row>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  spec: SheetSpec<Row>,
  out: NodeJS.WritableStream,
): Promise<{ rows: number }> {
  const counted = { rows: 0 };
  await streamText(csvChunks(rows, spec, counted), out);
  return counted;
}
