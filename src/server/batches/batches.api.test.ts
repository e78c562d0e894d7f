import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../simulator';
import {
  batchListSchema,
  batchWireListSchema,
  queryRunListSchema,
  queryRunWireListSchema,
  XLSX_MIME_TYPE,
} from '../../contract';
import { BERLIN, blockCompany, PARIS, seedQueries } from '../../runner/runner-test-kit';
import { normalizeCompanyName } from '../../scraper';
import { EXPORT_COLUMNS } from '../export';
import { startTestServer, type TestServer } from '../test-harness';
import { BATCH_ALREADY_RUNNING } from './routes';

// The batches and query-runs API on a real server and database, against the simulated site,
// with the exports read back as spreadsheets.

const JOBS_PER_QUERY = 12;
let simulator: Simulator;
let server: TestServer;
beforeAll(async () => {
  // A small catalogue, so two searches share jobs (dedup across runs is then exercised).
  simulator = await startSimulator({
    jobsPerQuery: JOBS_PER_QUERY,
    jobCount: 40,
    companyCount: 15,
  });
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(async () => {
  simulator.reset();
  server = await startTestServer({ LINKEDIN_BASE_URL: simulator.url });
});
afterEach(async () => {
  await server.close();
});

const headerNames = EXPORT_COLUMNS.map((c) => c.header);
const col = (name: string): number => headerNames.indexOf(name) + 1;

async function startAndFinish(): Promise<number> {
  const res = await server.authed({ method: 'POST', url: '/api/v1/batches' });
  expect(res.statusCode).toBe(201);
  const id = res.json<{ id: number }>().id;
  await server.ctx.runner.runner.idle();
  return id;
}

async function batches() {
  const res = await server.authed({ method: 'GET', url: '/api/v1/batches' });
  expect(res.statusCode).toBe(200);
  return batchListSchema.parse(res.json());
}

async function queryRuns() {
  const res = await server.authed({ method: 'GET', url: '/api/v1/query-runs' });
  expect(res.statusCode).toBe(200);
  return queryRunListSchema.parse(res.json());
}

interface Sheet {
  headers: string[];
  rows: Array<Record<string, unknown>>;
  sheet: ExcelJS.Worksheet;
}

async function readXlsx(payload: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's typings predate Buffer's generic parameter; a copy gives it the plain type.
  await workbook.xlsx.load(new Uint8Array(payload).buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell) => headers.push(String(cell.value)));
  const rows: Array<Record<string, unknown>> = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const record: Record<string, unknown> = {};
    headers.forEach((h, i) => {
      record[h] = row.getCell(i + 1).value;
    });
    rows.push(record);
  }
  return { headers, rows, sheet };
}

const exportBatch = (id: number | string, query = '?format=xlsx') =>
  server.authed({ method: 'GET', url: `/api/v1/batches/${id}/export${query}` });
const exportRun = (id: number | string, query = '') =>
  server.authed({ method: 'GET', url: `/api/v1/query-runs/${id}/export${query}` });

describe('POST /batches', () => {
  it('answers the new running batch at once, and 409 while it runs', async () => {
    seedQueries(server.database, [{ jobTitle: 'python developer', ...BERLIN }]);
    simulator.faults.latency(20);
    const res = await server.authed({ method: 'POST', url: '/api/v1/batches' });
    expect(res.statusCode).toBe(201);
    const batch = res.json<Record<string, unknown>>();
    expect(batch).toMatchObject({
      kind: 'manual',
      status: 'running',
      finished_at: null,
      error: null,
    });
    expect(typeof batch.started_at).toBe('string');

    const again = await server.authed({ method: 'POST', url: '/api/v1/batches' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: BATCH_ALREADY_RUNNING });

    await server.ctx.runner.runner.idle();
    const [done] = await batches();
    expect(done).toMatchObject({ id: batch.id, status: 'completed', error: null });
    expect(done?.progress).toEqual({
      runs_total: 1,
      runs_done: 1,
      jobs_found: JOBS_PER_QUERY,
      jobs_to_enrich: JOBS_PER_QUERY,
      jobs_enriched: JOBS_PER_QUERY,
    });
    expect(done?.finished_at).not.toBeNull();
  });
});

describe('GET /batches and GET /query-runs', () => {
  it('list newest first, with the reason of a failed run and its progress', async () => {
    seedQueries(server.database, [
      { jobTitle: 'python developer', ...BERLIN },
      { jobTitle: 'ai without cookies', ...PARIS, isAi: true },
    ]);
    const first = await startAndFinish();
    const second = await startAndFinish();
    expect((await batches()).map((b) => b.id)).toEqual([second, first]);

    const runs = await queryRuns();
    expect(runs.map((r) => r.batch_id)).toEqual([second, second, first, first]);
    expect(runs.map((r) => r.id)).toEqual([...runs.map((r) => r.id)].sort((a, b) => b - a));
    const failed = runs.find((r) => r.status === 'failed');
    expect(failed).toMatchObject({
      is_ai: true,
      job_title: 'ai without cookies',
      location: PARIS.displayName,
      error: 'AI-powered search needs valid LinkedIn cookies: paste new ones in Settings',
      pages_fetched: 0,
      jobs_found: 0,
    });
    expect(failed?.end_time).not.toBeNull();
    // The first batch's run is the full one; the second batch's is incremental (issue 10).
    const completed = runs.filter((r) => r.status === 'completed');
    const good = completed.at(-1);
    expect(good).toMatchObject({
      is_ai: false,
      pages_fetched: 2,
      jobs_found: JOBS_PER_QUERY,
      jobs_new: JOBS_PER_QUERY,
      search_mode: 'full',
      error: null,
    });
    expect(completed[0]).toMatchObject({ search_mode: 'incremental', jobs_new: 0 });
    expect(failed?.search_mode).toBeNull();
    const [newest, oldest] = await batches();
    expect(oldest).toMatchObject({
      jobs_new: JOBS_PER_QUERY,
      jobs_total: JOBS_PER_QUERY,
      search_mode: 'full',
    });
    expect(newest).toMatchObject({ jobs_new: 0, search_mode: 'incremental' });
  });
});

describe('exports', () => {
  it('names the fields a batch parsed partly, on the batch and on its runs (issue 32)', async () => {
    seedQueries(server.database, [
      { jobTitle: 'python developer', ...BERLIN },
      { jobTitle: 'data engineer', ...PARIS },
    ]);
    const drifting = await startAndFinish();
    const normal = await startAndFinish();
    const { sqlite } = server.database;
    // The verdicts a batch that lost the salary and the posted date stores (decision 054).
    sqlite
      .prepare(
        `UPDATE batch_field_fills SET verdict = 'drift', drifting = 1
         WHERE batch_id = ? AND field IN ('salary', 'posted_at')`,
      )
      .run(drifting);
    // A drift kept by a batch too small to judge is not this batch's verdict: not marked.
    sqlite
      .prepare(
        `UPDATE batch_field_fills SET verdict = 'unjudged', drifting = 1
         WHERE batch_id = ? AND field = 'salary'`,
      )
      .run(normal);

    const listed = batchWireListSchema.parse(
      (await server.authed({ method: 'GET', url: '/api/v1/batches' })).json(),
    );
    const marks = new Map(listed.map((b) => [b.id, b.parsed_partly]));
    // In the Overview's order, whatever order the rows were stored in.
    expect(marks.get(drifting)).toEqual(['posted_at', 'salary']);
    expect(marks.get(normal)).toEqual([]);
    expect([...marks.values()].filter((fields) => fields.length > 0)).toHaveLength(1);

    const runs = queryRunWireListSchema.parse(
      (await server.authed({ method: 'GET', url: '/api/v1/query-runs' })).json(),
    );
    expect(runs.filter((r) => r.batch_id === drifting).map((r) => r.parsed_partly)).toEqual([
      ['posted_at', 'salary'],
      ['posted_at', 'salary'],
    ]);
    expect(runs.filter((r) => r.batch_id === normal).map((r) => r.parsed_partly)).toEqual([[], []]);
  });

  it('streams a batch as an .xlsx: one row per job, first run wins, blocked companies left out', async () => {
    seedQueries(server.database, [
      { jobTitle: 'python developer', ...BERLIN },
      { jobTitle: 'data engineer', ...PARIS },
    ]);
    const id = await startAndFinish();
    const res = await exportBatch(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME_TYPE);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="batch-${id}.xlsx"`);

    const { headers, rows, sheet } = await readXlsx(res.rawPayload);
    expect(headers).toEqual(headerNames);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const python = simulator.search
      .guest('python developer', String(BERLIN.locationId))
      .visible.map((j) => j.id);
    const data = simulator.search
      .guest('data engineer', String(PARIS.locationId))
      .visible.map((j) => j.id);
    const expectedIds = [...new Set([...python, ...data])];
    expect(python.some((j) => data.includes(j))).toBe(true);
    expect(rows.map((r) => r['Job ID'])).toEqual(expectedIds);
    for (const row of rows) {
      const fromFirst = python.includes(String(row['Job ID']));
      expect(row['Search Term']).toBe(fromFirst ? 'python developer' : 'data engineer');
      expect(row['Search Location']).toBe(fromFirst ? BERLIN.displayName : PARIS.displayName);
      expect(row.New).toBe('Yes');
    }

    // Every column of one job, against the simulated site's own record.
    const job = simulator.catalogue.jobById(String(rows[0]?.['Job ID']));
    if (!job) throw new Error('unknown job');
    const first = sheet.getRow(2);
    expect(first.getCell(col('Title')).value).toBe(job.title);
    expect(first.getCell(col('Company')).value).toBe(job.company.name);
    expect(first.getCell(col('Posted')).value).toEqual(new Date(`${job.postedDate}T00:00:00Z`));
    expect(first.getCell(col('Seniority')).value).toBe(job.seniority);
    expect(first.getCell(col('Employment type')).value).toBe(job.employmentType);
    expect(first.getCell(col('Job function')).value).toBe(job.jobFunction);
    expect(first.getCell(col('Industries')).value).toBe(job.industries);
    expect(first.getCell(col('Easy Apply')).value).toBe(job.easyApply ? 'Yes' : 'No');
    expect(first.getCell(col('URL')).value).toMatchObject({
      hyperlink: expect.stringContaining(`/jobs/view/${job.id}`),
    });
    expect(String(first.getCell(col('Description')).value).length).toBeGreaterThan(20);
    const companyId = first.getCell(col('Company ID')).value;
    const stored = server.database.sqlite
      .prepare('SELECT company_id FROM jobs WHERE id = ?')
      .pluck()
      .get(job.id);
    expect(companyId ?? null).toBe(stored ?? null);

    // Blocking a company after the batch ran removes its jobs from the next download.
    const blocked = job.company;
    blockCompany(server.database, Number(blocked.id), normalizeCompanyName(blocked.name));
    const ids = server.database.sqlite
      .prepare(
        'SELECT id FROM jobs WHERE company_id = ? OR (company_id IS NULL AND company_normalized = ?)',
      )
      .pluck()
      .all(Number(blocked.id), normalizeCompanyName(blocked.name));
    expect(ids.length).toBeGreaterThan(0);
    const after = await readXlsx((await exportBatch(id)).rawPayload);
    expect(after.rows.map((r) => r['Job ID'])).toEqual(expectedIds.filter((j) => !ids.includes(j)));
  });

  it('streams a run as {batch_id}-{name}.xlsx with its own jobs in rank order', async () => {
    seedQueries(server.database, [
      { jobTitle: '  senior python developer in the platform team  ', ...BERLIN },
    ]);
    const batchId = await startAndFinish();
    const [run] = await queryRuns();
    if (!run) throw new Error('no run');
    const res = await exportRun(run.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME_TYPE);
    // Spaces become "-", then trimmed, then the first 40 characters (SPEC.md §7).
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${batchId}---senior-python-developer-in-the-platfor.xlsx"`,
    );
    const { rows } = await readXlsx(res.rawPayload);
    const expected = simulator.search
      .guest('  senior python developer in the platform team  ', String(BERLIN.locationId))
      .visible.map((j) => j.id);
    expect(rows.map((r) => r['Job ID'])).toEqual(expected);
    expect(rows.every((r) => r['Search Term'] === run.job_title)).toBe(true);
  });

  it('marks jobs first seen in an earlier batch as not new', async () => {
    seedQueries(server.database, [{ jobTitle: 'python developer', ...BERLIN }]);
    await startAndFinish();
    // An edited query runs in full (issue 10), so the second batch finds every job again.
    server.database.sqlite.prepare(`UPDATE queries SET job_title = 'Python developer'`).run();
    const second = await startAndFinish();
    const { rows } = await readXlsx((await exportBatch(second)).rawPayload);
    expect(rows).toHaveLength(JOBS_PER_QUERY);
    expect(rows.every((r) => r.New === 'No')).toBe(true);
  });

  it('answers 404 for an unknown id, 409 when not completed, 400 for another format', async () => {
    seedQueries(server.database, [{ jobTitle: 'ai only', ...BERLIN, isAi: true }]);
    const failedBatch = await startAndFinish();
    const [failedRun] = await queryRuns();

    expect((await exportBatch(999)).statusCode).toBe(404);
    expect((await exportBatch(999)).json()).toEqual({ error: 'Batch 999 not found' });
    expect((await exportRun(999)).statusCode).toBe(404);
    expect((await exportRun(999)).json()).toEqual({ error: 'Query run 999 not found' });

    const conflict = await exportBatch(failedBatch);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: `Batch ${failedBatch} is not completed` });
    const runConflict = await exportRun(failedRun?.id ?? 0);
    expect(runConflict.statusCode).toBe(409);

    for (const res of [
      await exportBatch(failedBatch, '?format=pdf'),
      await exportRun(failedRun?.id ?? 0, '?format=pdf'),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/format/);
    }
    expect((await exportBatch('abc')).statusCode).toBe(400);
  });
});
