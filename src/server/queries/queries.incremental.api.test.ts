import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../simulator';
import { batchListSchema, queryRunListSchema, type Query } from '../../contract';
import { startTestServer, type TestServer } from '../test-harness';

// Issue 10 through the API: queries made with POST/PUT, batches started with POST /batches,
// what each run did read back from GET /query-runs and GET /batches. The server's clock and the
// simulated site's move together, a day at a time.

const DAY_MS = 86_400_000;
const BERLIN = 103035651;
const GUEST_SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';

let sim: Simulator;
let server: TestServer;
beforeEach(async () => {
  sim = await startSimulator({ jobCount: 2000, jobsPerQuery: 200, dailyGrowth: 0.05 });
  server = await startTestServer({ LINKEDIN_BASE_URL: sim.url });
  await server.database.db
    .insertInto('locations')
    .values([{ id: BERLIN, display_name: 'Berlin, Germany', seen_at: 0 }])
    .execute();
});
afterEach(async () => {
  await server.close();
  await sim.close();
});

const body = { job_title: 'data engineer', location_id: BERLIN, status: 'active', is_ai: false };

function nextDay(): void {
  server.advance(DAY_MS);
  sim.clock.advanceDays(1);
}

async function runBatch() {
  const res = await server.authed({ method: 'POST', url: '/api/v1/batches' });
  expect(res.statusCode).toBe(201);
  await server.ctx.runner.runner.idle();
  const batches = batchListSchema.parse(
    (await server.authed({ method: 'GET', url: '/api/v1/batches' })).json(),
  );
  const runs = queryRunListSchema.parse(
    (await server.authed({ method: 'GET', url: '/api/v1/query-runs' })).json(),
  );
  const id = res.json<{ id: number }>().id;
  return { batch: batches.find((b) => b.id === id), runs: runs.filter((r) => r.batch_id === id) };
}

describe('incremental runs through the API', () => {
  it('first run full, later runs incremental, an edited query full again', async () => {
    const created = await server.authed({
      method: 'POST',
      url: '/api/v1/queries',
      payload: { ...body, filters: { workplace: ['remote', 'on_site'] } },
    });
    const query = created.json<Query>();

    const first = await runBatch();
    expect(first.runs).toMatchObject([{ status: 'completed', search_mode: 'full' }]);
    const [firstRun] = first.runs;
    expect(firstRun?.jobs_new).toBe(firstRun?.jobs_found);
    expect(first.batch).toMatchObject({
      status: 'completed',
      search_mode: 'full',
      jobs_new: firstRun?.jobs_found,
      jobs_total: firstRun?.jobs_found,
    });
    expect(sim.requests.find((r) => r.path === GUEST_SEARCH)?.query).toMatchObject({ f_WT: '1,2' });

    nextDay();
    let mark = sim.requests.length;
    const second = await runBatch();
    const [run] = second.runs;
    expect(run).toMatchObject({ status: 'completed', search_mode: 'incremental' });
    expect(run?.jobs_new).toBeGreaterThan(0);
    expect(run?.jobs_new).toBeLessThanOrEqual(run?.jobs_found ?? 0);
    expect(second.batch).toMatchObject({ search_mode: 'incremental', jobs_new: run?.jobs_new });
    const searches = sim.requests.slice(mark).filter((r) => r.path === GUEST_SEARCH);
    for (const r of searches) expect(r.query).toMatchObject({ f_TPR: 'r90000', f_WT: '1,2' });

    // The Active toggle's body (SPEC.md's fields only) changes nothing searched.
    await server.authed({
      method: 'PUT',
      url: `/api/v1/queries/${query.id}`,
      payload: { ...body, status: 'active' },
    });
    nextDay();
    expect((await runBatch()).runs[0]?.search_mode).toBe('incremental');

    // New filters: full again.
    await server.authed({
      method: 'PUT',
      url: `/api/v1/queries/${query.id}`,
      payload: { ...body, filters: { workplace: ['remote'] } },
    });
    nextDay();
    mark = sim.requests.length;
    const edited = await runBatch();
    expect(edited.runs[0]?.search_mode).toBe('full');
    for (const r of sim.requests.slice(mark).filter((x) => x.path === GUEST_SEARCH)) {
      expect(r.query.f_TPR).toBeUndefined();
      expect(r.query.f_WT).toBe('2');
    }
  });

  it('leaves AI runs without a search mode', async () => {
    await server.authed({
      method: 'POST',
      url: '/api/v1/queries',
      payload: { ...body, is_ai: true },
    });
    const { runs } = await runBatch();
    expect(runs[0]).toMatchObject({ is_ai: true, search_mode: null });
  });
});
