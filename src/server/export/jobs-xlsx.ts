import { setImmediate as nextTurn } from 'node:timers/promises';
import { FIT_BAND_LABELS, fitBand } from '../../contract/fit';
import { escapeXml, toCellText, toCellXml } from './cell-text';
import {
  contentTypesXml,
  HYPERLINK_REL_TYPE,
  RELS_TAIL_XML,
  relsHeadXml,
  rootRelsXml,
  SHEET_PATH,
  SHEET_RELS_PATH,
  SHEET_TAIL_XML,
  sheetHeadXml,
  STYLE,
  stylesXml,
  workbookRelsXml,
  workbookXml,
} from './workbook-parts';
import { XlsxZip, type ZipEntryStream } from './xlsx-zip';

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
  /** Issue 41: when its page was first found closed; null while open (or never read). */
  closedAt: Date | null;
  /** closedAt's day in the server's time zone, as a date at midnight UTC (as postedAt is). */
  closedOn: Date | null;
  /** Issue 41: the employer's own apply address (http(s) only); null when none. */
  applyUrl: string | null;
  /** Issue 40: its best fit (0–100); null without one. */
  fitScore: number | null;
}

export interface WriteJobsXlsxOptions {
  /** Worksheet name; the sheet's own by default ("Jobs" for the jobs' exports). */
  sheetName?: string;
}

export type CellValue = string | number | Date | { text: string; hyperlink: string } | null;

/** One column of a sheet of `Row`s. */
export interface SheetColumn<Row> {
  header: string;
  /** Width in characters; long text columns are capped so a sheet stays readable. */
  width: number;
  /**
   * The cell's value: text (made safe for a cell when written: see toCellXml), a number,
   * a date, or a link. null leaves the cell empty.
   */
  value: (row: Row) => CellValue;
}

/**
 * What a sheet is made of: the jobs' exports have one (JOBS_SHEET), the pipeline's another
 * (issue 33); the writers (xlsx and CSV) are the same for both.
 */
export interface SheetSpec<Row> {
  /** The worksheet's name when none is asked for (or the one asked is not allowed). */
  name: string;
  columns: readonly SheetColumn<Row>[];
  /** Excel's number format of every date cell. */
  dateFormat: string;
  /** A date as CSV text, as dateFormat shows it. */
  dateText: (date: Date) => string;
}

type ExportColumn = SheetColumn<ExportJob>;

// Yes/No text rather than Excel booleans for Easy Apply and New: an operator filtering the
// column sees "Yes"/"No" instead of TRUE/FALSE, and an unknown Easy Apply stays an empty
// cell instead of looking like FALSE.
const yesNo = (flag: boolean | null): string | null => (flag === null ? null : flag ? 'Yes' : 'No');

/**
 * DESIGN.md's export columns, in order. The last one's header is "New": DESIGN.md's
 * "(first seen in this batch)" explains the column rather than naming it, and the short
 * header keeps a Yes/No column narrow. "Yes" means the job was first seen in the exported
 * batch; for a run export, first seen in that run's batch.
 */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Job ID', width: 13, value: (j) => j.jobId },
  { header: 'Title', width: 40, value: (j) => j.title },
  { header: 'Company', width: 28, value: (j) => j.company },
  { header: 'Company ID', width: 12, value: (j) => finiteOrNull(j.companyId) },
  { header: 'Location', width: 28, value: (j) => j.location },
  { header: 'Posted', width: 12, value: (j) => validDateOrNull(j.postedAt) },
  { header: 'Salary', width: 22, value: (j) => j.salary },
  { header: 'Seniority', width: 18, value: (j) => j.seniority },
  { header: 'Employment type', width: 16, value: (j) => j.employmentType },
  { header: 'Job function', width: 24, value: (j) => j.jobFunction },
  { header: 'Industries', width: 28, value: (j) => j.industries },
  { header: 'Applicants', width: 11, value: (j) => applicantsValue(j.applicants) },
  { header: 'Easy Apply', width: 11, value: (j) => yesNo(j.easyApply) },
  { header: 'URL', width: 45, value: (j) => urlValue(j.url) },
  { header: 'Description', width: 80, value: (j) => j.description },
  { header: 'Search Term', width: 24, value: (j) => j.searchTerm },
  { header: 'Search Location', width: 24, value: (j) => j.searchLocation },
  { header: 'New', width: 6, value: (j) => yesNo(j.isNew) },
  // Issue 41, after SPEC.md's and DESIGN.md's columns so that theirs keep their places: the day a
  // page was found closed (empty while open) and the employer's own address.
  { header: 'Closed', width: 12, value: (j) => validDateOrNull(j.closedOn) },
  {
    header: 'Apply URL',
    width: 45,
    value: (j) => (j.applyUrl === null ? null : urlValue(j.applyUrl)),
  },
  // Issue 40, after issue 41's: the job's best fit and its band's word.
  ...fitColumns<ExportJob>((j) => j.fitScore),
];

/**
 * Excel keeps at most 66,530 hyperlinks in one worksheet (Excel specifications and limits);
 * past that it drops links or reports the file as damaged. Later rows keep their URL as
 * plain text so a very large export still opens cleanly.
 */
export const MAX_HYPERLINKS_PER_SHEET = 66_530;

/** Excel refuses hyperlink addresses longer than this (Excel specifications and limits). */
const MAX_HYPERLINK_LENGTH = 2_079;

/** The jobs' exports: DESIGN.md's columns; the site gives a posting day, not a time. */
export const JOBS_SHEET: SheetSpec<ExportJob> = {
  name: 'Jobs',
  columns: EXPORT_COLUMNS,
  dateFormat: 'yyyy-mm-dd',
  dateText: (date) => date.toISOString().slice(0, 10),
};

/** Excel's serial day number of 1970-01-01 (day 0 being 1899-12-30, in the 1900 system). */
const UNIX_EPOCH_SERIAL = 25_569;
const MS_PER_DAY = 86_400_000;

/**
 * How much sheet XML (bytes) is built before it goes to the compressor as one chunk. After
 * each, the row loop lets the event loop turn, so zlib's finished output is collected and
 * written while the next chunk is built. 1 MB: ~250 rows, ~3 ms of work between two turns.
 */
const FLUSH_BYTES = 1024 * 1024;
/** Room for a chunk and a row of up to ~85,000 characters after it (3 bytes each at most). */
const BUFFER_BYTES = 1280 * 1024;
/** Cell text at least this long is appended to the sheet on its own (see textCell). */
const APPEND_ALONE_CHARS = 512;

/** What every row of a sheet shares: its columns' letters and the header row's XML. */
interface SheetLayout {
  letters: readonly string[];
  lastColumn: string;
  headerRowXml: string;
}

const layouts = new WeakMap<readonly SheetColumn<never>[], SheetLayout>();

function layoutOf<Row>(columns: readonly SheetColumn<Row>[]): SheetLayout {
  const known = layouts.get(columns);
  if (known) return known;
  const letters = columns.map((_, i) => columnLetters(i));
  const headerRowXml =
    '<row r="1">' +
    columns
      .map(
        (c, i) =>
          `<c r="${letters[i] ?? 'A'}1" s="${STYLE.header}" t="inlineStr"><is><t>${toCellXml(c.header)}</t></is></c>`,
      )
      .join('') +
    '</row>';
  const layout = { letters, lastColumn: letters[letters.length - 1] ?? 'A', headerRowXml };
  layouts.set(columns, layout);
  return layout;
}

/**
 * Streams jobs into an .xlsx workbook written to `out`, one row at a time so memory stays
 * flat whatever the number of jobs. Resolves when the whole file has been written to `out`,
 * with the number of job rows (the header not counted). A failing source or output rejects
 * and breaks `out`: the reader sees an aborted transfer, never a short file that looks whole.
 *
 * Cell types: dates are date cells, Company ID and Applicants are numbers, URL is a
 * hyperlink, everything else is text. Text is always an inline string (`t="inlineStr"`,
 * `<is><t>…</t></is>`) and the writer never writes an `<f>`, so a title such as
 * "=HYPERLINK(…)" stays text and is never evaluated.
 */
export function writeJobsXlsx(
  jobs: AsyncIterable<ExportJob> | Iterable<ExportJob>,
  out: NodeJS.WritableStream,
  opts: WriteJobsXlsxOptions = {},
): Promise<{ rows: number }> {
  return writeSheetXlsx(jobs, JOBS_SHEET, out, opts);
}

/** writeJobsXlsx for any sheet: `rows` in `spec`'s columns, with the same promises. */
export async function writeSheetXlsx<Row>(
  source: AsyncIterable<Row> | Iterable<Row>,
  spec: SheetSpec<Row>,
  out: NodeJS.WritableStream,
  opts: WriteJobsXlsxOptions = {},
): Promise<{ rows: number }> {
  const zip = new XlsxZip(out);
  const name = sheetName(opts.sheetName, spec.name);
  const layout = layoutOf(spec.columns);
  let rows = 0;
  try {
    zip.addFile('[Content_Types].xml', contentTypesXml());
    zip.addFile('_rels/.rels', rootRelsXml());
    zip.addFile('xl/_rels/workbook.xml.rels', workbookRelsXml());
    zip.addFile('xl/styles.xml', stylesXml(spec.dateFormat));

    const sheet = new XmlEntryWriter(zip, zip.openEntry(SHEET_PATH));
    sheet.append(sheetHeadXml(spec.columns.map((c) => c.width)));
    sheet.append(layout.headerRowXml);
    const links = new LinkList();
    for await (const row of source) {
      rows += 1;
      appendRow(sheet, spec.columns, layout.letters, row, rows + 1, links);
      if (sheet.full) await sheet.flush();
    }
    const filterRange = `A1:${layout.lastColumn}${rows + 1}`;
    sheet.append(`</sheetData><autoFilter ref="${filterRange}"/>`);
    // The links wait for the end of the sheet: SpreadsheetML puts them after the rows.
    if (links.count > 0) {
      sheet.append('<hyperlinks>');
      for (let i = 0; i < links.count; i += 1) {
        sheet.append(`<hyperlink ref="${links.ref(i)}" r:id="rId${i + 1}"/>`);
        if (sheet.full) await sheet.flush();
      }
      sheet.append('</hyperlinks>');
    }
    sheet.append(SHEET_TAIL_XML);
    await sheet.end();

    if (links.count > 0) {
      const rels = new XmlEntryWriter(zip, zip.openEntry(SHEET_RELS_PATH));
      rels.append(relsHeadXml());
      for (let i = 0; i < links.count; i += 1) {
        rels.append(
          `<Relationship Id="rId${i + 1}" Type="${HYPERLINK_REL_TYPE}" Target="${attributeText(links.url(i))}" TargetMode="External"/>`,
        );
        if (rels.full) await rels.flush();
      }
      rels.append(RELS_TAIL_XML);
      await rels.end();
    }

    // Last, since its filter name covers the rows: zip readers find parts by name.
    zip.addFile('xl/workbook.xml', workbookXml(name, absoluteRange(filterRange)));
    await zip.finish();
  } catch (error) {
    const failure = error instanceof Error ? error : new Error('export failed');
    await zip.abort(failure);
    throw failure;
  }
  return { rows };
}

/**
 * Sheet XML on its way into one zip entry: encoded piece by piece (a row at a time) into a
 * reused buffer, handed to the compressor every ~FLUSH_BYTES.
 *
 * Why not one big string per chunk: joining rows into a string and encoding that allocates
 * the XML twice more (a flattened copy, then a fresh buffer of the same size) for every
 * chunk; at ~400 MB of XML per 100,000 rows that churn cost more main-thread time than
 * building the rows. Encoding each row into a buffer the compressor has finished with
 * costs one short-lived row string instead.
 */
class XmlEntryWriter {
  private buffer: Buffer = Buffer.allocUnsafeSlow(BUFFER_BYTES);
  private used = 0;
  /** Buffers the compressor has finished with, ready for reuse. */
  private readonly spare: Buffer[] = [];

  constructor(
    private readonly zip: XlsxZip,
    private readonly entry: ZipEntryStream,
  ) {}

  append(xml: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: sure to fit, without measuring first.
    if (xml.length * 3 > this.buffer.length - this.used) {
      this.handOver();
      if (xml.length * 3 > this.buffer.length) {
        // A row larger than a whole buffer (very long cells): encode it on its own.
        this.entry.write(Buffer.from(xml, 'utf8'));
        return;
      }
    }
    this.used += this.buffer.write(xml, this.used, 'utf8');
  }

  get full(): boolean {
    return this.used >= FLUSH_BYTES;
  }

  /**
   * Hands the XML to the compressor; then waits for it when it has a backlog (so memory
   * stays flat however slowly the output is read), or else lets the event loop turn once,
   * so the compressor's finished work is collected and its next chunk starts. Either wait
   * ends early, with its error, if the output fails.
   */
  async flush(): Promise<void> {
    const ready = this.handOver();
    await this.zip.race(ready ? nextTurn() : this.entry.drained());
  }

  async end(): Promise<void> {
    this.handOver();
    await this.entry.end();
  }

  /** Gives the filled part of the buffer to the compressor and takes a free buffer. */
  private handOver(): boolean {
    if (this.used === 0) return true;
    const full = this.buffer;
    const ready = this.entry.write(full.subarray(0, this.used), () => {
      // The compressor has consumed the chunk: the buffer can take more rows.
      this.spare.push(full);
    });
    this.buffer = this.spare.pop() ?? Buffer.allocUnsafeSlow(BUFFER_BYTES);
    this.used = 0;
    return ready;
  }
}

/**
 * The hyperlinks met so far, kept until they are written after the rows: the cell and the
 * address. At most MAX_HYPERLINKS_PER_SHEET.
 */
class LinkList {
  private readonly refs: string[] = [];
  private readonly urls: string[] = [];

  get count(): number {
    return this.refs.length;
  }

  get hasRoom(): boolean {
    return this.refs.length < MAX_HYPERLINKS_PER_SHEET;
  }

  add(ref: string, url: string): void {
    this.refs.push(ref);
    this.urls.push(url);
  }

  ref(i: number): string {
    return this.refs[i] ?? 'A1';
  }

  url(i: number): string {
    return this.urls[i] ?? '';
  }
}

/** Appends one row of the sheet, `<row>…</row>`; empty cells are left out. */
function appendRow<Row>(
  sheet: XmlEntryWriter,
  columns: readonly SheetColumn<Row>[],
  letters: readonly string[],
  source: Row,
  row: number,
  links: LinkList,
): void {
  let xml = `<row r="${row}">`;
  for (let i = 0; i < columns.length; i += 1) {
    const column = columns[i];
    if (column === undefined) continue;
    const value = column.value(source);
    if (value === null) continue;
    const ref = `${letters[i] ?? 'A'}${row}`;
    if (typeof value === 'string') {
      xml = textCell(sheet, xml, ref, value, STYLE.default);
    } else if (typeof value === 'number') {
      xml += `<c r="${ref}"><v>${value}</v></c>`;
    } else if (value instanceof Date) {
      const serial = UNIX_EPOCH_SERIAL + value.getTime() / MS_PER_DAY;
      xml += `<c r="${ref}" s="${STYLE.date}"><v>${serial}</v></c>`;
    } else if (links.hasRoom) {
      links.add(ref, value.hyperlink);
      xml = textCell(sheet, xml, ref, value.text, STYLE.link);
    } else {
      xml = textCell(sheet, xml, ref, value.text, STYLE.default);
    }
  }
  sheet.append(`${xml}</row>`);
}

/**
 * Adds an inline-string cell (text cleaned, cut and escaped by toCellXml; empty text makes
 * no cell) after the row's pending XML `xml`, and returns the XML still pending. Long text
 * (descriptions) is appended on its own: encoded straight from its string instead of being
 * copied into a row string first, which spares copying ~3 KB a row and the garbage it makes.
 */
function textCell(
  sheet: XmlEntryWriter,
  xml: string,
  ref: string,
  value: string,
  style: number,
): string {
  const text = toCellXml(value);
  if (text === '') return xml;
  // Without xml:space="preserve" Excel drops leading and trailing spaces and line breaks.
  const preserve =
    text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32
      ? ' xml:space="preserve"'
      : '';
  const s = style === STYLE.default ? '' : ` s="${style}"`;
  const open = `${xml}<c r="${ref}"${s} t="inlineStr"><is><t${preserve}>`;
  if (text.length < APPEND_ALONE_CHARS) return `${open}${text}</t></is></c>`;
  sheet.append(open);
  sheet.append(text);
  return '</t></is></c>';
}

/**
 * Text for a double-quoted XML attribute. Tabs and line breaks are written as character
 * references: a reader turns raw ones in an attribute into spaces.
 */
function attributeText(text: string): string {
  return escapeXml(text).replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "A", "B", …, "Z", "AA", …: the letters of a 0-based column index. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** "A1:R5" as "$A$1:$R$5". */
function absoluteRange(range: string): string {
  return range.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
}

function sheetName(requested: string | undefined, fallback: string): string {
  // Excel's rules for sheet names: 1–31 characters, none of : \ / ? * [ ], no apostrophe
  // at either end, and not "History" (Excel keeps that name for itself).
  const name = toCellText(requested ?? '')
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim();
  return name === '' || name.toLowerCase() === 'history' ? fallback : name;
}

/**
 * Issue 40's last two columns of every export (the jobs' and the pipeline's): "Fit", the best score
 * (a number), and "Fit band", its band's word (Strong, Good, Weak, Poor); empty without a fit.
 */
export function fitColumns<Row>(score: (row: Row) => number | null): SheetColumn<Row>[] {
  return [
    { header: 'Fit', width: 6, value: (row) => finiteOrNull(score(row)) },
    {
      header: 'Fit band',
      width: 9,
      value: (row) => {
        const value = finiteOrNull(score(row));
        return value === null ? null : FIT_BAND_LABELS[fitBand(value)];
      },
    },
  ];
}

export function finiteOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}

export function validDateOrNull(value: Date | null): Date | null {
  return value !== null && !Number.isNaN(value.getTime()) ? value : null;
}

export function applicantsValue(value: number | string | null): number | string | null {
  if (typeof value === 'number') return finiteOrNull(value);
  if (value === null) return null;
  // A count that arrives as text ("57") is still a number in the sheet, so it sorts as one.
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
}

/** A web address as a link cell (text otherwise); null for none. */
export function urlValue(url: string): CellValue {
  const shown = toCellText(url.trim());
  if (shown === '') return null;
  // Only web links become clickable: a `javascript:` or `file:` target in a shared
  // spreadsheet is a hazard, and Excel rejects over-long link addresses.
  const isWebLink = /^https?:\/\//i.test(shown) && shown.length <= MAX_HYPERLINK_LENGTH;
  return isWebLink ? { text: shown, hyperlink: shown } : shown;
}
