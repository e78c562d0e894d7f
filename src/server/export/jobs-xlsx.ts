import { once, type EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { toCellText } from './cell-text';
import { sheetZipInput } from './sheet-backpressure';

/**
 * One exported job, as the export routes hand it over. The writer knows nothing of the
 * database: batch and run exports map their rows to this shape and stream them in.
 */
export interface ExportJob {
  /** The site's job id. Kept as text: it is an identifier, not a quantity to sum or round. */
  jobId: string;
  title: string;
  company: string;
  companyId: number | null;
  location: string;
  postedAt: Date | null;
  salary: string | null;
  seniority: string | null;
  employmentType: string | null;
  jobFunction: string | null;
  industries: string | null;
  /** A count, or the site's own wording when it gives no exact number (e.g. "Over 200"). */
  applicants: number | string | null;
  easyApply: boolean | null;
  url: string;
  description: string | null;
  searchTerm: string;
  searchLocation: string;
  /** First seen in this batch. */
  isNew: boolean;
}

export interface WriteJobsXlsxOptions {
  /** Worksheet name; "Jobs" by default. */
  sheetName?: string;
}

type CellValue = string | number | Date | { text: string; hyperlink: string } | null;

interface ExportColumn {
  header: string;
  /**
   * One style object shared by every cell of the column. exceljs recognises a style object
   * it has seen before by identity and skips re-hashing it, which halves the cost of a row;
   * a fresh object per cell (its default) is hashed cell by cell. So these objects are never
   * changed after creation, and cells never use exceljs's per-property style setters.
   */
  style: Partial<ExcelJS.Style>;
  /** Width in characters; long text columns are capped so a sheet stays readable. */
  width: number;
  value: (job: ExportJob) => CellValue;
}

// Yes/No text rather than Excel booleans for Easy Apply and New: an operator filtering the
// column sees "Yes"/"No" instead of TRUE/FALSE, and an unknown Easy Apply stays an empty
// cell instead of looking like FALSE.
const TEXT_STYLE: Partial<ExcelJS.Style> = {};
const NUMBER_STYLE: Partial<ExcelJS.Style> = {};
/** The site gives a posting day, not a time. */
const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: 'yyyy-mm-dd' };
/** The look Excel gives a hyperlink it creates itself. */
const LINK_STYLE: Partial<ExcelJS.Style> = {
  font: { color: { argb: 'FF0563C1' }, underline: true },
};

const yesNo = (flag: boolean | null): string | null => (flag === null ? null : flag ? 'Yes' : 'No');

const text = (value: string | null): string | null => (value === null ? null : toCellText(value));

/**
 * DESIGN.md's export columns, in order. The last one's header is "New": DESIGN.md's
 * "(first seen in this batch)" explains the column rather than naming it, and the short
 * header keeps a Yes/No column narrow. "Yes" means the job was first seen in the exported
 * batch; for a run export, first seen in that run's batch.
 */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Job ID', style: TEXT_STYLE, width: 13, value: (j) => text(j.jobId) },
  { header: 'Title', style: TEXT_STYLE, width: 40, value: (j) => text(j.title) },
  { header: 'Company', style: TEXT_STYLE, width: 28, value: (j) => text(j.company) },
  { header: 'Company ID', style: NUMBER_STYLE, width: 12, value: (j) => finiteOrNull(j.companyId) },
  { header: 'Location', style: TEXT_STYLE, width: 28, value: (j) => text(j.location) },
  { header: 'Posted', style: DATE_STYLE, width: 12, value: (j) => validDateOrNull(j.postedAt) },
  { header: 'Salary', style: TEXT_STYLE, width: 22, value: (j) => text(j.salary) },
  { header: 'Seniority', style: TEXT_STYLE, width: 18, value: (j) => text(j.seniority) },
  { header: 'Employment type', style: TEXT_STYLE, width: 16, value: (j) => text(j.employmentType) },
  { header: 'Job function', style: TEXT_STYLE, width: 24, value: (j) => text(j.jobFunction) },
  { header: 'Industries', style: TEXT_STYLE, width: 28, value: (j) => text(j.industries) },
  {
    header: 'Applicants',
    style: NUMBER_STYLE,
    width: 11,
    value: (j) => applicantsValue(j.applicants),
  },
  { header: 'Easy Apply', style: TEXT_STYLE, width: 11, value: (j) => yesNo(j.easyApply) },
  { header: 'URL', style: LINK_STYLE, width: 45, value: (j) => urlValue(j.url) },
  { header: 'Description', style: TEXT_STYLE, width: 80, value: (j) => text(j.description) },
  { header: 'Search Term', style: TEXT_STYLE, width: 24, value: (j) => text(j.searchTerm) },
  { header: 'Search Location', style: TEXT_STYLE, width: 24, value: (j) => text(j.searchLocation) },
  { header: 'New', style: TEXT_STYLE, width: 6, value: (j) => yesNo(j.isNew) },
];

/**
 * Excel keeps at most 66,530 hyperlinks in one worksheet (Excel specifications and limits);
 * past that it drops links or reports the file as damaged. Later rows keep their URL as
 * plain text so a very large export still opens cleanly.
 */
export const MAX_HYPERLINKS_PER_SHEET = 66_530;

/** Excel refuses hyperlink addresses longer than this (Excel specifications and limits). */
const MAX_HYPERLINK_LENGTH = 2_079;

/**
 * How much text the row loop writes between two event-loop turns. The compressor's work is
 * handed back to this thread chunk by chunk, so it only moves on when the loop yields:
 * yielding every ~8 KB (2–3 rows) lets compression overlap row building (measured: ~25%
 * less wall time than every 64 KB, at the same CPU time).
 */
const YIELD_EVERY_CHARS = 8 * 1024;

/**
 * Most sheet XML allowed to wait for the compressor before the row loop pauses. Small, so
 * few buffers live long enough to reach the old generation, where they would wait for a
 * full garbage collection (measured: 4 MB raised the peak by ~15 MB, 512 KB costs no time).
 */
const MAX_SHEET_BACKLOG = 512 * 1024;

const URL_COLUMN = EXPORT_COLUMNS.findIndex((c) => c.header === 'URL') + 1;

/**
 * Streams jobs into an .xlsx workbook written to `out`, one committed row at a time so
 * memory stays flat whatever the number of jobs. Resolves when the whole file has been
 * written to `out`, with the number of job rows (the header not counted).
 *
 * Cell types: dates are date cells, Company ID and Applicants are numbers, URL is a
 * hyperlink, everything else is text. Text is always stored as a literal string value
 * (exceljs writes `t="str"` with a `<v>` and never an `<f>`), so a title such as
 * "=HYPERLINK(…)" stays text and is never evaluated.
 */
export async function writeJobsXlsx(
  jobs: AsyncIterable<ExportJob> | Iterable<ExportJob>,
  out: NodeJS.WritableStream,
  opts: WriteJobsXlsxOptions = {},
): Promise<{ rows: number }> {
  // exceljs writes into a stream of ours, piped into `out`: the pipe carries `out`'s
  // backpressure back to the row loop (see letOutputCatchUp) and turns a failed or closed
  // output (the client went away mid-download) into an error that ends the export instead
  // of leaving the loop and the zip waiting forever.
  const zipped = new PassThrough();
  let outputError: Error | null = null;
  const delivered = pipeline(zipped, out);
  delivered.catch((error: unknown) => {
    outputError = error instanceof Error ? error : new Error('export output failed');
  });

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: zipped,
    // Styles carry the bold header, the date format and the link look; shared strings
    // would keep every distinct string in memory until the end, so text is written inline.
    useStyles: true,
    useSharedStrings: false,
  });
  const columnCount = EXPORT_COLUMNS.length;
  const sheet = workbook.addWorksheet(sheetName(opts.sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = EXPORT_COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columnCount } };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  let rows = 0;
  let pending = 0;
  try {
    for await (const job of jobs) {
      if (outputError) throw outputError;
      const values = EXPORT_COLUMNS.map((c) => c.value(job));
      const link = values[URL_COLUMN - 1];
      const keepLink = isHyperlink(link) && rows < MAX_HYPERLINKS_PER_SHEET;
      if (isHyperlink(link) && !keepLink) values[URL_COLUMN - 1] = link.text;
      const row = sheet.addRow(values);
      EXPORT_COLUMNS.forEach((column, i) => {
        row.getCell(i + 1).style = column.style;
      });
      if (!keepLink) row.getCell(URL_COLUMN).style = TEXT_STYLE;
      row.commit();
      rows += 1;
      pending += textLength(values);
      if (pending >= YIELD_EVERY_CHARS) {
        pending = 0;
        await letOutputCatchUp(sheet, zipped, delivered);
      }
    }
    if (outputError) throw outputError;
    sheet.commit();
    const committed = workbook.commit();
    // After a failed output the zip may fail too; that second error is the same story.
    committed.catch(() => undefined);
    await Promise.race([committed, delivered]);
    await delivered;
  } catch (error) {
    // A source that fails half-way (a database error) must not end as a short file that
    // looks complete: break the output so the reader sees an aborted download.
    zipped.destroy(error instanceof Error ? error : new Error('export failed'));
    await delivered.catch(() => undefined);
    throw error;
  }
  return { rows };
}

/**
 * exceljs writes rows into the zip without waiting for it (see sheet-backpressure): left
 * alone, the sheet would pile up in memory in front of the compressor, which works on later
 * event-loop turns, and in front of a slow reader (an HTTP client). Give them a turn, wait
 * while the compressor has more than MAX_SHEET_BACKLOG queued, and wait while `out` is full.
 * Every wait also ends when the output fails, so a broken download cannot hang the loop.
 */
async function letOutputCatchUp(
  sheet: unknown,
  zipped: PassThrough,
  delivered: Promise<void>,
): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const zipInput = sheetZipInput(sheet);
  if (zipInput && zipInput.waitingBytes() > MAX_SHEET_BACKLOG) {
    await drainOrFailure(zipInput.stream, delivered);
  }
  if (zipped.writableNeedDrain) await drainOrFailure(zipped, delivered);
}

function drainOrFailure(stream: EventEmitter, delivered: Promise<void>): Promise<unknown> {
  const drained = once(stream, 'drain');
  // Once the race is decided, a late error of the other side has nobody left to tell.
  drained.catch(() => undefined);
  return Promise.race([drained, delivered]);
}

function sheetName(requested: string | undefined): string {
  // Excel's rules for sheet names: 1–31 characters, none of : \ / ? * [ ].
  const name = toCellText(requested ?? '')
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31);
  return name === '' ? 'Jobs' : name;
}

function textLength(values: CellValue[]): number {
  let length = 0;
  for (const value of values) {
    if (typeof value === 'string') length += value.length;
    else if (isHyperlink(value)) length += value.text.length * 2;
    else if (value !== null) length += 16;
  }
  return length;
}

function isHyperlink(value: CellValue | undefined): value is { text: string; hyperlink: string } {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

function finiteOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}

function validDateOrNull(value: Date | null): Date | null {
  return value !== null && !Number.isNaN(value.getTime()) ? value : null;
}

function applicantsValue(value: number | string | null): number | string | null {
  if (typeof value === 'number') return finiteOrNull(value);
  if (value === null) return null;
  // A count that arrives as text ("57") is still a number in the sheet, so it sorts as one.
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : toCellText(value);
}

function urlValue(url: string): CellValue {
  const shown = toCellText(url.trim());
  if (shown === '') return null;
  // Only web links become clickable: a `javascript:` or `file:` target in a shared
  // spreadsheet is a hazard, and Excel rejects over-long link addresses.
  const isWebLink = /^https?:\/\//i.test(shown) && shown.length <= MAX_HYPERLINK_LENGTH;
  return isWebLink ? { text: shown, hyperlink: shown } : shown;
}
