import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applicationListSchema,
  jobDetailSchema,
  jobListSchema,
  type JobList,
} from '../../contract';
import type { FitPart } from '../../contract/fit';
import { readCsvRecords, readNdjsonLines, readXlsxRows } from '../export/export-test-kit';
import { SERVER_JOBS } from '../background/server-jobs';
import { startTestServer, type TestServer } from '../test-harness';

// Issue 40 on the Jobs API: `sort=fit` (best first, ties newest first, no fit last), `min_fit`,
// each item's fit summary, the detail's fits with their parts, and GET /applications' summary.
// Scores are stored straight into the database here (the scoring itself: fit-sync tests), so each
// order and filter is checked against known rows.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const T0 = Date.parse('2026-11-01T08:00:00Z');

const PART: FitPart = {
  kind: 'must_skill',
  label: 'Must-have: Kubernetes',
  weight: 36,
  points: 36,
  outcome: 'yes',
  evidence: [{ field: 'description', text: 'Hands-on Kubernetes experience', marks: [[9, 19]] }],
};

/**
 * Jobs 1..n, job i first seen at T0 + i and found by run 1; `fits[i]` its score by profile (1:
 * Backend, 2: Data). The rescoring's record says these scores are current: it leaves them be.
 */
async function seed(n: number, fits: Record<number, Record<number, number>>) {
  await server.ctx.background.idle(SERVER_JOBS.fitRescoring);
  const db = server.database.sqlite;
  db.exec(`INSERT INTO fit_profiles (id, name, name_key, is_default, body, created_at, updated_at)
           VALUES (1, 'Backend', 'backend', 1, '{}', 0, 0), (2, 'Data', 'data', 0, '{}', 0, 0)`);
  db.exec(`INSERT INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0);
    INSERT INTO queries (id, job_title, location_id, display_name, status, created_at, updated_at)
      VALUES (1, 'Platform', 1, 'Berlin', 'active', 0, 0);
    INSERT INTO query_runs (id, batch_id, query_id, job_title, location, location_id, is_ai, status)
      VALUES (1, 1, 1, 'Platform', 'Berlin', 1, 0, 'completed')`);
  const link = db.prepare(
    'INSERT INTO query_run_jobs (query_run_id, job_id, rank) VALUES (1, ?, ?)',
  );
  const job = db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, location,
      url, first_seen_batch_id, first_seen_at, last_seen_at, posted_at)
    VALUES (?, ?, 'Acme', 'acme', 'Berlin', 'https://x', 1, ?, ?, '2026-10-30')`);
  const fit = db.prepare(`INSERT INTO job_fits (job_id, profile_id, profile_version, score,
      dealbreaker, source, parts, scored_at) VALUES (?, ?, 1, ?, ?, ?, ?, ?)`);
  const best = db.prepare('UPDATE jobs SET fit_score = ?, fit_profile_id = ? WHERE id = ?');
  for (let i = 1; i <= n; i += 1) {
    job.run(String(i), `Job ${i}`, T0 + i, T0 + i);
    link.run(String(i), i);
    const scores = Object.entries(fits[i] ?? {}).map(([p, s]) => [Number(p), s] as const);
    for (const [profile, score] of scores)
      fit.run(String(i), profile, score, score < 40 ? 1 : 0, 'details', JSON.stringify([PART]), T0);
    const top = scores.sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
    if (top) best.run(top[1], top[0], String(i));
  }
  db.exec('UPDATE fit_state SET pass_generation = generation, pass_started_at = NULL');
}

async function list(query: string): Promise<JobList> {
  const res = await server.authed({ method: 'GET', url: `/api/v1/jobs${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return jobListSchema.parse(res.json());
}

async function allPages(query: string, limit: number): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages += 1) {
    const page = await list(
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    seen.push(...page.items.map((j) => j.id));
    cursor = page.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error('the list never ended');
}

describe('GET /jobs?sort=fit and min_fit', () => {
  beforeEach(async () => {
    // 1: 90, 2: 55 (Data 70 is its best), 3: none, 4: 90, 5: 20, 6: none, 7: 100 (Data), 8: 55
    await seed(8, {
      1: { 1: 90 },
      2: { 1: 55, 2: 70 },
      4: { 1: 90 },
      5: { 1: 20 },
      7: { 2: 100 },
      8: { 1: 55 },
    });
  });

  it('lists the best fit first, ties newest first, jobs without a fit last, on every page', async () => {
    const expected = [7, 4, 1, 2, 8, 5, 6, 3];
    expect((await list('?sort=fit')).items.map((j) => j.id)).toEqual(expected);
    expect(await allPages('?sort=fit', 3)).toEqual(expected);
    // The default order is unchanged: newest first.
    expect((await list('')).items.map((j) => j.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('sends each job its fit summary: the best score, its band and profile', async () => {
    const items = new Map((await list('?sort=fit')).items.map((j) => [j.id, j]));
    expect(items.get(2)?.fit).toEqual({
      score: 70,
      band: 'good',
      profile_id: 2,
      dealbreaker: false,
      source: 'details',
    });
    expect(items.get(5)?.fit).toMatchObject({ score: 20, band: 'poor', dealbreaker: true });
    expect(items.get(3)?.fit).toBeNull();
  });

  it('keeps only the jobs at or above min_fit, with any order, across pages', async () => {
    expect((await list('?min_fit=60&sort=fit')).items.map((j) => j.id)).toEqual([7, 4, 1, 2]);
    expect((await list('?min_fit=60')).items.map((j) => j.id)).toEqual([7, 4, 2, 1]);
    expect(await allPages('?min_fit=55&sort=fit', 2)).toEqual([7, 4, 1, 2, 8]);
    // 0 keeps every scored job and leaves out the ones without a fit.
    const zero = await list('?min_fit=0');
    expect(zero.items.map((j) => j.id).sort()).toEqual([1, 2, 4, 5, 7, 8]);
    expect(zero.total).toBe(6);
    expect((await list('?min_fit=100')).items.map((j) => j.id)).toEqual([7]);
  });

  it('refuses a cursor of another min_fit or another order', async () => {
    const page = await list('?sort=fit&min_fit=50&limit=2');
    const cursor = encodeURIComponent(page.next_cursor ?? '');
    for (const other of ['?sort=fit&min_fit=60', '?sort=newest&min_fit=50', '?sort=fit']) {
      const res = await server.authed({
        method: 'GET',
        url: `/api/v1/jobs${other}&limit=2&cursor=${cursor}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/cursor belongs to another/);
    }
  });

  it.each(['101', '-1', 'abc', '1.5', '', '1000', '60,70'])(
    'answers 400 naming min_fit for min_fit=%s',
    async (value) => {
      for (const path of ['/api/v1/jobs', '/api/v1/jobs/export']) {
        const res = await server.authed({ method: 'GET', url: `${path}?min_fit=${value}` });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error: string }>().error).toBe(
          'min_fit must be a whole number from 0 to 100',
        );
      }
    },
  );

  it('sorts by fit within a search, and by fit among grouped rows', async () => {
    server.database.sqlite.exec(
      `UPDATE jobs SET title = 'Platform engineer' WHERE id IN ('1', '2', '5')`,
    );
    expect((await list('?q=platform&sort=fit')).items.map((j) => j.id)).toEqual([1, 2, 5]);
    const relevant = await list('?q=platform&sort=relevance&min_fit=50');
    expect(relevant.items.map((j) => j.id).sort()).toEqual([1, 2]);
    expect((await list('?sort=fit&grouped=true')).items.map((j) => j.id)).toEqual([
      7, 4, 1, 2, 8, 5, 6, 3,
    ]);
  });
});

describe('min_fit in the date orders, few or many jobs passing', () => {
  it('lists the same order whether the jobs passing are read by the fit index or the date’s', async () => {
    // 1,040 jobs, every one 60 or more: past the count's cap, the date order's index is walked;
    // 99 or more: 26 jobs, read by the fit order's index and sorted.
    const fits: Record<number, Record<number, number>> = {};
    for (let i = 1; i <= 1_040; i += 1) fits[i] = { 1: 60 + (i % 40) };
    await seed(1_040, fits);
    const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);
    const many = await list('?min_fit=60&limit=5');
    expect(many.items.map((j) => j.id)).toEqual([1_040, 1_039, 1_038, 1_037, 1_036]);
    expect(many.total_jobs_capped).toBe(true);
    const strong = Array.from({ length: 26 }, (_, k) => 39 + 40 * k);
    expect(await allPages('?min_fit=99', 7)).toEqual(newestFirst(strong));
    expect(await allPages('?min_fit=99&sort=posted', 7)).toEqual(newestFirst(strong));
    expect((await list('?min_fit=99&grouped=true')).total).toBe(26);
  });
});

describe('the exports’ Fit and Fit band columns', () => {
  beforeEach(async () => {
    await seed(4, { 1: { 1: 90 }, 2: { 1: 55, 2: 70 }, 4: { 1: 20 } });
  });
  const download = async (url: string) => {
    const res = await server.authed({ method: 'GET', url: `/api/v1${url}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };

  it('exports the view in the fit order with min_fit, the score and band last, in every format', async () => {
    const { headers, rows } = await readXlsxRows(
      await download('/jobs/export?sort=fit&min_fit=50'),
    );
    expect(headers.slice(-4)).toEqual(['Closed', 'Apply URL', 'Fit', 'Fit band']);
    expect(rows.map((r) => [r[0], r.at(-2), r.at(-1)])).toEqual([
      ['1', 90, 'Strong'],
      ['2', 70, 'Good'],
    ]);
    const csv = readCsvRecords(await download('/jobs/export?sort=fit&format=csv'));
    expect(csv.slice(1).map((r) => [r[0], ...r.slice(-2)])).toEqual([
      ['1', '90', 'Strong'],
      ['2', '70', 'Good'],
      ['4', '20', 'Poor'],
      ['3', '', ''],
    ]);
    const lines = readNdjsonLines(await download('/jobs/export?sort=fit&format=json'));
    expect(lines.map((l) => [l.id, l.fit_score, l.fit_band])).toEqual([
      [1, 90, 'strong'],
      [2, 70, 'good'],
      [4, 20, 'poor'],
      [3, null, null],
    ]);
  });

  it('ends the batch’s and the run’s exports with them too', async () => {
    const batch = readNdjsonLines(await download('/batches/1/export?format=json'));
    expect(batch.map((l) => [l.id, l.fit_score, l.fit_band])).toEqual([
      [1, 90, 'strong'],
      [2, 70, 'good'],
      [3, null, null],
      [4, 20, 'poor'],
    ]);
    const { rows } = await readXlsxRows(await download('/query-runs/1/export'));
    expect(rows.map((r) => r.slice(-2))).toEqual([
      [90, 'Strong'],
      [70, 'Good'],
      [null, null],
      [20, 'Poor'],
    ]);
  });
});

describe('GET /jobs/{id} fits, GET /applications fit', () => {
  it('lists each profile’s score with its parts and evidence, best first', async () => {
    await seed(2, { 1: { 1: 55, 2: 70 } });
    const res = await server.authed({ method: 'GET', url: '/api/v1/jobs/1' });
    expect(res.statusCode).toBe(200);
    const detail = jobDetailSchema.parse(res.json());
    expect(detail.fits?.map((f) => [f.profile_name, f.score, f.band])).toEqual([
      ['Data', 70, 'good'],
      ['Backend', 55, 'weak'],
    ]);
    expect(detail.fits?.[0]).toMatchObject({
      profile_id: 2,
      profile_version: 1,
      dealbreaker: false,
      source: 'details',
      parts: [PART],
      scored_at: new Date(T0).toISOString(),
    });
    expect(detail.fit).toMatchObject({ score: 70, profile_id: 2 });
    const none = jobDetailSchema.parse(
      (await server.authed({ method: 'GET', url: '/api/v1/jobs/2' })).json(),
    );
    expect(none.fits).toEqual([]);
    expect(none.fit).toBeNull();
  });

  it('leaves out a deleted profile’s score until the rescoring clears it', async () => {
    await seed(1, { 1: { 1: 55, 2: 70 } });
    server.database.sqlite.exec('UPDATE fit_profiles SET is_default = 1 - is_default');
    server.database.sqlite.exec('DELETE FROM fit_profiles WHERE id = 2');
    const detail = jobDetailSchema.parse(
      (await server.authed({ method: 'GET', url: '/api/v1/jobs/1' })).json(),
    );
    expect(detail.fits?.map((f) => f.profile_id)).toEqual([1]);
    expect(detail.fit).toBeNull();
  });

  it('gives each application its job’s fit summary', async () => {
    await seed(2, { 1: { 1: 85 } });
    for (const id of [1, 2]) {
      const res = await server.authed({
        method: 'POST',
        url: '/api/v1/applications',
        payload: { job_id: id },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const res = await server.authed({ method: 'GET', url: '/api/v1/applications' });
    const items = new Map(applicationListSchema.parse(res.json()).items.map((a) => [a.job_id, a]));
    expect(items.get(1)?.fit).toEqual({
      score: 85,
      band: 'strong',
      profile_id: 1,
      dealbreaker: false,
      source: 'details',
    });
    expect(items.get(2)?.fit).toBeNull();
  });
});
