import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guestFiltersFromUrl, startSimulator, type Simulator } from '../../simulator';
import {
  BERLIN,
  LONDON,
  seedQueries,
  startRunnerFixture,
  type RunnerFixture,
} from './runner-test-kit';

// Issue 10 against the simulated site: the runner's clock is the site's clock, and days pass
// between batches as they would on a daily schedule.

const GUEST_SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const DETAILS = '/jobs-guest/jobs/api/jobPosting/';

let sim: Simulator;
let fx: RunnerFixture;
beforeEach(async () => {
  sim = await startSimulator({ jobCount: 3000, jobsPerQuery: 300, dailyGrowth: 0.05 });
  fx = await startRunnerFixture(sim.url, { now: () => sim.clock.now() });
});
afterEach(async () => {
  await fx.close();
  await sim.close();
});

const runRow = z.object({
  id: z.number(),
  query_id: z.number(),
  status: z.string(),
  jobs_found: z.number(),
  search_mode: z.string().nullable(),
  search_params: z.string().nullable(),
});
const runsOf = (batchId: number) =>
  fx.database.sqlite
    .prepare('SELECT * FROM query_runs WHERE batch_id = ? ORDER BY id')
    .all(batchId)
    .map((r) => runRow.parse(r));
const storedIds = () =>
  new Set(
    fx.database.sqlite
      .prepare('SELECT id FROM jobs')
      .all()
      .map((r) => z.object({ id: z.string() }).parse(r).id),
  );

async function runBatch(): Promise<number> {
  const result = await fx.runner.start('daily');
  if (!result.claimed) throw new Error(`batch not started: ${result.reason}`);
  await fx.runner.idle();
  return result.batch.id;
}

const searchesSince = (from: number) =>
  sim.requests.slice(from).filter((r) => r.path === GUEST_SEARCH);

describe('incremental runs across simulated days', () => {
  it('runs a query in full first, then only for what is new, and stores every new posting', async () => {
    const [id] = seedQueries(fx.database, [{ jobTitle: 'data engineer', ...BERLIN }]);
    const day1 = await runBatch();
    expect(runsOf(day1)).toMatchObject([
      { query_id: id, status: 'completed', search_mode: 'full' },
    ]);
    expect(searchesSince(0).every((r) => r.query.f_TPR === undefined)).toBe(true);

    for (let day = 2; day <= 4; day += 1) {
      const before = sim.catalogue.jobs.length;
      const mark = sim.requests.length;
      sim.clock.advanceDays(1);
      const batch = await runBatch();
      const [run] = runsOf(batch);
      expect(run?.search_mode).toBe('incremental');
      // A day since the last run started, plus the hour of margin.
      for (const r of searchesSince(mark)) expect(r.query.f_TPR).toBe(`r${86_400 + 3600}`);
      // Recall, against the simulator's own truth: every posting of the day that the search
      // matches is stored.
      const posted = sim.catalogue.jobs.slice(before);
      const matching = new Set(
        sim.search.guest('data engineer', String(BERLIN.locationId)).all.map((j) => j.id),
      );
      const wanted = posted.filter((j) => matching.has(j.id));
      expect(wanted.length).toBeGreaterThan(0);
      const stored = storedIds();
      expect(wanted.filter((j) => !stored.has(j.id))).toEqual([]);
      // Pages asked: only those the day's new jobs fill, plus the empty one that ends the search.
      expect(searchesSince(mark).length).toBeLessThanOrEqual(
        Math.ceil((run?.jobs_found ?? 0) / 7) + 1,
      );
    }
  });

  it('runs an edited query in full again, and incremental the day after', async () => {
    const [id] = seedQueries(fx.database, [{ jobTitle: 'data engineer', ...BERLIN }]);
    await runBatch();
    sim.clock.advanceDays(1);
    fx.database.sqlite
      .prepare(`UPDATE queries SET filters = ? WHERE id = ?`)
      .run(JSON.stringify({ workplace: ['remote'] }), id);
    const edited = await runBatch();
    const [run] = runsOf(edited);
    expect(run?.search_mode).toBe('full');
    expect(JSON.parse(run?.search_params ?? '')).toEqual({ f_WT: '2' });
    sim.clock.advanceDays(1);
    const next = await runBatch();
    expect(runsOf(next)[0]?.search_mode).toBe('incremental');
    expect(JSON.parse(runsOf(next)[0]?.search_params ?? '')).toEqual({
      f_TPR: `r${86_400 + 3600}`,
      f_WT: '2',
    });
  });

  it("keeps the operator's narrower posted within, and sends its filters every time", async () => {
    const [id] = seedQueries(fx.database, [{ jobTitle: 'nurse', ...LONDON }]);
    fx.database.sqlite
      .prepare(`UPDATE queries SET filters = ? WHERE id = ?`)
      .run(JSON.stringify({ posted_within: 'past_24_hours', job_type: ['full_time'] }), id);
    await runBatch();
    sim.clock.advanceDays(2);
    const mark = sim.requests.length;
    const batch = await runBatch();
    expect(runsOf(batch)[0]?.search_mode).toBe('full');
    for (const r of searchesSince(mark))
      expect(r.query).toMatchObject({ f_TPR: 'r86400', f_JT: 'F' });
    // Every job the site served matches the filters.
    const filters = guestFiltersFromUrl(new URLSearchParams({ f_TPR: 'r86400', f_JT: 'F' }));
    const truth = sim.search
      .guest('nurse', String(LONDON.locationId), filters)
      .all.map((j) => j.id);
    const linked = fx.database.sqlite
      .prepare(
        'SELECT l.job_id FROM query_run_jobs l JOIN query_runs r ON r.id = l.query_run_id WHERE r.batch_id = ?',
      )
      .all(batch)
      .map((r) => z.object({ job_id: z.string() }).parse(r).job_id);
    expect(new Set(linked)).toEqual(new Set(truth));
    for (const jobId of linked)
      expect(sim.catalogue.jobById(jobId)?.employmentType).toBe('Full-time');
  });

  it('fetches details once per job, ever, across batches that find it again', async () => {
    seedQueries(fx.database, [
      { jobTitle: 'data engineer', ...BERLIN },
      { jobTitle: 'data engineer', ...BERLIN },
    ]);
    await runBatch();
    // Edited queries run in full again, finding every known job a second time.
    sim.clock.advanceDays(1);
    fx.database.sqlite.prepare(`UPDATE queries SET job_title = 'Data Engineer'`).run();
    await runBatch();
    sim.clock.advanceDays(1);
    await runBatch();
    const details = sim.requests.filter((r) => r.path.startsWith(DETAILS)).map((r) => r.path);
    expect(details.length).toBe(new Set(details).size);
    expect(details.length).toBe(storedIds().size);
    const missing = fx.database.sqlite
      .prepare('SELECT COUNT(*) AS n FROM jobs WHERE details_fetched_at IS NULL')
      .get();
    expect(z.object({ n: z.number() }).parse(missing).n).toBe(0);
  });
});
