import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../simulator';
import { EXPORT_FORMATS, queryRunListSchema, XLSX_MIME_TYPE } from '../../contract';
import { BERLIN, seedQueries } from '../../runner/runner-test-kit';
import { toCellText } from '../export/cell-text';
import {
  csvTextOf,
  EXPORT_HEADERS,
  readCsvRecords,
  readNdjsonLines,
  readXlsxRows,
} from '../export/export-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// The three exports in csv and json (issue 18) on a real server, after a real batch against
// the simulated site, each compared row for row with the same export's .xlsx. Some of the
// batch's jobs are then given the worst text a job can carry: a 45,000-character description
// and titles that look like formulas.

const JOBS_PER_QUERY = 12;
const LONG_DESCRIPTION = Array.from({ length: 45_000 }, (_, i) =>
  i % 80 === 79 ? '\n' : String.fromCharCode(0x61 + (i % 26)),
).join('');
const FORMULA_TITLES = ['=1+1', '+SUM(A1:A9)', '-2+3', '@import("x")'];

let simulator: Simulator;
let server: TestServer;
beforeAll(async () => {
  simulator = await startSimulator({ jobsPerQuery: JOBS_PER_QUERY, jobCount: 40 });
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

/** A completed batch, its worst jobs rewritten: the ids of the long and formula jobs. */
async function completedBatch(): Promise<{ batchId: number; runId: number; ids: string[] }> {
  seedQueries(server.database, [{ jobTitle: 'python developer', ...BERLIN }]);
  const res = await server.authed({ method: 'POST', url: '/api/v1/batches' });
  expect(res.statusCode).toBe(201);
  const batchId = res.json<{ id: number }>().id;
  await server.ctx.runner.runner.idle();
  const runs = queryRunListSchema.parse(
    (await server.authed({ method: 'GET', url: '/api/v1/query-runs' })).json(),
  );
  const runId = runs[0]?.id ?? 0;
  const { sqlite } = server.database;
  const ids = sqlite
    .prepare('SELECT job_id FROM query_run_jobs WHERE query_run_id = ? ORDER BY rank LIMIT 5')
    .pluck()
    .all(runId)
    .map(String);
  const [long, ...formulas] = ids;
  sqlite
    .prepare('UPDATE job_descriptions SET description = ? WHERE job_id = ?')
    .run(LONG_DESCRIPTION, long);
  formulas.forEach((id, i) => {
    const title = FORMULA_TITLES[i] ?? '=0';
    sqlite
      .prepare('UPDATE jobs SET title = ?, company_name = ? WHERE id = ?')
      .run(title, title, id);
  });
  return { batchId, runId, ids };
}

async function download(url: string) {
  const res = await server.authed({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.statusCode}`).toBe(200);
  return res;
}

/** The three formats of one export, compared row for row; answers the .xlsx rows' count. */
async function expectSameRows(path: string, fileName: string): Promise<number> {
  const sep = path.includes('?') ? '&' : '?';
  const xlsx = await download(path);
  expect(xlsx.headers['content-type']).toBe(XLSX_MIME_TYPE);
  expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="${fileName}.xlsx"`);
  const sheet = await readXlsxRows(xlsx.rawPayload);
  expect(sheet.headers).toEqual(EXPORT_HEADERS);
  // format=xlsx is the same export as no format.
  const asked = await readXlsxRows((await download(`${path}${sep}format=xlsx`)).rawPayload);
  expect(asked.rows).toEqual(sheet.rows);

  const csv = await download(`${path}${sep}format=csv`);
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers['content-disposition']).toBe(`attachment; filename="${fileName}.csv"`);
  expect(csv.headers['cache-control']).toBe('no-store');
  expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = readCsvRecords(csv.rawPayload);
  expect(records[0]).toEqual(EXPORT_HEADERS);
  expect(records.slice(1)).toEqual(sheet.rows.map((row) => row.map(csvTextOf)));

  const json = await download(`${path}${sep}format=json`);
  expect(json.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
  expect(json.headers['content-disposition']).toBe(`attachment; filename="${fileName}.ndjson"`);
  const lines = readNdjsonLines(json.rawPayload);
  const column = (header: string) => EXPORT_HEADERS.indexOf(header);
  expect(lines.map((l) => String(l.id))).toEqual(sheet.rows.map((r) => r[column('Job ID')]));
  lines.forEach((line, r) => {
    const cells = sheet.rows[r] ?? [];
    const shown = (text: string | null) => (text === null || text === '' ? null : toCellText(text));
    expect(shown(line.title)).toBe(cells[column('Title')]);
    expect(shown(line.company_name)).toBe(cells[column('Company')]);
    expect(shown(line.description)).toBe(cells[column('Description')] ?? null);
    expect(line.company_id).toBe(cells[column('Company ID')] ?? null);
    expect(line.applicants).toBe(cells[column('Applicants')] ?? null);
    expect(line.search_term).toBe(cells[column('Search Term')]);
    expect(line.is_new ? 'Yes' : 'No').toBe(cells[column('New')]);
  });
  return sheet.rows.length;
}

describe('csv and json exports', () => {
  it('hold the batch, run and view exports row for row, the worst text included', async () => {
    const { batchId, runId, ids } = await completedBatch();
    const batchRows = await expectSameRows(`/api/v1/batches/${batchId}/export`, `batch-${batchId}`);
    expect(batchRows).toBe(JOBS_PER_QUERY);
    await expectSameRows(`/api/v1/query-runs/${runId}/export`, `${batchId}-python-developer`);
    await expectSameRows(`/api/v1/jobs/export?batch=${batchId}`, 'jobs');

    // What the worst jobs became in each format.
    const url = `/api/v1/batches/${batchId}/export`;
    const records = readCsvRecords((await download(`${url}?format=csv`)).rawPayload);
    const lines = readNdjsonLines((await download(`${url}?format=json`)).rawPayload);
    const csvOf = (id: string | undefined) => records.find((r) => r[0] === id) ?? [];
    const lineOf = (id: string | undefined) => lines.find((l) => String(l.id) === id);
    const description = EXPORT_HEADERS.indexOf('Description');
    expect(csvOf(ids[0])[description]).toBe(LONG_DESCRIPTION.slice(0, 32_767));
    expect(lineOf(ids[0])?.description).toBe(LONG_DESCRIPTION);
    FORMULA_TITLES.forEach((title, i) => {
      expect(csvOf(ids[i + 1]).slice(1, 3)).toEqual([`'${title}`, `'${title}`]);
      expect(lineOf(ids[i + 1])?.title).toBe(title);
    });
  });

  it('answer 400 naming the known formats for any other, on every export', async () => {
    const { batchId, runId } = await completedBatch();
    for (const url of [
      `/api/v1/batches/${batchId}/export?format=pdf`,
      `/api/v1/query-runs/${runId}/export?format=XLSX`,
      '/api/v1/jobs/export?format=ndjson',
    ]) {
      const res = await server.authed({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        error: `format must be one of ${EXPORT_FORMATS.join(', ')}`,
      });
    }
    expect(EXPORT_FORMATS).toEqual(['xlsx', 'csv', 'json']);
  });

  it('still need the bearer token, whatever the format', async () => {
    const { batchId } = await completedBatch();
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/batches/${batchId}/export?format=csv`,
    });
    expect(res.statusCode).toBe(401);
  });
});
