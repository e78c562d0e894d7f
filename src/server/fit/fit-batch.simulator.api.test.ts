import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIT_PROFILES, startSimulator, type Simulator } from '../../../simulator';
import { jobDetailSchema, jobListSchema, type JobListItem } from '../../contract';
import { BERLIN, seedQueries } from '../../runner/runner-test-kit';
import { startTestServer, type TestServer } from '../test-harness';
import { makeProfile } from './fit-test-kit';

// Issue 40 against the simulated site, through the real server: a batch over the simulator's fit
// postings scores each job as its card is stored, and again as its details are; a job a card rule
// hid keeps its card's score (its details are not fetched); the list's best fits are postings the
// simulator's truth calls fits, and a job's detail explains its score part by part.

const POSTINGS = 40;
/** The simulator's fit postings' ids start here (simulator/fit-catalogue.ts). */
const FIT_ID_BASE = 4_800_000_000;

let simulator: Simulator;
let server: TestServer;
let items: JobListItem[];
const cardOnly = new Set<number>();
beforeAll(async () => {
  simulator = await startSimulator({ fitJobs: POSTINGS, jobsPerQuery: 60 });
  server = await startTestServer({ LINKEDIN_BASE_URL: simulator.url });
  await makeProfile(server, FIT_PROFILES.backend.body);
  seedQueries(server.database, [{ jobTitle: 'fit jobs', ...BERLIN }]);
  // A card rule hides the data postings: their details are not fetched.
  const rule = await server.authed({
    method: 'POST',
    url: '/api/v1/rules',
    payload: { name: 'No data', conditions: [{ field: 'title', value: 'Data' }], action: 'hide' },
  });
  expect(rule.statusCode, rule.body).toBe(201);
  const res = await server.authed({ method: 'POST', url: '/api/v1/batches' });
  expect(res.statusCode, res.body).toBe(201);
  await server.ctx.runner.runner.idle();
  const list = await server.authed({
    method: 'GET',
    url: '/api/v1/jobs?sort=fit&limit=100&state=new,seen,saved,applied,hidden',
  });
  // The search also lists catalogue jobs whose words match: the fit postings are those with truth.
  items = jobListSchema.parse(list.json()).items.filter((item) => item.id >= FIT_ID_BASE);
  const described = z
    .array(z.object({ id: z.string() }))
    .parse(
      server.database.sqlite.prepare('SELECT id FROM jobs WHERE details_fetched_at IS NULL').all(),
    );
  for (const row of described) cardOnly.add(Number(row.id));
});
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

const truthSchema = z.object({
  jobs: z.array(
    z.object({
      id: z.string(),
      truth: z.object({ backend: z.enum(['strong', 'partial', 'poor']) }),
      dealbreaker: z.object({ backend: z.boolean() }),
    }),
  ),
});

describe('a batch over the fit postings', () => {
  it('scores every job: from the details where read, from the card where a rule hid it first', () => {
    expect(items).toHaveLength(POSTINGS);
    expect(items.filter((item) => cardOnly.has(item.id)).length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.fit, `job ${item.id}`).not.toBeNull();
      expect(item.fit?.source, `job ${item.id}`).toBe(cardOnly.has(item.id) ? 'card' : 'details');
      expect(item.fit?.profile_id).toBe(1);
    }
  });

  it('lists the simulator’s fits first and its dealbreakers in Poor', async () => {
    const res = await fetch(`${simulator.url}/__simulator/truth/fit`);
    const truth = new Map(
      truthSchema.parse(await res.json()).jobs.map((j) => [Number(j.id), j] as const),
    );
    const described = items.filter((item) => !cardOnly.has(item.id));
    const top = described.slice(0, 3).map((item) => truth.get(item.id)?.truth.backend);
    expect(top).not.toContain('poor');
    for (const item of described)
      if (truth.get(item.id)?.dealbreaker.backend)
        expect(item.fit?.band, `job ${item.id}`).toBe('poor');
    // Best first, whole list.
    const scores = items.map((item) => item.fit?.score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('explains a job’s score part by part, with the sentences it rests on', async () => {
    const best = items.find((item) => !cardOnly.has(item.id));
    const res = await server.authed({ method: 'GET', url: `/api/v1/jobs/${best?.id ?? 0}` });
    const detail = jobDetailSchema.parse(res.json());
    const fit = detail.fits?.[0];
    expect(fit).toMatchObject({ profile_name: FIT_PROFILES.backend.body.name, source: 'details' });
    expect(fit?.score).toBe(best?.fit?.score);
    const points = fit?.parts.reduce((sum, part) => sum + part.points, 0) ?? 0;
    expect(Math.round(points)).toBeGreaterThanOrEqual(fit?.score ?? 101);
    const evidence = fit?.parts
      .filter((part) => part.kind === 'must_skill' && part.outcome === 'yes')
      .flatMap((part) => part.evidence)
      .find((e) => e.field === 'description');
    expect(evidence).toBeDefined();
    const [from, to] = evidence?.marks[0] ?? [0, 0];
    expect(evidence?.text.slice(from, to).length).toBeGreaterThan(0);
  });
});
