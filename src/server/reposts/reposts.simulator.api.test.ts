import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../simulator';
import {
  jobDetailSchema,
  jobListSchema,
  repostSettingsSchema,
  type JobListItem,
  type JobState,
} from '../../contract';
import { countBatchReposts } from '../../db/jobs/repost-rows';
import { startTestServer, type TestServer } from '../test-harness';

// Issue 17 over simulated days: batches run through the API against the simulated site, its
// clock and the server's moving together; what the site reposted (its truth) is then read back
// from GET /jobs and GET /jobs/{id}.

const DAY_MS = 86_400_000;
const BERLIN = 103035651;
const DETAILS_PREFIX = '/jobs-guest/jobs/api/jobPosting/';

let sim: Simulator;
let server: TestServer;
beforeEach(async () => {
  // A small site that reposts a lot, so two days bring enough reposts of stored jobs.
  sim = await startSimulator({
    jobCount: 1000,
    // Few companies: fewer company-id lookups (the typeahead's budget spaces them 200 ms apart).
    companyCount: 40,
    jobsPerQuery: 100,
    dailyGrowth: 0.3,
    repostShare: 0.4,
    lookalikeShare: 0.2,
  });
  server = await startTestServer({ LINKEDIN_BASE_URL: sim.url });
  await server.database.db
    .insertInto('locations')
    .values([{ id: BERLIN, display_name: 'Berlin, Germany', seen_at: 0 }])
    .execute();
  const created = await server.authed({
    method: 'POST',
    url: '/api/v1/queries',
    payload: { job_title: 'engineer', location_id: BERLIN, status: 'active', is_ai: false },
  });
  expect(created.statusCode, created.body).toBe(200);
});
afterEach(async () => {
  await server.close();
  await sim.close();
});

function nextDays(days: number): void {
  server.advance(days * DAY_MS);
  sim.clock.advanceDays(days);
}

async function runBatch(): Promise<number> {
  const res = await server.authed({ method: 'POST', url: '/api/v1/batches' });
  expect(res.statusCode).toBe(201);
  await server.ctx.runner.runner.idle();
  return res.json<{ id: number }>().id;
}

async function everyJob(query: string): Promise<JobListItem[]> {
  const items: JobListItem[] = [];
  let cursor: string | null = null;
  do {
    const res = await server.authed({
      method: 'GET',
      url: `/api/v1/jobs?${query}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = jobListSchema.parse(res.json());
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

const ALL_STATES = 'state=new,seen,saved,applied,hidden&grouped=false';

/** Triage of day 1, by id: every job gets one of the four states. */
function triageOf(id: number): 'hidden' | 'applied' | 'saved' | 'new' {
  return (['hidden', 'applied', 'saved', 'new'] as const)[id % 4] ?? 'new';
}
/** The state a repost of a job in that state starts in. */
const CARRIED: Record<ReturnType<typeof triageOf>, JobState> = {
  hidden: 'hidden',
  applied: 'seen',
  saved: 'saved',
  new: 'new',
};

describe('reposts over simulated days', { timeout: 120_000 }, () => {
  it('marks a repost with its first sighting and carries triage over; look-alikes are none', async () => {
    await runBatch();
    const day1 = await everyJob(ALL_STATES);
    expect(day1.length).toBeGreaterThanOrEqual(100);
    expect(day1.every((j) => j.repost === null)).toBe(true);
    for (const state of ['hidden', 'applied', 'saved'] as const) {
      const ids = day1.filter((j) => triageOf(j.id) === state).map((j) => j.id);
      for (let i = 0; i < ids.length; i += 500) {
        const res = await server.authed({
          method: 'POST',
          url: '/api/v1/jobs/state',
          payload: { ids: ids.slice(i, i + 500), state },
        });
        expect(res.statusCode).toBe(200);
      }
    }

    nextDays(2);
    const mark = sim.requests.length;
    const batch2 = await runBatch();
    const all = await everyJob(ALL_STATES);
    const byId = new Map(all.map((j) => [j.id, j]));
    const firstDay = new Map(day1.map((j) => [j.id, j]));
    const truth = sim.truth.reposts();

    // Every repost of a day-1 job is recognised, naming it, with the first sighting's time
    // (those whose chain has no third stored job: a later repost names the latest before it).
    const rootOf = new Map(truth.reposts.map((r) => [r.id, r.root]));
    const storedInChain = (root: string) =>
      [...byId.keys()].filter((id) => (rootOf.get(String(id)) ?? String(id)) === root).length;
    const reposts = truth.reposts.filter(
      (r) => byId.has(Number(r.id)) && firstDay.has(Number(r.of)) && storedInChain(r.root) === 2,
    );
    expect(reposts.length).toBeGreaterThan(5);
    for (const r of reposts) {
      const job = byId.get(Number(r.id));
      const earlier = firstDay.get(Number(r.of));
      expect(job?.repost, `job ${r.id}`).toMatchObject({
        of: Number(r.of),
        first_seen_at: earlier?.first_seen_at,
      });
      // Triage carried over: hidden stays hidden, applied reads "applied before", saved stays saved.
      const was = triageOf(Number(r.of));
      expect(job?.state, `job ${r.id} reposts a job that was ${was}`).toBe(CARRIED[was]);
      expect(job?.repost?.earlier_state).toBe(was);
      expect(job?.repost?.applied_before).toBe(was === 'applied');
      // Each was confirmed by its description, hidden ones too (a look-alike must not stay hidden).
      const fetched = sim.requests.slice(mark).some((q) => q.path === `${DETAILS_PREFIX}${r.id}`);
      expect(fetched).toBe(true);
      expect(job?.repost?.confirmed).toBe(true);
    }

    // Look-alikes (another description at the same place, or another place) are not reposts;
    // one that looked like a hidden job on its card is brought back once its description shows.
    const lookalikes = truth.lookalikes.filter((l) => byId.has(Number(l.id)));
    expect(lookalikes.some((l) => l.kind === 'other-description')).toBe(true);
    expect(lookalikes.some((l) => l.kind === 'other-place')).toBe(true);
    for (const l of lookalikes) {
      const job = byId.get(Number(l.id));
      expect(job?.repost, `look-alike ${l.id}`).toBeNull();
      if (!firstDay.has(Number(l.id))) expect(job?.state).toBe('new');
    }

    // The batch counts its reposts apart (the batch-finished message's "· N reposts").
    const newInBatch2 = all.filter((j) => j.repost !== null && !firstDay.has(j.id));
    expect(countBatchReposts(server.database.sqlite, batch2)).toBe(newInBatch2.length);

    // The panel lists the chain, oldest first, with each job's state.
    const sample = reposts[0];
    const detail = jobDetailSchema.parse(
      (await server.authed({ method: 'GET', url: `/api/v1/jobs/${sample?.id}` })).json(),
    );
    expect(detail.repost_chain.map((c) => c.id)).toEqual([Number(sample?.of), Number(sample?.id)]);
    expect(detail.repost_chain[0]?.state).toBe(triageOf(Number(sample?.of)));

    // hide_reposts leaves out the reposts of triaged jobs, and keeps those of new ones.
    const shown = new Set(
      (await everyJob('state=new,seen,saved,applied&grouped=false&hide_reposts=true')).map(
        (j) => j.id,
      ),
    );
    for (const r of reposts) {
      expect(shown.has(Number(r.id)), `repost ${r.id}`).toBe(triageOf(Number(r.of)) === 'new');
    }
  });

  it('carries nothing over when the operator turns the setting off', async () => {
    const get = async () =>
      repostSettingsSchema.parse(
        (await server.authed({ method: 'GET', url: '/api/v1/reposts/settings' })).json(),
      );
    expect(await get()).toEqual({ carry_over_triage: true });
    const put = await server.authed({
      method: 'PUT',
      url: '/api/v1/reposts/settings',
      payload: { carry_over_triage: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ carry_over_triage: false });
    expect(await get()).toEqual({ carry_over_triage: false });

    await runBatch();
    const day1 = await everyJob(ALL_STATES);
    const hide = day1.map((j) => j.id).slice(0, 500);
    await server.authed({
      method: 'POST',
      url: '/api/v1/jobs/state',
      payload: { ids: hide, state: 'hidden' },
    });
    nextDays(2);
    await runBatch();
    const hidden = new Set(hide);
    const reposts = (await everyJob(ALL_STATES)).filter(
      (j) => j.repost !== null && hidden.has(j.repost.of),
    );
    expect(reposts.length).toBeGreaterThan(0);
    for (const j of reposts) {
      expect(j.state).toBe('new');
      expect(j.repost).toMatchObject({ earlier_state: 'hidden', confirmed: true });
    }
  });
});
