import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { exportedJobSchema, type ExportedJob } from '../../contract';
import { EXPORT_COLUMNS } from './jobs-xlsx';

// Readers for the tests of the three export formats: each file read back with a real reader
// (exceljs as the .xlsx tests do, csv-parse, JSON.parse per line against the contract).

export const EXPORT_HEADERS: readonly string[] = EXPORT_COLUMNS.map((c) => c.header);

/** The header and each data row of an .xlsx's first sheet, one exceljs value per column. */
export async function readXlsxRows(
  buffer: Buffer,
): Promise<{ headers: string[]; rows: ExcelJS.CellValue[][] }> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type (an ArrayBuffer); hand it exactly the file's bytes.
  const bytes = new Uint8Array(buffer.byteLength);
  bytes.set(buffer);
  await workbook.xlsx.load(bytes.buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no worksheet');
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell) => headers.push(String(cell.value)));
  const rows: ExcelJS.CellValue[][] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    rows.push(headers.map((_, i) => row.getCell(i + 1).value));
  }
  return { headers, rows };
}

/** A CSV file's records, BOM dropped, as csv-parse reads them (RFC 4180 quotes, strictly). */
export function readCsvRecords(buffer: Buffer): string[][] {
  const records: unknown = parse(buffer, { bom: true });
  if (!Array.isArray(records)) throw new Error('csv-parse answered no records');
  return records.map((record: unknown) => {
    if (!Array.isArray(record)) throw new Error('a record is not a list');
    return record.map((field: unknown) => {
      if (typeof field !== 'string') throw new Error('a field is not text');
      return field;
    });
  });
}

/** An NDJSON file's lines, each parsed and checked against the contract's exportedJobSchema. */
export function readNdjsonLines(buffer: Buffer): ExportedJob[] {
  const text = buffer.toString('utf8');
  if (text === '') return [];
  if (!text.endsWith('\n')) throw new Error('the last line has no line break');
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => exportedJobSchema.parse(JSON.parse(line)));
}

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** What a CSV field holds for an .xlsx cell: the text it shows, formula-looking text led by '. */
export function csvTextOf(cell: ExcelJS.CellValue): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'string') return FORMULA_START.test(cell) ? `'${cell}` : cell;
  if (typeof cell === 'object' && 'hyperlink' in cell) return cell.text;
  throw new Error(`unexpected cell ${JSON.stringify(cell)}`);
}
