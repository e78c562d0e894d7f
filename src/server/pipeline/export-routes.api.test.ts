import type ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { XLSX_MIME_TYPE } from '../../contract';
import {
  exportedApplicationSchema,
  type ExportedApplication,
} from '../../contract/pipeline-export';
import { seedApplications, type SeedApplication } from '../../db/pipeline/demo-seed';
import { loadSheet, readCsvRecords, readXlsxRows } from '../export/export-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// GET /applications/export (issue 33) on a real server: the pipeline as .xlsx, CSV and NDJSON,
// each read back with a real reader (exceljs, csv-parse, the contract's schema per line) and
// compared with what was stored, through the board's filters.

const HEADERS = [
  'Job ID',
  'Title',
  'Company',
  'Location',
  'URL',
  'Stage',
  'In stage since',
  'Saved',
  'Applied',
  'Screening',
  'Interviewing',
  'Offer',
  'Accepted',
  'Rejected',
  'Withdrawn',
  'No answer',
  'Next step',
  'Next step at',
  'Reference',
  'Salary asked',
  'Salary offered',
  'Contacts',
  'Notes',
  'Closed',
  'Apply URL',
  'Fit',
  'Fit band',
];
const FORMULA_NOTE = '=HYPERLINK("http://evil.example","click")';
const LONG_NOTES = 'n'.repeat(19_000) + '\n' + 'm'.repeat(999);
const T = (iso: string) => Date.parse(iso);

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

interface TestJob {
  id: number;
  title: string;
  company: string;
  query?: number | null;
  state?: string;
}

/** Jobs as the store leaves them, and the saved queries that found them first. */
function insertJobs(jobs: readonly TestJob[]): void {
  const db = server.database.sqlite;
  db.exec(`INSERT OR IGNORE INTO queries (id, job_title, location_id, display_name, status, created_at, updated_at)
           VALUES (1, 'Data Engineer', 1, 'Berlin, Germany', 'active', 0, 0),
                  (2, 'Data Analyst', 2, 'Paris, France', 'active', 0, 0)`);
  db.exec(
    `INSERT OR IGNORE INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0)`,
  );
  const insert =
    db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, location,
      url, first_seen_batch_id, first_seen_at, last_seen_at, state, first_query_id)
    VALUES (@id, @title, @company, lower(@company), 'Berlin, Germany', @url, 1, 0, 0, @state, @query)`);
  db.transaction(() => {
    for (const job of jobs)
      insert.run({
        id: String(job.id),
        title: job.title,
        company: job.company,
        url: `https://www.linkedin.com/jobs/view/${job.id}/`,
        state: job.state ?? 'saved',
        query: job.query === undefined ? 1 : job.query,
      });
  })();
}

const ANA = {
  name: 'Ana Lima',
  role: 'Recruiter',
  email: 'ana@acme.example',
  url: 'https://www.linkedin.com/in/ana-lima',
};
const BEN = { name: 'Ben Ode', role: null, email: null, url: null };

/** Four applications over three companies and two queries, one taken off the board. */
function seedPipeline(): void {
  insertJobs([
    { id: 4001, title: 'Data Engineer', company: 'Acme GmbH' },
    { id: 4002, title: 'Senior Data Engineer', company: 'Globex', query: 2 },
    { id: 4003, title: 'Analytics Engineer', company: 'Acme GmbH' },
    { id: 4004, title: 'BI Developer', company: 'Initech', query: null },
    { id: 4005, title: 'Left the board', company: 'Acme GmbH', state: 'seen' },
  ]);
  const apps: SeedApplication[] = [
    {
      jobId: '4001',
      history: [
        { stage: 'saved', at: T('2026-10-01T09:00:00Z') },
        { stage: 'applied', at: T('2026-10-02T10:30:00Z') },
        { stage: 'screening', at: T('2026-10-09T14:00:00Z') },
        { stage: 'applied', at: T('2026-10-10T08:00:00Z') },
        { stage: 'interviewing', at: T('2026-10-20T16:45:00Z') },
      ],
      notes: 'Second round with the team lead.\nBring the case study.',
      reference: 'https://careers.acme.example/apply/77',
      salaryAsked: '€85,000',
      nextStep: { at: T('2026-11-04T09:30:00Z'), what: 'Onsite interview' },
      contacts: [ANA, BEN],
    },
    {
      jobId: '4002',
      history: [
        { stage: 'applied', at: T('2026-10-05T11:00:00Z') },
        { stage: 'offer', at: T('2026-10-28T12:00:00Z') },
      ],
      notes: FORMULA_NOTE,
      reference: 'REF-2026-118',
      salaryAsked: '€90,000',
      salaryOffered: '€88,000',
    },
    {
      jobId: '4003',
      history: [{ stage: 'saved', at: T('2026-10-30T07:15:00Z') }],
      notes: LONG_NOTES,
    },
    {
      jobId: '4004',
      history: [
        { stage: 'applied', at: T('2026-09-01T09:00:00Z') },
        { stage: 'no_answer', at: T('2026-10-01T09:00:00Z'), source: 'product' },
      ],
    },
    { jobId: '4005', history: [{ stage: 'applied', at: T('2026-10-15T09:00:00Z') }] },
  ];
  seedApplications(server.database.sqlite, apps);
  // Triage took 4005 off the board: its application is kept, but neither listed nor exported.
  server.database.sqlite
    .prepare("UPDATE applications SET left_at = ? WHERE job_id = '4005'")
    .run(T('2026-10-16T09:00:00Z'));
}

async function download(query: string, token?: string) {
  const url = `/api/v1/applications/export${query}`;
  const res = token
    ? await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    : await server.authed({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return res;
}

function ndjson(buffer: Buffer): ExportedApplication[] {
  const text = buffer.toString('utf8');
  if (text === '') return [];
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => exportedApplicationSchema.parse(JSON.parse(line)));
}

/** What a CSV field holds for a cell of the pipeline's sheet. */
function csvText(cell: ExcelJS.CellValue): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 16).replace('T', ' ');
  if (typeof cell === 'string') return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  if (typeof cell === 'object' && 'hyperlink' in cell) return cell.text;
  throw new Error(`unexpected cell ${JSON.stringify(cell)}`);
}

const at = (row: readonly ExcelJS.CellValue[], header: string) => row[HEADERS.indexOf(header)];

describe('GET /applications/export', () => {
  it('downloads the board as .xlsx: one row per application, dates as dates, links as links', async () => {
    seedPipeline();
    const res = await download('');
    expect(res.headers['content-type']).toBe(XLSX_MIME_TYPE);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="jobscout-pipeline-2026-11-02.xlsx"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const { headers, rows } = await readXlsxRows(res.rawPayload);
    expect(headers).toEqual(HEADERS);
    // Board order: Saved, Interviewing, Offer, No answer.
    expect(rows.map((r) => at(r, 'Job ID'))).toEqual(['4003', '4001', '4002', '4004']);
    const [saved, interviewing, offer, noAnswer] = rows;
    if (!saved || !interviewing || !offer || !noAnswer) throw new Error('rows missing');

    expect(interviewing).toEqual([
      '4001',
      'Data Engineer',
      'Acme GmbH',
      'Berlin, Germany',
      {
        text: 'https://www.linkedin.com/jobs/view/4001/',
        hyperlink: 'https://www.linkedin.com/jobs/view/4001/',
      },
      'Interviewing',
      new Date('2026-10-20T16:45:00Z'),
      new Date('2026-10-01T09:00:00Z'),
      // Applied twice: the latest entry.
      new Date('2026-10-10T08:00:00Z'),
      new Date('2026-10-09T14:00:00Z'),
      new Date('2026-10-20T16:45:00Z'),
      null,
      null,
      null,
      null,
      null,
      'Onsite interview',
      new Date('2026-11-04T09:30:00Z'),
      {
        text: 'https://careers.acme.example/apply/77',
        hyperlink: 'https://careers.acme.example/apply/77',
      },
      '€85,000',
      null,
      'Ana Lima (Recruiter) <ana@acme.example> https://www.linkedin.com/in/ana-lima\nBen Ode',
      'Second round with the team lead.\nBring the case study.',
      null,
      null,
      // Issue 40: no fit profile, no fit.
      null,
      null,
    ]);
    expect(at(offer, 'Reference')).toBe('REF-2026-118');
    expect(at(offer, 'Salary offered')).toBe('€88,000');
    expect(at(offer, 'Applied')).toEqual(new Date('2026-10-05T11:00:00Z'));
    expect(at(offer, 'Saved')).toBeNull();
    expect(at(noAnswer, 'No answer')).toEqual(new Date('2026-10-01T09:00:00Z'));
    expect(at(noAnswer, 'Contacts')).toBeNull();
    expect(at(saved, 'Notes')).toBe(LONG_NOTES);

    const sheet = await loadSheet(res.rawPayload);
    expect(sheet.name).toBe('Pipeline');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:AA5');
    for (let i = 1; i <= HEADERS.length; i += 1)
      expect(sheet.getRow(1).getCell(i).font?.bold).toBe(true);
    const dateCell = sheet.getRow(3).getCell(HEADERS.indexOf('Next step at') + 1);
    expect(dateCell.numFmt).toBe('yyyy-mm-dd hh:mm');
  });

  it('holds the same rows as CSV and as NDJSON lines typed by the contract', async () => {
    seedPipeline();
    const { rows } = await readXlsxRows((await download('?format=xlsx')).rawPayload);

    const csv = await download('?format=csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="jobscout-pipeline-2026-11-02.csv"',
    );
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = readCsvRecords(csv.rawPayload);
    expect(records[0]).toEqual(HEADERS);
    expect(records.slice(1)).toEqual(rows.map((row) => row.map(csvText)));
    expect(records[2]?.[HEADERS.indexOf('Next step at')]).toBe('2026-11-04 09:30');

    const json = await download('?format=json');
    expect(json.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(json.headers['content-disposition']).toBe(
      'attachment; filename="jobscout-pipeline-2026-11-02.ndjson"',
    );
    const lines = ndjson(json.rawPayload);
    expect(lines.map((l) => l.job_id)).toEqual([4003, 4001, 4002, 4004]);
    expect(lines[1]).toEqual({
      job_id: 4001,
      title: 'Data Engineer',
      company_name: 'Acme GmbH',
      location: 'Berlin, Germany',
      url: 'https://www.linkedin.com/jobs/view/4001/',
      stage: 'interviewing',
      stage_since: '2026-10-20T16:45:00.000Z',
      stage_dates: {
        saved: '2026-10-01T09:00:00.000Z',
        applied: '2026-10-10T08:00:00.000Z',
        screening: '2026-10-09T14:00:00.000Z',
        interviewing: '2026-10-20T16:45:00.000Z',
      },
      next_step: { at: '2026-11-04T09:30:00.000Z', what: 'Onsite interview' },
      reference: 'https://careers.acme.example/apply/77',
      salary_asked: '€85,000',
      salary_offered: null,
      contacts: [ANA, BEN],
      notes: 'Second round with the team lead.\nBring the case study.',
      closed_at: null,
      apply_url: null,
      fit_score: null,
      fit_band: null,
    });
    expect(lines[3]?.stage_dates).toEqual({
      applied: '2026-09-01T09:00:00.000Z',
      no_answer: '2026-10-01T09:00:00.000Z',
    });
    expect(lines[0]?.notes).toBe(LONG_NOTES);
    expect(lines[0]?.next_step).toBeNull();
  });

  it('defuses a note that looks like a formula in the sheet and the CSV, and keeps it whole in NDJSON', async () => {
    seedPipeline();
    const xlsx = await download('?stage=offer');
    const sheet = await loadSheet(xlsx.rawPayload);
    const cell = sheet.getRow(2).getCell(HEADERS.indexOf('Notes') + 1);
    // Text, never a formula: exceljs would read a formula as {formula, result}.
    expect(cell.value).toBe(FORMULA_NOTE);
    expect(cell.type).toBe(3); // ExcelJS.ValueType.String
    const records = readCsvRecords((await download('?stage=offer&format=csv')).rawPayload);
    expect(records[1]?.[HEADERS.indexOf('Notes')]).toBe(`'${FORMULA_NOTE}`);
    const lines = ndjson((await download('?stage=offer&format=json')).rawPayload);
    expect(lines[0]?.notes).toBe(FORMULA_NOTE);
  });

  it.each([
    ['?stage=interviewing,offer', [4001, 4002]],
    ['?stage=saved', [4003]],
    ['?stage=applied', []],
    ['?company=acme', [4003, 4001]],
    ['?company=ACME%20gmbh', [4003, 4001]],
    ['?query=1', [4003, 4001]],
    ['?query=2', [4002]],
    ['?query=1&stage=saved,offer&company=acme', [4003]],
    ['?stage=', [4003, 4001, 4002, 4004]],
  ])('filters as the board does: %s', async (query, ids) => {
    seedPipeline();
    const res = await download(`${query}&format=json`);
    expect(ndjson(res.rawPayload).map((l) => l.job_id)).toEqual(ids);
  });

  it('ends each row with the day its job was found closed and the employer’s address (issue 41)', async () => {
    await server.close();
    server = await startTestServer({ TZ: 'Europe/Berlin' });
    seedPipeline();
    const address = 'https://careers.acme.example/jobs/77?source=LinkedIn';
    server.database.sqlite
      .prepare("UPDATE jobs SET closed_at = ?, apply_url = ? WHERE id = '4001'")
      .run(T('2026-10-31T23:30:00Z'), address);
    const { rows } = await readXlsxRows((await download('')).rawPayload);
    const row = (id: string) => rows.find((r) => at(r, 'Job ID') === id) ?? [];
    // 23:30 UTC on 31 October is 00:30 on 1 November in Berlin (CET, +1).
    expect(at(row('4001'), 'Closed')).toEqual(new Date('2026-11-01T00:30:00Z'));
    expect(at(row('4001'), 'Apply URL')).toEqual({ text: address, hyperlink: address });
    expect([at(row('4002'), 'Closed'), at(row('4002'), 'Apply URL')]).toEqual([null, null]);
    const records = readCsvRecords((await download('?format=csv')).rawPayload);
    expect(records.find((r) => r[0] === '4001')?.slice(-4, -2)).toEqual([
      '2026-11-01 00:30',
      address,
    ]);
    const lines = ndjson((await download('?format=json')).rawPayload);
    expect(lines.map((l) => [l.job_id, l.closed_at, l.apply_url])).toEqual([
      [4003, null, null],
      [4001, '2026-10-31T23:30:00.000Z', address],
      [4002, null, null],
      [4004, null, null],
    ]);
  });

  it('ends each row with its job’s fit and the band in words (issue 40)', async () => {
    seedPipeline();
    server.database.sqlite.exec("UPDATE jobs SET fit_score = 84 WHERE id = '4001'");
    server.database.sqlite.exec("UPDATE jobs SET fit_score = 12 WHERE id = '4002'");
    const { headers, rows } = await readXlsxRows((await download('')).rawPayload);
    expect(headers.slice(-4)).toEqual(['Closed', 'Apply URL', 'Fit', 'Fit band']);
    const row = (id: string) => rows.find((r) => at(r, 'Job ID') === id) ?? [];
    expect([at(row('4001'), 'Fit'), at(row('4001'), 'Fit band')]).toEqual([84, 'Strong']);
    expect([at(row('4002'), 'Fit'), at(row('4002'), 'Fit band')]).toEqual([12, 'Poor']);
    expect([at(row('4003'), 'Fit'), at(row('4003'), 'Fit band')]).toEqual([null, null]);
    const records = readCsvRecords((await download('?format=csv')).rawPayload);
    expect(records.find((r) => r[0] === '4001')?.slice(-2)).toEqual(['84', 'Strong']);
    const lines = ndjson((await download('?format=json')).rawPayload);
    expect(lines.map((l) => [l.job_id, l.fit_score, l.fit_band])).toEqual([
      [4003, null, null],
      [4001, 84, 'strong'],
      [4002, 12, 'poor'],
      [4004, null, null],
    ]);
  });

  it('answers an empty pipeline with the header alone', async () => {
    const { headers, rows } = await readXlsxRows((await download('')).rawPayload);
    expect(headers).toEqual(HEADERS);
    expect(rows).toEqual([]);
    expect((await download('?format=json')).rawPayload.length).toBe(0);
  });

  it.each([
    ['?format=pdf', 'format must be one of xlsx, csv, json'],
    ['?format=ndjson', 'format must be one of xlsx, csv, json'],
    [
      '?stage=interviewing,hired',
      'stage must be one or more of saved, applied, screening, interviewing, offer, accepted, rejected, withdrawn, no_answer, comma-separated',
    ],
    ['?query=abc', 'query must be a saved query id'],
    ['?query=0', 'query must be a saved query id'],
    ['?company=' + 'x'.repeat(201), 'company must be at most 200 characters'],
  ])('refuses %s with a 400', async (query, error) => {
    const res = await server.authed({ method: 'GET', url: `/api/v1/applications/export${query}` });
    expect(res.statusCode).toBe(400);
    expect(z.object({ error: z.string() }).parse(res.json()).error).toContain(error);
  });

  it('needs a token; a read-only API token may export; no secret is in any file', async () => {
    seedPipeline();
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/applications/export' })).statusCode,
    ).toBe(401);
    const session = await server.signIn();
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/api-tokens',
      headers: { authorization: `Bearer ${session}` },
      payload: { name: 'spreadsheet pull', scope: 'read-only' },
    });
    expect(created.statusCode).toBe(201);
    const { token } = z.object({ token: z.string() }).parse(created.json());
    const sheet = await readXlsxRows((await download('', token)).rawPayload);
    expect(sheet.rows).toHaveLength(4);
    const texts = [
      JSON.stringify(sheet.rows),
      (await download('?format=csv', token)).body,
      (await download('?format=json', token)).body,
    ];
    for (const text of texts) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(session);
      expect(text).not.toMatch(/jsc_|token|password/i);
    }
  });

  it('shows times on the server’s clock (TZ) in the sheet and CSV, as instants in NDJSON', async () => {
    await server.close();
    server = await startTestServer({ TZ: 'Europe/Berlin' });
    seedPipeline();
    const { rows } = await readXlsxRows((await download('?stage=interviewing')).rawPayload);
    // 09:30 UTC is 10:30 in Berlin in November (CET, +1).
    expect(at(rows[0] ?? [], 'Next step at')).toEqual(new Date('2026-11-04T10:30:00Z'));
    // 16:45 UTC on 20 October is 18:45 in Berlin (CEST, +2).
    expect(at(rows[0] ?? [], 'Interviewing')).toEqual(new Date('2026-10-20T18:45:00Z'));
    const records = readCsvRecords((await download('?stage=interviewing&format=csv')).rawPayload);
    expect(records[1]?.[HEADERS.indexOf('Next step at')]).toBe('2026-11-04 10:30');
    const lines = ndjson((await download('?stage=interviewing&format=json')).rawPayload);
    expect(lines[0]?.next_step?.at).toBe('2026-11-04T09:30:00.000Z');
  });

  it('exports 2,000 applications with their histories and contacts in each format', async () => {
    const jobs = Array.from({ length: 2_000 }, (_, i) => ({
      id: 5_000_000 + i,
      title: `Role ${i}`,
      company: `Company ${i % 97}`,
    }));
    insertJobs(jobs);
    const start = T('2026-09-01T09:00:00Z');
    const stages = ['saved', 'applied', 'screening', 'interviewing', 'offer'] as const;
    seedApplications(
      server.database.sqlite,
      jobs.map((job, i) => ({
        jobId: String(job.id),
        history: stages.slice(0, 1 + (i % stages.length)).map((stage, s) => ({
          stage,
          at: start + i * 60_000 + s * 86_400_000,
        })),
        notes: `Notes for ${job.title}\n`.repeat(20),
        contacts: i % 3 === 0 ? [ANA] : [],
        nextStep: i % 4 === 0 ? { at: T('2026-11-10T10:00:00Z'), what: 'Call' } : null,
      })),
    );
    const timings: Record<string, number> = {};
    for (const format of ['xlsx', 'csv', 'json'] as const) {
      const started = performance.now();
      const res = await download(`?format=${format}`);
      timings[format] = Math.round(performance.now() - started);
      if (format === 'xlsx') expect((await readXlsxRows(res.rawPayload)).rows).toHaveLength(2_000);
      if (format === 'csv') expect(readCsvRecords(res.rawPayload)).toHaveLength(2_001);
      if (format === 'json') {
        const lines = ndjson(res.rawPayload);
        expect(lines).toHaveLength(2_000);
        expect(lines.filter((l) => l.stage === 'offer')).toHaveLength(400);
        expect(lines.filter((l) => l.contacts.length === 1)).toHaveLength(667);
      }
    }
    // A generous bound: the figure itself is the bench's (bench/pipeline.bench.ts).
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(5_000);
    console.info(`pipeline export of 2,000 applications (ms): ${JSON.stringify(timings)}`);
  }, 30_000);
});
