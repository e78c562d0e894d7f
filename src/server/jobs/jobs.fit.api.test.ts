import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applicationListSchema,
  jobDetailSchema,
  jobListSchema,
  type JobList,
} from '../../contract';
import type { FitPart } from '../../contract/fit';
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

/** Jobs 1..n, job i first seen at T0 + i; `fits[i]` its score by profile (1: Backend, 2: Data). */
function seed(n: number, fits: Record<number, Record<number, number>>) {
  const db = server.database.sqlite;
  db.exec(`INSERT INTO fit_profiles (id, name, name_key, is_default, body, created_at, updated_at)
           VALUES (1, 'Backend', 'backend', 1, '{}', 0, 0), (2, 'Data', 'data', 0, '{}', 0, 0)`);
  db.exec(
    `INSERT INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0)`,
  );
  const job = db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, location,
      url, first_seen_batch_id, first_seen_at, last_seen_at, posted_at)
    VALUES (?, ?, 'Acme', 'acme', 'Berlin', 'https://x', 1, ?, ?, '2026-10-30')`);
  const fit = db.prepare(`INSERT INTO job_fits (job_id, profile_id, profile_version, score,
      dealbreaker, source, parts, scored_at) VALUES (?, ?, 1, ?, ?, ?, ?, ?)`);
  const best = db.prepare('UPDATE jobs SET fit_score = ?, fit_profile_id = ? WHERE id = ?');
  for (let i = 1; i <= n; i += 1) {
    job.run(String(i), `Job ${i}`, T0 + i, T0 + i);
    const scores = Object.entries(fits[i] ?? {}).map(([p, s]) => [Number(p), s] as const);
    for (const [profile, score] of scores)
      fit.run(String(i), profile, score, score < 40 ? 1 : 0, 'details', JSON.stringify([PART]), T0);
    const top = scores.sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
    if (top) best.run(top[1], top[0], String(i));
  }
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
  beforeEach(() => {
    // 1: 90, 2: 55 (Data 70 is its best), 3: none, 4: 90, 5: 20, 6: none, 7: 100 (Data), 8: 55
    seed(8, {
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
    expect((await list('?sort=fit&grouped=true')).items.map((j) => j.id)).toEqual([
      7, 4, 1, 2, 8, 5, 6, 3,
    ]);
  });
});

describe('GET /jobs/{id} fits, GET /applications fit', () => {
  it('lists each profile’s score with its parts and evidence, best first', async () => {
    seed(2, { 1: { 1: 55, 2: 70 } });
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
    seed(1, { 1: { 1: 55, 2: 70 } });
    server.database.sqlite.exec('UPDATE fit_profiles SET is_default = 1 - is_default');
    server.database.sqlite.exec('DELETE FROM fit_profiles WHERE id = 2');
    const detail = jobDetailSchema.parse(
      (await server.authed({ method: 'GET', url: '/api/v1/jobs/1' })).json(),
    );
    expect(detail.fits?.map((f) => f.profile_id)).toEqual([1]);
    expect(detail.fit).toBeNull();
  });

  it('gives each application its job’s fit summary', async () => {
    seed(2, { 1: { 1: 85 } });
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
