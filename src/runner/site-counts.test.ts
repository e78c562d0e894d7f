import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import { createBatchRunner } from './batch-runner';
import {
  BERLIN,
  PARIS,
  seedQueries,
  startRunnerFixture,
  type RunnerFixture,
} from './runner-test-kit';

// Issue 32's site counters against the simulated site: every attempt at the batch's own calls,
// the site's refusals, the retries and their pauses, and the jobs whose details failed, stored
// with the batch; a batch stopped and resumed adds its second drive to its first.

const SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const DETAILS = '/jobs-guest/jobs/api/jobPosting/';
const TYPEAHEAD = '/jobs-guest/api/typeaheadHits';

let sim: Simulator;
let fx: RunnerFixture;
beforeEach(async () => {
  sim = await startSimulator({ jobCount: 60, jobsPerQuery: 12, companyCount: 6 });
  fx = await startRunnerFixture(sim.url);
});
afterEach(async () => {
  await fx.close();
  await sim.close();
});

const countsRow = z.object({
  requests: z.number(),
  rate_limited: z.number(),
  retries: z.number(),
  pauses: z.number(),
  pause_ms: z.number(),
  failed_details: z.number(),
});
const countsOf = (batchId: number) =>
  countsRow
    .optional()
    .parse(
      fx.database.sqlite.prepare('SELECT * FROM batch_site_counts WHERE batch_id = ?').get(batchId),
    );
/** The simulator's log: what the batch asked of the site, its own calls only. */
const batchCalls = () =>
  sim.requests.filter((r) => r.path === SEARCH || r.path.startsWith(DETAILS)).length;
const status = (batchId: number) =>
  z
    .object({ status: z.string() })
    .parse(fx.database.sqlite.prepare('SELECT status FROM batches WHERE id = ?').get(batchId))
    .status;

describe('site counters through the simulated site', () => {
  it('counts the batch’s requests, refusals, retries, pauses and failed details with its end', async () => {
    seedQueries(fx.database, [{ jobTitle: 'engineer', ...BERLIN }]);
    // One refusal of the search (Retry-After 1 s), and a job whose details fail twice (5xx,
    // then given up after the test client's 2 attempts).
    sim.faults.rateLimit(1, { pathPrefix: SEARCH, retryAfterSeconds: 1 });
    sim.faults.serverError(2, { pathPrefix: DETAILS });
    const started = await fx.runner.start('manual');
    if (!started.claimed) throw new Error('not started');
    await fx.runner.idle();
    expect(status(started.batch.id)).toBe('completed');

    const details = sim.requests.filter((r) => r.path.startsWith(DETAILS)).length;
    expect(details).toBeGreaterThan(2);
    // The typeahead's company lookups are not counted: routes call that endpoint too.
    expect(sim.requests.some((r) => r.path === TYPEAHEAD)).toBe(true);
    expect(countsOf(started.batch.id)).toEqual({
      requests: batchCalls(),
      rate_limited: 1,
      retries: 2,
      pauses: 2,
      // The refusal's Retry-After, and the 5xx's back-off of the test client's 1 ms.
      pause_ms: 1001,
      failed_details: 1,
    });
    const failed = z
      .object({ n: z.number() })
      .parse(
        fx.database.sqlite
          .prepare('SELECT COUNT(*) AS n FROM jobs WHERE details_error_batch_id = ?')
          .get(started.batch.id),
      );
    expect(failed.n).toBe(1);
  }, 30_000);

  it('counts 999 answers as refusals too, and nothing between batches', async () => {
    seedQueries(fx.database, [{ jobTitle: 'engineer', ...BERLIN }]);
    sim.faults.rateLimit(1, { pathPrefix: DETAILS, status: 999 });
    const started = await fx.runner.start('manual');
    if (!started.claimed) throw new Error('not started');
    await fx.runner.idle();
    expect(countsOf(started.batch.id)).toMatchObject({
      requests: batchCalls(),
      rate_limited: 1,
      retries: 1,
      pauses: 1,
      pause_ms: 1000,
      failed_details: 0,
    });
    // The client used outside a batch (a route's details fetch) adds to no batch.
    await fx.site.getJobDetails(
      z.object({ id: z.string() }).parse(fx.database.sqlite.prepare('SELECT id FROM jobs').get())
        .id,
    );
    expect(countsOf(started.batch.id)?.requests).toBe(batchCalls() - 1);
  }, 30_000);

  it('keeps a stopped batch’s counts, and its resumed drive adds to them', async () => {
    seedQueries(fx.database, [
      { jobTitle: 'engineer', ...BERLIN },
      { jobTitle: 'designer', ...PARIS },
    ]);
    sim.faults.latency(30);
    const started = await fx.runner.start('manual');
    if (!started.claimed) throw new Error('not started');
    while (sim.requests.filter((r) => r.path === SEARCH && r.status > 0).length < 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await fx.runner.close();
    expect(status(started.batch.id)).toBe('running');
    const firstDrive = batchCalls();
    expect(countsOf(started.batch.id)).toMatchObject({ requests: firstDrive, rate_limited: 0 });

    sim.faults.clear();
    sim.faults.rateLimit(1, { pathPrefix: SEARCH, retryAfterSeconds: 1 });
    const again = createBatchRunner({
      connection: fx.database.connection,
      site: fx.site,
      now: Date.now,
      log: fx.log,
      siteTally: fx.siteTally,
    });
    again.resume();
    await again.idle();
    expect(status(started.batch.id)).toBe('completed');
    expect(batchCalls()).toBeGreaterThan(firstDrive);
    expect(countsOf(started.batch.id)).toEqual({
      requests: batchCalls(),
      rate_limited: 1,
      retries: 1,
      pauses: 1,
      pause_ms: 1000,
      failed_details: 0,
    });
    await again.close();
  }, 30_000);
});
