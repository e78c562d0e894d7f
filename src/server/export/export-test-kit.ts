import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { exportedJobSchema, type ExportedJob } from '../../contract';
import { EXPORT_COLUMNS, type ExportJob } from './jobs-xlsx';

// What the tests of the three export formats share: a job to export, a sink to write into, and
// each file read back with a real reader (exceljs, csv-parse, JSON.parse per line against the
// contract).

export const EXPORT_HEADERS: readonly string[] = EXPORT_COLUMNS.map((c) => c.header);

/** A complete job as the export routes hand it over, with `overrides`. */
export function exportJob(overrides: Partial<ExportJob> = {}): ExportJob {
  return {
    jobId: '4012345678',
    title: 'Senior Financial Analyst',
    company: 'Acme Corp',
    companyId: 1035,
    location: 'San Francisco, CA',
    postedAt: new Date(Date.UTC(2025, 0, 15)),
    salary: '$120K/yr - $150K/yr',
    seniority: 'Mid-Senior level',
    employmentType: 'Full-time',
    jobFunction: 'Finance and Sales',
    industries: 'Software Development',
    applicants: 57,
    easyApply: true,
    url: 'https://www.linkedin.com/jobs/view/4012345678/',
    description: 'About the job\nWe are hiring.',
    searchTerm: 'Financial Analyst',
    searchLocation: 'San Francisco Bay Area',
    isNew: false,
    closedAt: null,
    closedOn: null,
    applyUrl: null,
    fitScore: null,
    ...overrides,
  };
}

/** A writable that keeps what it is given; `bytes()` is all of it so far. */
export function memorySink(): { sink: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks) };
}

/** The first worksheet of an .xlsx, read by exceljs. */
export async function loadSheet(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type (an ArrayBuffer); hand it exactly the file's bytes.
  const bytes = new Uint8Array(buffer.byteLength);
  bytes.set(buffer);
  await workbook.xlsx.load(bytes.buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no worksheet');
  return sheet;
}

/** The header and each data row of an .xlsx's first sheet, one exceljs value per column. */
export async function readXlsxRows(
  buffer: Buffer,
): Promise<{ headers: string[]; rows: ExcelJS.CellValue[][] }> {
  const sheet = await loadSheet(buffer);
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
