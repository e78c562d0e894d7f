import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIT_PROFILES, startSimulator, type Simulator } from '../../../simulator';
import { jobListSchema, ruleSchema, type JobListItem } from '../../contract';
import { BERLIN, seedQueries } from '../../runner/runner-test-kit';
import { makeProfile } from '../fit/fit-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// Issue 40's rule on fit against the simulated site, through the real server: a batch over the
// simulator's fit postings hides the poor fits by "fit below 40" and flags the strong ones by
// "fit 80 or more", each on the score read from the job's details (never the card's).

const POSTINGS = 40;
/** The simulator's fit postings' ids start here (simulator/fit-catalogue.ts). */
const FIT_ID_BASE = 4_800_000_000;

let simulator: Simulator;
let server: TestServer;
let items: JobListItem[];
let hideId = 0;
let flagId = 0;
beforeAll(async () => {
  simulator = await startSimulator({ fitJobs: POSTINGS, jobsPerQuery: 60 });
  server = await startTestServer({ LINKEDIN_BASE_URL: simulator.url });
  await makeProfile(server, FIT_PROFILES.backend.body);
  seedQueries(server.database, [{ jobTitle: 'fit jobs', ...BERLIN }]);
  const rule = async (payload: object) => {
    const res = await server.authed({ method: 'POST', url: '/api/v1/rules', payload });
    expect(res.statusCode, res.body).toBe(201);
    return ruleSchema.parse(res.json()).id;
  };
  hideId = await rule({ name: 'Poor fits', action: 'hide', fit: { below: 40 } });
  flagId = await rule({ name: 'Strong fits', action: 'flag', fit: { at_least: 80 } });
  const res = await server.authed({ method: 'POST', url: '/api/v1/batches' });
  expect(res.statusCode, res.body).toBe(201);
  await server.ctx.runner.runner.idle();
  const list = await server.authed({
    method: 'GET',
    url: '/api/v1/jobs?sort=fit&limit=100&state=new,seen,saved,applied,hidden',
  });
  items = jobListSchema.parse(list.json()).items.filter((item) => item.id >= FIT_ID_BASE);
});
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

describe('a batch with rules on fit', () => {
  it('hides the poor fits and flags the strong ones, on the scores from their details', () => {
    expect(items).toHaveLength(POSTINGS);
    const score = (item: JobListItem) => item.fit?.score ?? -1;
    const poor = items.filter((item) => score(item) < 40);
    const strong = items.filter((item) => score(item) >= 80);
    // The simulator's postings hold both, and some between.
    expect(poor.length).toBeGreaterThan(0);
    expect(strong.length).toBeGreaterThan(0);
    expect(items.length - poor.length - strong.length).toBeGreaterThan(0);
    for (const item of items) {
      // Every job's details were read: the rule on fit waited for them.
      expect(item.fit?.source, `job ${item.id}`).toBe('details');
      const isPoor = score(item) < 40;
      expect(item.state, `job ${item.id} (${score(item)})`).toBe(isPoor ? 'hidden' : 'new');
      expect(item.hidden_by_rule, `job ${item.id}`).toEqual(
        isPoor ? { id: hideId, name: 'Poor fits' } : null,
      );
      expect(
        item.flags.map((f) => f.rule_id),
        `job ${item.id}`,
      ).toEqual(score(item) >= 80 ? [flagId] : []);
    }
  });

  it('leaves the hidden ones out of the default list', async () => {
    const res = await server.authed({ method: 'GET', url: '/api/v1/jobs?limit=100' });
    const listed = jobListSchema.parse(res.json()).items.filter((item) => item.id >= FIT_ID_BASE);
    expect(listed.length).toBe(items.filter((item) => (item.fit?.score ?? -1) >= 40).length);
    expect(listed.every((item) => (item.fit?.score ?? -1) >= 40)).toBe(true);
  });
});
