import { randomBytes } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import { exportJob, loadSheet, memorySink } from './export-test-kit';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_COLUMNS,
  MAX_HYPERLINKS_PER_SHEET,
  writeJobsXlsx,
  type ExportJob,
} from './jobs-xlsx';

const HEADERS = [
  'Job ID',
  'Title',
  'Company',
  'Company ID',
  'Location',
  'Posted',
  'Salary',
  'Seniority',
  'Employment type',
  'Job function',
  'Industries',
  'Applicants',
  'Easy Apply',
  'URL',
  'Description',
  'Search Term',
  'Search Location',
  'New',
  'Closed',
  'Apply URL',
  'Fit',
  'Fit band',
];

const job = exportJob;

async function exportToBuffer(
  jobs: AsyncIterable<ExportJob> | Iterable<ExportJob>,
  sheetName?: string,
): Promise<{ buffer: Buffer; rows: number }> {
  const { sink, bytes } = memorySink();
  const { rows } = await writeJobsXlsx(jobs, sink, sheetName === undefined ? {} : { sheetName });
  return { buffer: bytes(), rows };
}

const load = loadSheet;

/** The archive's entries in their order, read back with fflate. */
function readZipArchive(buffer: Buffer): { name: string; data: Buffer }[] {
  return Object.entries(unzipSync(buffer)).map(([name, data]) => ({
    name,
    data: Buffer.from(data),
  }));
}

function readZipEntry(buffer: Buffer, name: string): string | null {
  const data = unzipSync(buffer, { filter: (file) => file.name === name })[name];
  return data ? strFromU8(data) : null;
}

function sheetXml(buffer: Buffer): string {
  const xml = readZipEntry(buffer, 'xl/worksheets/sheet1.xml');
  if (xml === null) throw new Error('the workbook has no sheet1.xml');
  return xml;
}

describe('writeJobsXlsx: columns and cell types', () => {
  it('writes one row per job with every column in its Excel type', async () => {
    const { buffer, rows } = await exportToBuffer([job()]);
    expect(rows).toBe(1);
    const sheet = await load(buffer);
    const row = sheet.getRow(2);
    const cell = (header: string) => row.getCell(HEADERS.indexOf(header) + 1);

    const texts: Array<[string, string]> = [
      ['Job ID', '4012345678'],
      ['Title', 'Senior Financial Analyst'],
      ['Company', 'Acme Corp'],
      ['Location', 'San Francisco, CA'],
      ['Salary', '$120K/yr - $150K/yr'],
      ['Seniority', 'Mid-Senior level'],
      ['Employment type', 'Full-time'],
      ['Job function', 'Finance and Sales'],
      ['Industries', 'Software Development'],
      ['Easy Apply', 'Yes'],
      ['Description', 'About the job\nWe are hiring.'],
      ['Search Term', 'Financial Analyst'],
      ['Search Location', 'San Francisco Bay Area'],
      ['New', 'No'],
    ];
    for (const [header, value] of texts) {
      expect(cell(header).type, header).toBe(ExcelJS.ValueType.String);
      expect(cell(header).value, header).toBe(value);
    }

    expect(cell('Company ID').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('Company ID').value).toBe(1035);
    expect(cell('Applicants').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('Applicants').value).toBe(57);

    expect(cell('Posted').type).toBe(ExcelJS.ValueType.Date);
    expect(cell('Posted').value).toEqual(new Date(Date.UTC(2025, 0, 15)));
    expect(cell('Posted').numFmt).toBe('yyyy-mm-dd');

    expect(cell('URL').type).toBe(ExcelJS.ValueType.Hyperlink);
    expect(cell('URL').value).toEqual({
      text: 'https://www.linkedin.com/jobs/view/4012345678/',
      hyperlink: 'https://www.linkedin.com/jobs/view/4012345678/',
    });
    expect(cell('URL').font?.underline).toBe(true);
  });

  it('leaves unknown values as empty cells and writes Yes/No flags', async () => {
    const { buffer } = await exportToBuffer([
      job({
        companyId: null,
        postedAt: null,
        salary: null,
        seniority: null,
        employmentType: null,
        jobFunction: null,
        industries: null,
        applicants: null,
        easyApply: null,
        description: null,
        isNew: true,
      }),
      job({ easyApply: false, postedAt: new Date(Number.NaN), companyId: Number.NaN }),
    ]);
    const sheet = await load(buffer);
    const first = sheet.getRow(2);
    for (const header of [
      'Company ID',
      'Posted',
      'Salary',
      'Seniority',
      'Employment type',
      'Job function',
      'Industries',
      'Applicants',
      'Easy Apply',
      'Description',
    ]) {
      expect(first.getCell(HEADERS.indexOf(header) + 1).value, header).toBeNull();
    }
    expect(first.getCell(HEADERS.indexOf('New') + 1).value).toBe('Yes');
    const second = sheet.getRow(3);
    expect(second.getCell(HEADERS.indexOf('Easy Apply') + 1).value).toBe('No');
    expect(second.getCell(HEADERS.indexOf('Posted') + 1).value).toBeNull();
    expect(second.getCell(HEADERS.indexOf('Company ID') + 1).value).toBeNull();
  });

  it('writes a numeric applicants text as a number and other wording as text', async () => {
    const { buffer } = await exportToBuffer([
      job({ applicants: ' 120 ' }),
      job({ applicants: 'Over 200' }),
    ]);
    const sheet = await load(buffer);
    const column = HEADERS.indexOf('Applicants') + 1;
    expect(sheet.getRow(2).getCell(column).value).toBe(120);
    expect(sheet.getRow(3).getCell(column).value).toBe('Over 200');
  });

  it('makes only web addresses clickable', async () => {
    const { buffer } = await exportToBuffer([
      job({ url: 'javascript:alert(1)' }),
      job({ url: '' }),
      job({ url: 'https://www.linkedin.com/jobs/view/1/?refId=a&trackingId=b' }),
    ]);
    const sheet = await load(buffer);
    const column = HEADERS.indexOf('URL') + 1;
    expect(sheet.getRow(2).getCell(column).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(column).value).toBe('javascript:alert(1)');
    expect(sheet.getRow(3).getCell(column).value).toBeNull();
    expect(sheet.getRow(4).getCell(column).value).toEqual({
      text: 'https://www.linkedin.com/jobs/view/1/?refId=a&trackingId=b',
      hyperlink: 'https://www.linkedin.com/jobs/view/1/?refId=a&trackingId=b',
    });
  });

  it('keeps a tab in a link address through the relationship attribute', async () => {
    const url = 'https://example.com/a\tb';
    const { buffer } = await exportToBuffer([job({ url })]);
    expect(readZipEntry(buffer, 'xl/worksheets/_rels/sheet1.xml.rels')).toContain(
      'Target="https://example.com/a&#9;b"',
    );
    const sheet = await load(buffer);
    expect(sheet.getRow(2).getCell(HEADERS.indexOf('URL') + 1).value).toEqual({
      text: url,
      hyperlink: url,
    });
  });

  it('reads jobs from an async source', async () => {
    async function* source(): AsyncGenerator<ExportJob> {
      for (let i = 0; i < 120; i += 1) yield job({ jobId: String(i) });
    }
    const { buffer, rows } = await exportToBuffer(source());
    expect(rows).toBe(120);
    const sheet = await load(buffer);
    expect(sheet.rowCount).toBe(121);
    expect(sheet.getRow(121).getCell(1).value).toBe('119');
  });
});

describe('writeJobsXlsx: header row', () => {
  it('has DESIGN.md columns, bold, frozen, filtered, with set widths', async () => {
    const { buffer } = await exportToBuffer([job()]);
    const sheet = await load(buffer);
    const header = sheet.getRow(1);
    expect(HEADERS.map((_, i) => header.getCell(i + 1).value)).toEqual(HEADERS);
    expect(EXPORT_COLUMNS.map((c) => c.header)).toEqual(HEADERS);
    for (let i = 1; i <= HEADERS.length; i += 1) expect(header.getCell(i).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // The filter covers the header and the rows, as Excel writes it.
    expect(sheet.autoFilter).toBe('A1:V2');
    expect(sheet.getColumn(HEADERS.indexOf('Title') + 1).width).toBe(40);
    expect(sheet.getColumn(HEADERS.indexOf('Description') + 1).width).toBe(80);
    expect(sheet.name).toBe('Jobs');
  });

  it('writes only the header for an empty export', async () => {
    const { buffer, rows } = await exportToBuffer([]);
    expect(rows).toBe(0);
    const sheet = await load(buffer);
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Job ID');
    expect(sheet.autoFilter).toBe('A1:V1');
  });

  it('uses a given sheet name, cleaned of characters Excel refuses', async () => {
    const { buffer } = await exportToBuffer([], 'Batch 12: jobs/all [x]');
    const sheet = await load(buffer);
    expect(sheet.name).toBe('Batch 12  jobs all  x');
  });
});

describe('writeJobsXlsx: text safety', () => {
  it('cuts text at 32,767 characters', async () => {
    const description = 'd'.repeat(40_000);
    const { buffer } = await exportToBuffer([job({ description, title: 'T'.repeat(32_767) })]);
    const sheet = await load(buffer);
    const value = sheet.getRow(2).getCell(HEADERS.indexOf('Description') + 1).value;
    expect(value).toBe('d'.repeat(32_767));
    expect(sheet.getRow(2).getCell(HEADERS.indexOf('Title') + 1).value).toBe('T'.repeat(32_767));
  });

  it('keeps formula-looking text as text, never as a formula', async () => {
    const risky = [
      '=HYPERLINK("http://evil.example","click")',
      '+1',
      '-x',
      '@x',
      '=1+1',
      "=cmd|'/c calc'!A0",
    ];
    const { buffer } = await exportToBuffer(
      risky.map((title, i) => job({ title, company: title, description: title, jobId: String(i) })),
    );
    const sheet = await load(buffer);
    risky.forEach((title, i) => {
      const row = sheet.getRow(i + 2);
      for (const header of ['Title', 'Company', 'Description']) {
        const cell = row.getCell(HEADERS.indexOf(header) + 1);
        expect(cell.type, `${header} ${title}`).toBe(ExcelJS.ValueType.String);
        expect(cell.value).toBe(title);
      }
    });
    const xml = sheetXml(buffer);
    expect(xml).not.toMatch(/<f[\s>]/);
    // Every text cell is an inline string, never a formula element.
    expect(xml).toContain(
      '<c r="B2" t="inlineStr"><is><t>=HYPERLINK(&quot;http://evil.example&quot;,&quot;click&quot;)</t></is></c>',
    );
    expect(xml).not.toContain('t="str"');
  });

  it('removes characters that are illegal in XML and keeps tabs and line breaks', async () => {
    const dirty = 'a\u0000b\u0007c\u000Bd\u000Ce\u001Ff\uFFFEg\uD800h\uDC00i\tj\nk\r\nl 😀';
    const { buffer } = await exportToBuffer([
      job({ title: dirty, description: dirty, company: '\u0001' }),
    ]);
    const sheet = await load(buffer);
    const row = sheet.getRow(2);
    expect(row.getCell(HEADERS.indexOf('Title') + 1).value).toBe('abcdefghi\tj\nk\nl 😀');
    expect(row.getCell(HEADERS.indexOf('Description') + 1).value).toBe('abcdefghi\tj\nk\nl 😀');
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(sheetXml(buffer)).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
  });
});

describe('writeJobsXlsx: streaming', () => {
  it('writes URLs past Excel hyperlink limit as plain text (70,000 rows)', async () => {
    const count = 70_000;
    const minimal = job({ description: null, title: 'x', company: 'y' });
    function* source(): Generator<ExportJob> {
      for (let i = 0; i < count; i += 1)
        yield { ...minimal, url: `https://example.com/j/${i}?a=1&b=2` };
    }
    const { buffer, rows } = await exportToBuffer(source());
    expect(rows).toBe(count);
    const entries = readZipArchive(buffer);
    const xml = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')?.data.toString();
    const rels = entries.find((e) => e.name === 'xl/worksheets/_rels/sheet1.xml.rels')?.data;
    if (xml === undefined || rels === undefined) throw new Error('sheet or its rels missing');
    const column = String.fromCharCode('A'.charCodeAt(0) + HEADERS.indexOf('URL'));
    const lastLinkRow = MAX_HYPERLINKS_PER_SHEET + 1;
    expect(xml.match(/<hyperlink /g)).toHaveLength(MAX_HYPERLINKS_PER_SHEET);
    expect(xml).toContain(`<hyperlink ref="${column}2" r:id="rId1"/>`);
    expect(xml).toContain(
      `<hyperlink ref="${column}${lastLinkRow}" r:id="rId${MAX_HYPERLINKS_PER_SHEET}"/>`,
    );
    expect(xml).not.toContain(`<hyperlink ref="${column}${lastLinkRow + 1}"`);
    // The last linked cell has the link look; the next one is plain text.
    expect(xml).toContain(`<c r="${column}${lastLinkRow}" s="3" t="inlineStr">`);
    expect(xml).toContain(
      `<c r="${column}${lastLinkRow + 1}" t="inlineStr"><is><t>https://example.com/j/${lastLinkRow - 1}?a=1&amp;b=2</t></is></c>`,
    );
    expect(xml).toContain(`<row r="${count + 1}">`);
    expect(xml).toContain(`<autoFilter ref="A1:V${count + 1}"/>`);
    // Each link's target, external, in the sheet's relationships, in row order.
    const relsText = rels.toString();
    expect(relsText.match(/TargetMode="External"/g)).toHaveLength(MAX_HYPERLINKS_PER_SHEET);
    expect(relsText).toContain(
      `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/j/0?a=1&amp;b=2" TargetMode="External"/>`,
    );
    expect(relsText).toContain(
      `Id="rId${MAX_HYPERLINKS_PER_SHEET}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/j/${MAX_HYPERLINKS_PER_SHEET - 1}?a=1&amp;b=2"`,
    );
  }, 120_000);

  it('takes jobs only as fast as the output is read', async () => {
    let pulled = 0;
    const total = 5_000;
    // Descriptions that hardly compress (random, different in every row): the export (~8 MB
    // zipped) is many times what the writer may hold back (2 MB of XML for the compressor,
    // about 1 MB zipped for the output), so buffering it would show.
    function* source(): Generator<ExportJob> {
      for (let i = 0; i < total; i += 1) {
        pulled += 1;
        yield job({ jobId: String(i), description: randomBytes(1_500).toString('hex') });
      }
    }
    // Nobody reads the output yet: the writer must stop and wait, not buffer the export.
    const out = new PassThrough();
    const writing = writeJobsXlsx(source(), out);
    for (let turn = 0; turn < 200; turn += 1) await new Promise((r) => setImmediate(r));
    const pulledWhileBlocked = pulled;
    expect(pulledWhileBlocked).toBeLessThan(total / 2);
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await expect(writing).resolves.toEqual({ rows: total });
    expect(pulled).toBe(total);
    const sheet = await load(Buffer.concat(chunks));
    expect(sheet.rowCount).toBe(total + 1);
  });

  it('fails, and does not hang, when the client goes away mid-download', async () => {
    const out = new PassThrough();
    let seen = 0;
    out.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > 100_000) out.destroy();
    });
    function* many(): Generator<ExportJob> {
      for (let i = 0; i < 20_000; i += 1) yield job({ description: 'x'.repeat(2_000) + i });
    }
    await expect(writeJobsXlsx(many(), out)).rejects.toThrow();
  });

  it('fails, and breaks the output, when the source fails half-way', async () => {
    async function* failing(): AsyncGenerator<ExportJob> {
      yield job();
      throw new Error('database went away');
    }
    const out = new PassThrough();
    out.resume();
    await expect(writeJobsXlsx(failing(), out)).rejects.toThrow('database went away');
    expect(out.destroyed).toBe(true);
  });

  it('fails when the output fails', async () => {
    const out = new Writable({
      write(_chunk, _encoding, done) {
        done(new Error('client went away'));
      },
    });
    function* many(): Generator<ExportJob> {
      for (let i = 0; i < 1_000; i += 1) yield job();
    }
    await expect(writeJobsXlsx(many(), out)).rejects.toThrow('client went away');
  });
});

describe('writeJobsXlsx: the package', () => {
  it('is a valid zip of the workbook parts, each listed in [Content_Types].xml', async () => {
    const { buffer } = await exportToBuffer([job(), job({ jobId: '2' })]);
    const entries = readZipArchive(buffer);
    expect(entries.map((e) => e.name).sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/_rels/sheet1.xml.rels',
        'xl/worksheets/sheet1.xml',
      ].sort(),
    );
    expect(entries[0]?.name).toBe('[Content_Types].xml');
    const text = (name: string) => entries.find((e) => e.name === name)?.data.toString() ?? '';
    for (const part of ['/xl/workbook.xml', '/xl/worksheets/sheet1.xml', '/xl/styles.xml']) {
      expect(text('[Content_Types].xml')).toContain(`PartName="${part}"`);
    }
    // The filter's hidden defined name, as Excel writes it beside the sheet's autoFilter.
    expect(text('xl/workbook.xml')).toContain(
      `<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'Jobs'!$A$1:$V$3</definedName>`,
    );
    const xml = text('xl/worksheets/sheet1.xml');
    expect(xml).toContain(
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>',
    );
    // SpreadsheetML's order: rows, then the filter, then the links.
    expect(xml.indexOf('</sheetData>')).toBeLessThan(xml.indexOf('<autoFilter'));
    expect(xml.indexOf('<autoFilter')).toBeLessThan(xml.indexOf('<hyperlinks>'));
  });

  it('leaves out the sheet relationships when there is no link', async () => {
    const { buffer } = await exportToBuffer([job({ url: 'not a link' })]);
    const names = readZipArchive(buffer).map((e) => e.name);
    expect(names).not.toContain('xl/worksheets/_rels/sheet1.xml.rels');
    expect(sheetXml(buffer)).not.toContain('<hyperlinks>');
    const sheet = await load(buffer);
    expect(sheet.getRow(2).getCell(HEADERS.indexOf('URL') + 1).value).toBe('not a link');
  });

  it('quotes a sheet name with an apostrophe in the filter name', async () => {
    const { buffer } = await exportToBuffer([job()], "'O'Brien's jobs'");
    const workbook = readZipEntry(buffer, 'xl/workbook.xml') ?? '';
    expect(workbook).toContain('<sheet name="O\'Brien\'s jobs" sheetId="1" r:id="rId1"/>');
    expect(workbook).toContain(`'O''Brien''s jobs'!$A$1:$V$2`);
    const sheet = await load(buffer);
    expect(sheet.name).toBe("O'Brien's jobs");
  });
});

describe('writeJobsXlsx: long and unusual text', () => {
  it('keeps leading and trailing spaces and line breaks', async () => {
    const { buffer } = await exportToBuffer([job({ title: '  padded  ', description: '\nx\n' })]);
    const sheet = await load(buffer);
    const row = sheet.getRow(2);
    expect(row.getCell(HEADERS.indexOf('Title') + 1).value).toBe('  padded  ');
    expect(row.getCell(HEADERS.indexOf('Description') + 1).value).toBe('\nx\n');
  });

  it('cleans and escapes long text as it does short text', async () => {
    const body = 'R&D <team> "quoted" \u0007bell \r\nline \uD800lone 😀 '.repeat(40);
    const expected = 'R&D <team> "quoted" bell \nline lone 😀 '.repeat(40);
    expect(body.length).toBeGreaterThan(1_000);
    const { buffer } = await exportToBuffer([job({ description: body })]);
    const sheet = await load(buffer);
    expect(sheet.getRow(2).getCell(HEADERS.indexOf('Description') + 1).value).toBe(expected);
  });

  it('drops a cell left empty by cleaning', async () => {
    const { buffer } = await exportToBuffer([job({ company: '\u0001\u0002' })]);
    const sheet = await load(buffer);
    expect(sheet.getRow(2).getCell(HEADERS.indexOf('Company') + 1).value).toBeNull();
  });
});
