import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewFitSchema, overviewSearchesSchema } from '../../contract';
import { seedQueries } from '../../runner/runner-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// Issue 40 on the Overview (docs/decisions/066): the new jobs of each day by fit band
// (`GET /overview/fit`) and each search's Strong and Good fits, from the `fit` facet migration
// 0025's triggers keep as the jobs' best scores are written and change.

const ZONE = 'Europe/Berlin';
const NOW = Date.parse('2026-11-10T10:00:00Z');
let server: TestServer;
let q1 = 0;
let q2 = 0;

/** A job first stored by `query` on `day`, with this best score (null: no fit). */
function job(id: number, query: number, day: string, fit: number | null) {
  server.database.sqlite
    .prepare(
      `INSERT INTO jobs (id, title, company_name, company_normalized, location, url,
        first_seen_batch_id, first_seen_at, first_query_id, first_seen_day, fit_score)
       VALUES (@id, 'Engineer', 'ACME', 'acme', 'Berlin', @url, 1, @at, @query, @day, @fit)`,
    )
    .run({
      id: String(id),
      url: `https://www.linkedin.com/jobs/view/${id}`,
      at: Date.parse(`${day}T09:00:00Z`),
      query,
      day,
      fit,
    });
}

beforeAll(async () => {
  server = await startTestServer({ TZ: ZONE });
  server.advance(NOW - server.ctx.now());
  [q1 = 0, q2 = 0] = seedQueries(server.database, [
    { jobTitle: 'Backend', locationId: 1, displayName: 'Berlin' },
    { jobTitle: 'Sales', locationId: 2, displayName: 'London' },
  ]);
  server.database.sqlite.exec(
    `INSERT OR IGNORE INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0)`,
  );
  // The 8th: q1 two strong, one good, one not scored; q2 one weak, one poor.
  job(1, q1, '2026-11-08', 92);
  job(2, q1, '2026-11-08', 80);
  job(3, q1, '2026-11-08', 61);
  job(4, q1, '2026-11-08', null);
  job(5, q2, '2026-11-08', 45);
  job(6, q2, '2026-11-08', 12);
  // The 10th: q2 scored on its card (poor), then its details make it good.
  job(7, q2, '2026-11-10', 30);
  server.database.sqlite.prepare(`UPDATE jobs SET fit_score = 75 WHERE id = '7'`).run();
  // A profile deleted: job 3 loses its fit.
  server.database.sqlite.prepare(`UPDATE jobs SET fit_score = NULL WHERE id = '3'`).run();
});
afterAll(async () => {
  await server?.close();
});

const get = async (path: string) => {
  const res = await server.authed({ method: 'GET', url: `/api/v1/overview/${path}` });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /overview/fit', () => {
  it('counts each day’s new jobs by band, as their scores are now, and those without a fit', async () => {
    const res = await get('fit?range=7');
    expect(res.status).toBe(200);
    const fit = overviewFitSchema.parse(res.body);
    expect(fit.days.at(-1)).toBe('2026-11-10');
    const at = (day: string, series: readonly number[]) => series[fit.days.indexOf(day)];
    const byBand = Object.fromEntries(fit.bands.map((b) => [b.band, b]));
    expect(fit.bands.map((b) => [b.band, b.label])).toEqual([
      ['strong', 'Strong'],
      ['good', 'Good'],
      ['weak', 'Weak'],
      ['poor', 'Poor'],
    ]);
    expect(at('2026-11-08', byBand.strong?.jobs ?? [])).toBe(2);
    expect(at('2026-11-08', byBand.good?.jobs ?? [])).toBe(0);
    expect(at('2026-11-08', byBand.weak?.jobs ?? [])).toBe(1);
    expect(at('2026-11-08', byBand.poor?.jobs ?? [])).toBe(1);
    expect(at('2026-11-08', fit.unscored)).toBe(2);
    expect(at('2026-11-10', byBand.good?.jobs ?? [])).toBe(1);
    expect(at('2026-11-10', byBand.poor?.jobs ?? [])).toBe(0);
    // One query's jobs only.
    const one = overviewFitSchema.parse((await get(`fit?range=7&query=${q2}`)).body);
    expect(one.bands.map((b) => b.jobs.reduce((a, n) => a + n, 0))).toEqual([0, 1, 1, 1]);
    expect(one.unscored.reduce((a, n) => a + n, 0)).toBe(0);
  });

  it('refuses what the other Overview calls refuse', async () => {
    expect(await get('fit?range=14')).toEqual({
      status: 400,
      body: { error: 'range must be one of 7, 30, 90, all' },
    });
    expect(await get('fit?query=999')).toEqual({ status: 404, body: { error: 'Query not found' } });
    expect((await get('fit?bands=all')).status).toBe(400);
  });
});

describe('GET /overview/searches', () => {
  it('gives each search its Strong and Good fits among its new jobs', async () => {
    const searches = overviewSearchesSchema.parse((await get('searches?range=7')).body).searches;
    const of = (id: number) => searches.find((s) => s.query_id === id);
    expect(of(q1)).toMatchObject({
      new_in_range: 4,
      strong_fits_in_range: 2,
      good_fits_in_range: 0,
    });
    expect(of(q2)).toMatchObject({
      new_in_range: 3,
      strong_fits_in_range: 0,
      good_fits_in_range: 1,
    });
  });
});
