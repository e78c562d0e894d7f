import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { toCellText } from './cell-text';
import {
  csvTextOf,
  EXPORT_HEADERS as HEADERS,
  exportJob,
  memorySink,
  readCsvRecords as parseCsv,
  readNdjsonLines as parseNdjson,
  readXlsxRows,
} from './export-test-kit';
import { writeJobsCsv } from './jobs-csv';
import { writeJobsNdjson } from './jobs-ndjson';
import { writeJobsXlsx, type ExportJob } from './jobs-xlsx';

// The csv and json formats (issue 18) against the .xlsx: the same jobs written three ways,
// each read back with a real reader (exceljs, csv-parse, JSON.parse per line) and compared
// row for row, with the worst text a job can carry.

type Writer = (jobs: Iterable<ExportJob>, out: NodeJS.WritableStream) => Promise<{ rows: number }>;

const job = exportJob;

const LONG_DESCRIPTION = Array.from({ length: 45_000 }, (_, i) =>
  i % 97 === 96 ? '\n' : String.fromCharCode(97 + (i % 26)),
).join('');
const FORMULA_TITLES = [
  '=HYPERLINK("http://evil.example","click")',
  '+1',
  '-x',
  '@SUM(A1:A2)',
  "=cmd|'/c calc'!A0",
  '\uFF1D1+1',
];

/** The worst rows: formulas, a 45,000-character description, quotes, commas, line breaks, gaps. */
function worstJobs(): ExportJob[] {
  return [
    job(),
    job({ jobId: '4000000001', description: LONG_DESCRIPTION, title: 'Analyst, "Senior"; FP&A' }),
    ...FORMULA_TITLES.map((title, i) =>
      job({ jobId: String(4_100_000_000 + i), title, company: title, description: title }),
    ),
    job({
      jobId: '4000000002',
      title: 'Entwickler:in für Datenplattform 数据工程师 🚀',
      company: 'Ünïcode GmbH, Köln',
      companyId: null,
      location: 'München\r\nBayern',
      postedAt: null,
      salary: null,
      seniority: null,
      employmentType: null,
      jobFunction: null,
      industries: null,
      applicants: 'Over 200 applicants',
      easyApply: null,
      url: 'https://www.linkedin.com/jobs/view/4000000002/',
      description: null,
      isNew: true,
    }),
    job({ jobId: '4000000003', description: 'bell\u0007 and tab\tstay\u0000', applicants: null }),
  ];
}

async function writeToBuffer(writer: Writer, jobs: Iterable<ExportJob>): Promise<Buffer> {
  const { sink, bytes } = memorySink();
  await writer(jobs, sink);
  return bytes();
}

async function xlsxRows(jobs: Iterable<ExportJob>): Promise<ExcelJS.CellValue[][]> {
  return (await readXlsxRows(await writeToBuffer(writeJobsXlsx, jobs))).rows;
}

describe('format=csv', () => {
  it('holds the .xlsx row for row, formula-looking text led by an apostrophe', async () => {
    const jobs = worstJobs();
    const sheet = await xlsxRows(jobs);
    const csv = parseCsv(await writeToBuffer(writeJobsCsv, jobs));
    expect(csv[0]).toEqual(HEADERS);
    expect(csv).toHaveLength(jobs.length + 1);
    sheet.forEach((cells, r) => {
      expect(csv[r + 1], `row ${r + 1}`).toEqual(cells.map(csvTextOf));
    });
    // The 45,000-character description is cut where the sheet cuts it.
    const description = csv[2]?.[HEADERS.indexOf('Description')];
    expect(description).toHaveLength(32_767);
    expect(description).toBe(LONG_DESCRIPTION.slice(0, 32_767));
    const titles = csv.slice(3, 3 + FORMULA_TITLES.length).map((r) => r[1]);
    expect(titles).toEqual(FORMULA_TITLES.map((t) => `'${t}`));
  });

  it('is UTF-8 with a BOM, CRLF records, and RFC 4180 quoting', async () => {
    const buffer = await writeToBuffer(writeJobsCsv, [
      job({ title: 'Analyst, "Senior"', description: 'line one\r\nline two' }),
    ]);
    expect([...buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = buffer.subarray(3).toString('utf8');
    expect(text.startsWith(`${HEADERS.join(',')}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain(',"Analyst, ""Senior""",');
    expect(text).toContain(',"line one\nline two",');
    // Company ID and Applicants are numbers: a "-" or digit start is never an apostrophe's.
    expect(text).toContain(',1035,');
    expect(text).toContain(',2025-01-15,');
  });

  it('writes only the header for no jobs', async () => {
    const buffer = await writeToBuffer(writeJobsCsv, []);
    expect(buffer.toString('utf8')).toBe(`\uFEFF${HEADERS.join(',')}\r\n`);
  });
});

describe('issue 41: the closed day and the employer’s address, last in every format', () => {
  const closedAt = new Date('2026-10-20T23:30:00Z');
  const jobs = [
    job({
      jobId: '4200000001',
      closedAt,
      // The server's day (Berlin): already the 21st.
      closedOn: new Date(Date.UTC(2026, 9, 21)),
      applyUrl: 'https://jobs.acme.example/apply/7?source=LinkedIn&ref=li',
    }),
    job({ jobId: '4200000002' }),
  ];

  it('writes them as a date cell and a link after SPEC.md’s columns, and reads them back', async () => {
    expect(HEADERS.slice(-5)).toEqual(['New', 'Closed', 'Apply URL', 'Fit', 'Fit band']);
    const sheet = await xlsxRows(jobs);
    const at = (r: number, header: string) => sheet[r]?.[HEADERS.indexOf(header)] ?? null;
    expect(at(0, 'Closed')).toEqual(new Date(Date.UTC(2026, 9, 21)));
    expect(at(0, 'Apply URL')).toEqual({
      text: 'https://jobs.acme.example/apply/7?source=LinkedIn&ref=li',
      hyperlink: 'https://jobs.acme.example/apply/7?source=LinkedIn&ref=li',
    });
    expect([at(1, 'Closed'), at(1, 'Apply URL')]).toEqual([null, null]);

    const csv = parseCsv(await writeToBuffer(writeJobsCsv, jobs));
    expect(csv.map((record) => record.slice(-4, -2))).toEqual([
      ['Closed', 'Apply URL'],
      ['2026-10-21', 'https://jobs.acme.example/apply/7?source=LinkedIn&ref=li'],
      ['', ''],
    ]);

    const lines = parseNdjson(await writeToBuffer(writeJobsNdjson, jobs));
    expect(lines.map((l) => [l.closed_at, l.apply_url])).toEqual([
      ['2026-10-20T23:30:00.000Z', 'https://jobs.acme.example/apply/7?source=LinkedIn&ref=li'],
      [null, null],
    ]);
  });
});

describe('issue 40: the fit and its band, last in every format', () => {
  const jobs = [
    job({ jobId: '4300000001', fitScore: 80 }),
    job({ jobId: '4300000002', fitScore: 39 }),
    job({ jobId: '4300000003' }),
  ];

  it('writes the score as a number and the band in words after issue 41’s, and reads them back', async () => {
    const sheet = await xlsxRows(jobs);
    const at = (r: number, header: string) => sheet[r]?.[HEADERS.indexOf(header)] ?? null;
    expect([at(0, 'Fit'), at(0, 'Fit band')]).toEqual([80, 'Strong']);
    expect([at(1, 'Fit'), at(1, 'Fit band')]).toEqual([39, 'Poor']);
    expect([at(2, 'Fit'), at(2, 'Fit band')]).toEqual([null, null]);

    const csv = parseCsv(await writeToBuffer(writeJobsCsv, jobs));
    expect(csv.map((record) => record.slice(-2))).toEqual([
      ['Fit', 'Fit band'],
      ['80', 'Strong'],
      ['39', 'Poor'],
      ['', ''],
    ]);

    const lines = parseNdjson(await writeToBuffer(writeJobsNdjson, jobs));
    expect(lines.map((l) => [l.fit_score, l.fit_band])).toEqual([
      [80, 'strong'],
      [39, 'poor'],
      [null, null],
    ]);
  });
});

describe('format=json (NDJSON)', () => {
  it('holds the .xlsx row for row as typed JSON, text whole', async () => {
    const jobs = worstJobs();
    const sheet = await xlsxRows(jobs);
    const lines = parseNdjson(await writeToBuffer(writeJobsNdjson, jobs));
    expect(lines).toHaveLength(jobs.length);
    const at = (cells: ExcelJS.CellValue[], header: string) => cells[HEADERS.indexOf(header)];
    sheet.forEach((cells, r) => {
      const line = lines[r];
      const source = jobs[r];
      if (!line || !source) throw new Error(`row ${r} is missing`);
      expect(String(line.id)).toBe(at(cells, 'Job ID'));
      const texts: Array<[string, string | null]> = [
        ['Title', line.title],
        ['Company', line.company_name],
        ['Location', line.location],
        ['Salary', line.salary],
        ['Seniority', line.seniority],
        ['Employment type', line.employment_type],
        ['Job function', line.job_function],
        ['Industries', line.industries],
        ['Description', line.description],
        ['Search Term', line.search_term],
        ['Search Location', line.search_location],
      ];
      for (const [header, value] of texts) {
        // The sheet shows the text cleaned and cut; the line has it exactly as stored.
        const shown = value === null ? null : toCellText(value);
        expect(at(cells, header) ?? null, `row ${r + 1} ${header}`).toBe(
          shown === '' ? null : shown,
        );
      }
      expect(line.company_id).toBe(at(cells, 'Company ID') ?? null);
      expect(line.applicants).toBe(at(cells, 'Applicants') ?? null);
      const posted = at(cells, 'Posted');
      expect(line.posted_at).toBe(
        posted instanceof Date ? posted.toISOString().slice(0, 10) : null,
      );
      const yesNo = (flag: boolean | null) => (flag === null ? null : flag ? 'Yes' : 'No');
      expect(yesNo(line.easy_apply)).toBe(at(cells, 'Easy Apply') ?? null);
      expect(yesNo(line.is_new)).toBe(at(cells, 'New'));
      expect(csvTextOf(at(cells, 'URL') ?? null)).toBe(line.url);
    });
    // Whole text: all 45,000 characters, the formulas as written, control characters kept.
    expect(lines[1]?.description).toBe(LONG_DESCRIPTION);
    expect(lines.slice(2, 2 + FORMULA_TITLES.length).map((l) => l.title)).toEqual(FORMULA_TITLES);
    expect(lines.at(-1)?.description).toBe('bell\u0007 and tab\tstay\u0000');
  });

  it('writes one line per job and nothing for no jobs', async () => {
    const buffer = await writeToBuffer(writeJobsNdjson, [job({ description: 'a\nb\r\nc' })]);
    const text = buffer.toString('utf8');
    expect(text.split('\n')).toHaveLength(2);
    expect(text.charCodeAt(0)).toBe('{'.charCodeAt(0));
    expect((await writeToBuffer(writeJobsNdjson, [])).length).toBe(0);
  });
});

describe.each([
  ['csv', writeJobsCsv],
  ['json', writeJobsNdjson],
] as const)('format=%s streaming', (_format, writer) => {
  it('takes jobs only as fast as the output is read', async () => {
    let pulled = 0;
    const total = 5_000;
    // ~15 MB of text that hardly repeats: buffering it instead of waiting would show.
    function* source(): Generator<ExportJob> {
      for (let i = 0; i < total; i += 1) {
        pulled += 1;
        yield job({ jobId: String(i + 1), description: randomBytes(1_500).toString('hex') });
      }
    }
    const out = new PassThrough();
    const writing = writer(source(), out);
    for (let turn = 0; turn < 200; turn += 1) await new Promise((r) => setImmediate(r));
    expect(pulled).toBeLessThan(total / 4);
    let bytes = 0;
    out.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    await expect(writing).resolves.toEqual({ rows: total });
    expect(pulled).toBe(total);
    expect(bytes).toBeGreaterThan(total * 3_000);
  });

  it('fails, and does not hang, when the client goes away mid-download', async () => {
    const out = new PassThrough();
    let seen = 0;
    out.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > 100_000) out.destroy();
    });
    let closed = false;
    function* many(): Generator<ExportJob> {
      try {
        for (let i = 0; i < 20_000; i += 1)
          yield job({ jobId: String(i + 1), description: 'x'.repeat(2_000) });
      } finally {
        // The source is closed too: a database reader behind it is let go.
        closed = true;
      }
    }
    await expect(writer(many(), out)).rejects.toThrow();
    expect(closed).toBe(true);
  });

  it('fails, and breaks the output, when the source fails half-way', async () => {
    async function* failing(): AsyncGenerator<ExportJob> {
      yield job();
      throw new Error('database went away');
    }
    const out = new PassThrough();
    out.resume();
    await expect(writer(failing(), out)).rejects.toThrow('database went away');
    expect(out.destroyed).toBe(true);
  });
});
