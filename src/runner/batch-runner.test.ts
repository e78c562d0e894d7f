import { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXPIRED_COOKIES, startSimulator, VALID_COOKIES, type Simulator } from '../../simulator';
import { aiCookiesMessage, normalizeCompanyName } from '../scraper';
import { everyRunFailedMessage, NO_ACTIVE_QUERIES } from './batch-runner';
import {
  BERLIN,
  blockCompany,
  LONDON,
  PARIS,
  saveSetting,
  seedQueries,
  startRunnerFixture,
  type RunnerFixture,
} from './runner-test-kit';

const JOBS_PER_QUERY = 25;
const SESSION_EXPIRED = 'LinkedIn session expired or missing: paste new cookies in Settings';
const GUEST_SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const DETAILS = '/jobs-guest/jobs/api/jobPosting/';

let simulator: Simulator;
let fx: RunnerFixture;
beforeAll(async () => {
  simulator = await startSimulator({ jobsPerQuery: JOBS_PER_QUERY });
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(async () => {
  simulator.reset();
  fx = await startRunnerFixture(simulator.url);
});
afterEach(async () => {
  await fx.close();
});

// Rows read back are parsed like any other boundary; a schema per shape the tests look at.
const rows = <T>(schema: z.ZodType<T>, sql: string, ...params: unknown[]): T[] =>
  fx.database.sqlite
    .prepare(sql)
    .all(...params)
    .map((r) => schema.parse(r));
const one = <T>(schema: z.ZodType<T>, sql: string, ...params: unknown[]): T =>
  schema.parse(fx.database.sqlite.prepare(sql).get(...params));

const batchRow = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  started_at: z.number().nullable(),
  finished_at: z.number().nullable(),
  jobs_to_enrich: z.number(),
  jobs_enriched: z.number(),
});
type BatchRow = z.infer<typeof batchRow>;
const runRow = z.object({
  id: z.number(),
  query_id: z.number(),
  status: z.string(),
  error: z.string().nullable(),
  job_title: z.string(),
  location: z.string(),
  location_id: z.number(),
  is_ai: z.number(),
  pages_fetched: z.number(),
  jobs_found: z.number(),
  start_time: z.number().nullable(),
  end_time: z.number().nullable(),
});
const count = z.object({ n: z.number() });
const companyIdRow = z.object({ company_id: z.number().nullable() });
const linkRow = z.object({ job_id: z.string(), rank: z.number() });
const jobRow = z.object({
  id: z.string(),
  details_fetched_at: z.number().nullable(),
  description: z.string().nullable(),
  first_seen_batch_id: z.number(),
});

async function runBatch(): Promise<BatchRow> {
  const result = await fx.runner.start('manual');
  if (!result.claimed) throw new Error(`batch not started: ${result.reason}`);
  await fx.runner.idle();
  return one(batchRow, 'SELECT * FROM batches WHERE id = ?', result.batch.id);
}

const runsOf = (batchId: number) =>
  rows(runRow, 'SELECT * FROM query_runs WHERE batch_id = ? ORDER BY id', batchId);

describe('a batch against the simulated site', () => {
  it('runs every active query in id order, stores and links each job once, enriches, and completes', async () => {
    const [first, , third] = seedQueries(fx.database, [
      { jobTitle: 'python developer', ...BERLIN },
      { jobTitle: 'paused query', ...LONDON, status: 'inactive' },
      { jobTitle: 'data engineer', ...PARIS },
      { jobTitle: 'old query', ...PARIS, status: 'archived' },
    ]);
    const batch = await runBatch();
    expect(batch).toMatchObject({ kind: 'manual', status: 'completed', error: null });
    expect(batch.finished_at).not.toBeNull();

    const runs = runsOf(batch.id);
    expect(runs.map((r) => r.query_id)).toEqual([first, third]);
    expect(runs[0]).toMatchObject({
      status: 'completed',
      job_title: 'python developer',
      location: BERLIN.displayName,
      location_id: BERLIN.locationId,
      is_ai: 0,
      jobs_found: JOBS_PER_QUERY,
      pages_fetched: 3,
      error: null,
    });
    for (const run of runs) {
      expect(run.start_time).not.toBeNull();
      expect(run.end_time).not.toBeNull();
    }

    // Every card of every page is linked with its position, and matches the site's order.
    const expected = simulator.search
      .guest('python developer', String(BERLIN.locationId))
      .visible.map((j) => j.id);
    const linked = rows(
      linkRow,
      'SELECT job_id, rank FROM query_run_jobs WHERE query_run_id = ? ORDER BY rank',
      runs[0]?.id,
    );
    expect(linked.map((l) => l.job_id)).toEqual(expected);
    expect(linked.map((l) => l.rank)).toEqual(expected.map((_, i) => i + 1));

    // Enriched: every job has its details, and the progress says so.
    const jobs = rows(
      jobRow,
      `SELECT id, details_fetched_at, first_seen_batch_id,
         (SELECT d.description FROM job_descriptions d WHERE d.job_id = jobs.id) AS description
       FROM jobs`,
    );
    const distinct = new Set(
      rows(z.object({ job_id: z.string() }), 'SELECT job_id FROM query_run_jobs').map(
        (r) => r.job_id,
      ),
    );
    expect(jobs).toHaveLength(distinct.size);
    for (const job of jobs) {
      expect(job.details_fetched_at).not.toBeNull();
      expect(job.description).not.toBe('');
      expect(job.first_seen_batch_id).toBe(batch.id);
    }
    expect(batch.jobs_to_enrich).toBe(distinct.size);
    expect(batch.jobs_enriched).toBe(distinct.size);

    // Company ids resolved through the typeahead for exact name matches, and cached.
    const sample = simulator.catalogue.jobById(expected[0] ?? '');
    const company = one(companyIdRow, 'SELECT company_id FROM jobs WHERE id = ?', expected[0]);
    const exactlyNamed = simulator.catalogue.companies.filter(
      (c) => normalizeCompanyName(c.name) === normalizeCompanyName(sample?.company.name ?? ''),
    );
    expect(exactlyNamed.map((c) => Number(c.id))).toContain(company.company_id);
    const lookups = one(count, 'SELECT COUNT(*) AS n FROM company_id_lookups').n;
    expect(lookups).toBeGreaterThan(0);
  });

  it('runs a failing query as failed with its reason and still completes with the others', async () => {
    seedQueries(fx.database, [
      { jobTitle: 'python developer', ...BERLIN },
      { jobTitle: 'ai search without cookies', ...LONDON, isAi: true },
      { jobTitle: 'data engineer', ...PARIS },
    ]);
    // The first search request fails with 500 until the client gives up (2 attempts).
    simulator.faults.serverError(2, { pathPrefix: GUEST_SEARCH });
    const batch = await runBatch();
    expect(batch.status).toBe('completed');
    const runs = runsOf(batch.id);
    expect(runs.map((r) => r.status)).toEqual(['failed', 'failed', 'completed']);
    expect(runs[0]?.error).toMatch(/answered HTTP 500/);
    expect(runs[1]?.error).toBe(aiCookiesMessage('LinkedIn'));
    expect(runs[0]?.end_time).not.toBeNull();
    expect(runs[2]?.jobs_found).toBe(JOBS_PER_QUERY);
  });

  it('fails the batch when every query run fails, naming the first reason', async () => {
    seedQueries(fx.database, [{ jobTitle: 'ai only', ...BERLIN, isAi: true }]);
    const batch = await runBatch();
    expect(batch.status).toBe('failed');
    expect(batch.error).toBe(everyRunFailedMessage(1, aiCookiesMessage('LinkedIn')));
    expect(batch.finished_at).not.toBeNull();
  });

  it('fails a batch with no active query with a clear reason', async () => {
    const batch = await runBatch();
    expect(batch).toMatchObject({ status: 'failed', error: NO_ACTIVE_QUERIES });
  });

  it('runs AI queries with the stored cookies', async () => {
    saveSetting(fx.database, 'cookies', VALID_COOKIES);
    seedQueries(fx.database, [{ jobTitle: 'machine learning engineer', ...BERLIN, isAi: true }]);
    const batch = await runBatch();
    expect(batch.status).toBe('completed');
    expect(runsOf(batch.id)[0]).toMatchObject({
      status: 'completed',
      is_ai: 1,
      jobs_found: JOBS_PER_QUERY,
      pages_fetched: 1,
    });
  });

  it('stops the whole batch when the session has expired', async () => {
    saveSetting(fx.database, 'cookies', EXPIRED_COOKIES);
    seedQueries(fx.database, [
      { jobTitle: 'python developer', ...BERLIN },
      { jobTitle: 'ai query', ...LONDON, isAi: true },
      { jobTitle: 'data engineer', ...PARIS },
    ]);
    const batch = await runBatch();
    expect(batch).toMatchObject({ status: 'failed', error: SESSION_EXPIRED });
    const runs = runsOf(batch.id);
    // The run after the expired session never started.
    expect(runs.map((r) => r.status)).toEqual(['completed', 'failed']);
    expect(runs[1]?.error).toBe(SESSION_EXPIRED);
    // Nothing was enriched: the batch stopped before that step.
    expect(simulator.requests.filter((r) => r.path.startsWith(DETAILS))).toHaveLength(0);
  });

  it('stops the batch when the guest search hits the auth wall', async () => {
    seedQueries(fx.database, [
      { jobTitle: 'python developer', ...BERLIN },
      { jobTitle: 'data engineer', ...PARIS },
    ]);
    simulator.faults.authWall({ pathPrefix: GUEST_SEARCH });
    const batch = await runBatch();
    expect(batch).toMatchObject({ status: 'failed', error: SESSION_EXPIRED });
    expect(runsOf(batch.id)).toHaveLength(1);
  });

  it('does not enrich jobs of blocked companies (by id, or by name where the id is unknown)', async () => {
    seedQueries(fx.database, [{ jobTitle: 'python developer', ...BERLIN }]);
    const results = simulator.search.guest('python developer', String(BERLIN.locationId)).visible;
    const byId = results[0]?.company;
    const byName = results.find(
      (j) => normalizeCompanyName(j.company.name) !== normalizeCompanyName(byId?.name ?? ''),
    )?.company;
    if (!byId || !byName) throw new Error('simulator results too small');
    blockCompany(fx.database, Number(byId.id), normalizeCompanyName(byId.name));
    // Blocked by name only: a made-up id, so only the name can match (where the job's id is unknown).
    blockCompany(fx.database, 999_999_999, normalizeCompanyName(byName.name));
    // Keep the by-name company's id unknown: the typeahead has no exact match for it.
    fx.database.sqlite
      .prepare(
        'INSERT INTO company_id_lookups (normalized_name, company_id, looked_up_at) VALUES (?, NULL, ?)',
      )
      .run(normalizeCompanyName(byName.name), Date.now());

    const batch = await runBatch();
    expect(batch.status).toBe('completed');
    const blockedIds = new Set(
      results
        .filter(
          (j) =>
            normalizeCompanyName(j.company.name) === normalizeCompanyName(byName.name) ||
            one(companyIdRow, 'SELECT company_id FROM jobs WHERE id = ?', j.id).company_id ===
              Number(byId.id),
        )
        .map((j) => j.id),
    );
    expect(blockedIds.size).toBeGreaterThanOrEqual(2);
    const fetched = new Set(
      simulator.requests
        .filter((r) => r.path.startsWith(DETAILS))
        .map((r) => r.path.slice(DETAILS.length)),
    );
    for (const id of blockedIds) expect(fetched.has(id)).toBe(false);
    expect(fetched.size).toBe(JOBS_PER_QUERY - blockedIds.size);
    expect(batch.jobs_to_enrich).toBe(JOBS_PER_QUERY - blockedIds.size);
  });

  it('stores a job once across runs and batches and keeps the batch that first saw it', async () => {
    const [a, b] = seedQueries(fx.database, [
      { jobTitle: 'python developer', ...BERLIN },
      { jobTitle: 'python developer', ...BERLIN },
    ]);
    const first = await runBatch();
    const second = await runBatch();
    expect(second.status).toBe('completed');
    expect(one(count, 'SELECT COUNT(*) AS n FROM jobs').n).toBe(JOBS_PER_QUERY);
    // Each run links all its jobs, even those another run found first.
    const firstRuns = runsOf(first.id);
    expect(firstRuns.map((r) => r.query_id)).toEqual([a, b]);
    for (const run of firstRuns) expect(run.jobs_found).toBe(JOBS_PER_QUERY);
    // The second batch's runs are incremental (issue 10): they find only what the site lists as
    // posted within the window (the simulator's clock stands still), all of it seen before.
    const secondRuns = runsOf(second.id);
    expect(secondRuns.map((r) => r.query_id)).toEqual([a, b]);
    const recent = simulator.search.guest('python developer', String(BERLIN.locationId), {
      postedWithinSeconds: 3601,
    }).total;
    for (const run of secondRuns) expect(run.jobs_found).toBe(recent);
    const seenIn = rows(
      z.object({ first_seen_batch_id: z.number() }),
      'SELECT DISTINCT first_seen_batch_id FROM jobs',
    );
    expect(seenIn).toEqual([{ first_seen_batch_id: first.id }]);
    // Details are fetched once: the second batch had nothing new to enrich.
    expect(second.jobs_to_enrich).toBe(0);
    expect(simulator.requests.filter((r) => r.path.startsWith(DETAILS))).toHaveLength(
      JOBS_PER_QUERY,
    );
  });

  it('notes a job whose details fail, goes on, and tries it again in a later batch', async () => {
    seedQueries(fx.database, [{ jobTitle: 'python developer', ...BERLIN }]);
    // The first details request fails on both attempts of the test client.
    simulator.faults.serverError(2, { pathPrefix: DETAILS });
    const first = await runBatch();
    expect(first).toMatchObject({
      status: 'completed',
      jobs_to_enrich: JOBS_PER_QUERY,
      jobs_enriched: JOBS_PER_QUERY,
    });
    const failedRow = z.object({
      id: z.string(),
      details_error: z.string(),
      details_error_batch_id: z.number(),
    });
    const failed = rows(
      failedRow,
      'SELECT id, details_error, details_error_batch_id FROM jobs WHERE details_error IS NOT NULL',
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.details_error).toMatch(/HTTP 500/);
    expect(failed[0]?.details_error_batch_id).toBe(first.id);

    // An edited query runs in full (issue 10), so the second batch finds the job again.
    fx.database.sqlite.prepare(`UPDATE queries SET job_title = 'Python developer'`).run();
    const second = await runBatch();
    expect(second).toMatchObject({ status: 'completed', jobs_to_enrich: 1, jobs_enriched: 1 });
    const after = one(
      z.object({ details_fetched_at: z.number().nullable(), details_error: z.string().nullable() }),
      'SELECT details_fetched_at, details_error FROM jobs WHERE id = ?',
      failed[0]?.id,
    );
    expect(after.details_error).toBeNull();
    expect(after.details_fetched_at).not.toBeNull();
  });

  it('refuses a second batch while one is running', async () => {
    seedQueries(fx.database, [{ jobTitle: 'python developer', ...BERLIN }]);
    simulator.faults.latency(20);
    const first = await fx.runner.start('manual');
    expect(first.claimed).toBe(true);
    expect(await fx.runner.start('manual')).toEqual({ claimed: false, reason: 'busy' });
    await fx.runner.idle();
    expect((await fx.runner.start('manual')).claimed).toBe(true);
    await fx.runner.idle();
  });

  it('stops between two requests on close and leaves a batch that resumes where it stopped', async () => {
    seedQueries(fx.database, [
      { jobTitle: 'python developer', ...BERLIN },
      { jobTitle: 'data engineer', ...PARIS },
    ]);
    simulator.faults.latency(30);
    const started = await fx.runner.start('manual');
    if (!started.claimed) throw new Error('not started');
    // Wait for the first page to be stored, then stop.
    while (one(count, 'SELECT COALESCE(SUM(pages_fetched), 0) AS n FROM query_runs').n < 1) {
      await new Promise((r) => setTimeout(r, 5));
    }
    await fx.runner.close();
    const stopped = one(batchRow, 'SELECT * FROM batches WHERE id = ?', started.batch.id);
    expect(stopped.status).toBe('running');
    const interrupted = runsOf(started.batch.id)[0];
    expect(interrupted?.status).toBe('running');
    expect(interrupted?.pages_fetched).toBeGreaterThanOrEqual(1);
    expect(interrupted?.pages_fetched).toBeLessThan(3);

    // A new runner on the same database goes on from there.
    simulator.faults.clear();
    const searchesBefore = simulator.requests.filter((r) => r.path === GUEST_SEARCH).length;
    const { createBatchRunner } = await import('./batch-runner');
    const again = createBatchRunner({
      connection: fx.database.connection,
      site: fx.site,
      now: Date.now,
      log: fx.log,
    });
    again.resume();
    await again.idle();
    const done = one(batchRow, 'SELECT * FROM batches WHERE id = ?', started.batch.id);
    expect(done.status).toBe('completed');
    const runs = runsOf(started.batch.id);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ status: 'completed', jobs_found: JOBS_PER_QUERY });
    // The first run was not fetched again from offset 0.
    const resumedStarts = simulator.requests
      .filter((r) => r.path === GUEST_SEARCH)
      .slice(searchesBefore)
      .map((r) => Number(r.query.start));
    expect(resumedStarts[0]).toBeGreaterThan(0);
  });
});
