import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APPLICATION_STAGES, type ApplicationStage } from '../../contract/pipeline';
import { BatchStore, type ActiveQuery } from '../../runner/batch-store';
import { seedQueries } from '../../runner/runner-test-kit';
import { startTestServer, type TestServer } from '../test-harness';
import { jobCard } from './test-cards';

// GET /overview/pipeline against applications and their history written with SQL beside jobs the
// runner stored under two saved queries: each funnel count and median worked out by hand below.

let server: TestServer;
let q1 = 0;
let q2 = 0;

const at = (iso: string) => Date.parse(iso);
// The server's zone is UTC: the 7 days end today, 2026-11-02, and start on 2026-10-27.
const NOW = at('2026-11-02T08:00:00Z');
const STORED = at('2026-07-01T08:00:00Z');

function storeJobs(runs: Array<{ query: ActiveQuery; ids: string[] }>): void {
  const store = new BatchStore(server.database.sqlite);
  const claim = store.claimBatch('manual', STORED);
  if (!claim.claimed) throw new Error('not claimed');
  for (const { query, ids } of runs) {
    const run = store.createRun(claim.batch.id, query, STORED);
    const cards = ids.map((id) => jobCard(id));
    store.savePage(
      run,
      { start: 0, cards, skippedCards: 0, nextStart: cards.length },
      STORED,
      'UTC',
    );
    store.finishRun(run.id, 'completed', null, STORED);
  }
  store.finishBatch(claim.batch.id, 'completed', null, STORED);
}

type History = Array<[ApplicationStage, string]>;

/** An application and its history, as the pipeline's module would have written them. */
function application(jobId: string, history: History, leftAt: string | null = null): void {
  const { sqlite } = server.database;
  const last = history.at(-1);
  if (!last) throw new Error('a history has at least one entry');
  sqlite
    .prepare(
      `INSERT INTO applications (job_id, stage, stage_since, created_at, updated_at, left_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(jobId, last[0], at(last[1]), STORED, STORED, leftAt === null ? null : at(leftAt));
  const event = sqlite.prepare(
    `INSERT INTO application_events (job_id, stage, at, recorded_at, source)
     VALUES (?, ?, ?, ?, 'operator')`,
  );
  for (const [stage, when] of history) event.run(jobId, stage, at(when), NOW);
}

function seed(): void {
  [q1 = 0, q2 = 0] = seedQueries(server.database, [
    { jobTitle: 'Data Engineer', locationId: 1, displayName: 'Berlin' },
    { jobTitle: 'Analyst', locationId: 2, displayName: 'London' },
  ]);
  const query = (id: number): ActiveQuery => ({
    id,
    job_title: 'Job',
    display_name: 'Place',
    location_id: id,
    is_ai: 0,
  });
  storeJobs([
    { query: query(q1), ids: ['201', '202', '203', '204', '206'] },
    { query: query(q2), ids: ['205', '207', '208'] },
  ]);
  // q1. Applied 2.5 days, Screening 2 days, Interviewing now.
  application('201', [
    ['applied', '2026-10-28T00:00:00Z'],
    ['screening', '2026-10-30T12:00:00Z'],
    ['interviewing', '2026-11-01T12:00:00Z'],
  ]);
  // Saved 9 days, Applied 3 days, then rejected.
  application('202', [
    ['saved', '2026-10-20T00:00:00Z'],
    ['applied', '2026-10-29T00:00:00Z'],
    ['rejected', '2026-11-01T00:00:00Z'],
  ]);
  // Entered the funnel before the week, within 30 days: Applied 2 days (ended before the week),
  // Screening 17 days (ended in it), straight to Offer (Interviewing passed), Offer 2 days.
  application('203', [
    ['applied', '2026-10-10T00:00:00Z'],
    ['screening', '2026-10-12T00:00:00Z'],
    ['offer', '2026-10-29T00:00:00Z'],
    ['accepted', '2026-10-31T00:00:00Z'],
  ]);
  // Saved only: no funnel, no finished stay.
  application('204', [['saved', '2026-10-31T00:00:00Z']]);
  // Applied 1 day, withdrawn, then taken off the board by triage: its history still counts.
  application(
    '206',
    [
      ['applied', '2026-10-28T06:00:00Z'],
      ['withdrawn', '2026-10-29T06:00:00Z'],
    ],
    '2026-10-30T00:00:00Z',
  );
  // q2. Applied logged twice (one stay of 2 days from the first), Screening now.
  application('205', [
    ['applied', '2026-10-30T00:00:00Z'],
    ['applied', '2026-10-31T00:00:00Z'],
    ['screening', '2026-11-01T00:00:00Z'],
  ]);
  // Saved 5 days, then straight to Screening: its entry into the funnel, Applied passed.
  application('207', [
    ['saved', '2026-10-25T00:00:00Z'],
    ['screening', '2026-10-30T00:00:00Z'],
  ]);
  // Long ago: Applied 31 days, then No answer.
  application('208', [
    ['applied', '2026-08-01T00:00:00Z'],
    ['no_answer', '2026-09-01T00:00:00Z'],
  ]);
}

const answerSchema = z.object({
  funnel: z.array(z.object({ stage: z.string(), reached: z.number() })),
  time_in_stage: z.array(
    z.object({ stage: z.string(), median_days: z.number().nullable(), stays: z.number() }),
  ),
  now: z.array(z.object({ stage: z.string(), applications: z.number() })),
});

async function get(search: string, token?: string) {
  const url = `/api/v1/overview/pipeline${search}`;
  const res = token
    ? await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    : await server.authed({ method: 'GET', url });
  return { status: res.statusCode, body: z.unknown().parse(res.json()) };
}

async function answer(search: string) {
  const res = await get(search);
  expect(res.status).toBe(200);
  return answerSchema.parse(res.body);
}

/** Every stage's row, from the ones given (the rest: no stay). */
const stays = (given: Partial<Record<ApplicationStage, [number, number]>>) =>
  APPLICATION_STAGES.map((stage) => {
    const [median, count] = given[stage] ?? [null, 0];
    return { stage, median_days: median, stays: count };
  });
const counts = (given: Partial<Record<ApplicationStage, number>>) =>
  APPLICATION_STAGES.map((stage) => ({ stage, applications: given[stage] ?? 0 }));

beforeAll(async () => {
  server = await startTestServer();
  seed();
  server.advance(NOW - server.ctx.now());
});
afterAll(async () => {
  await server?.close();
});

describe('GET /overview/pipeline', () => {
  it('counts the week’s entries into the funnel, how far they went, the stays that ended in it, and the board now', async () => {
    expect(await answer('?range=7')).toEqual({
      funnel: [
        { stage: 'applied', reached: 5 },
        { stage: 'screening', reached: 3 },
        { stage: 'interviewing', reached: 1 },
        { stage: 'offer', reached: 0 },
      ],
      // Applied: 1, 2, 2.5 and 3 days → 2.25, one decimal.
      time_in_stage: stays({
        saved: [7, 2],
        applied: [2.3, 4],
        screening: [9.5, 2],
        offer: [2, 1],
      }),
      // 206 left the board.
      now: counts({
        saved: 1,
        screening: 2,
        interviewing: 1,
        accepted: 1,
        rejected: 1,
        no_answer: 1,
      }),
    });
  });

  it('takes 30 days by default: an application that skipped a stage has passed it', async () => {
    const body = await answer('');
    expect(body.funnel).toEqual([
      { stage: 'applied', reached: 6 },
      { stage: 'screening', reached: 4 },
      { stage: 'interviewing', reached: 2 },
      { stage: 'offer', reached: 1 },
    ]);
    expect(body.time_in_stage).toEqual(
      stays({ saved: [7, 2], applied: [2, 5], screening: [9.5, 2], offer: [2, 1] }),
    );
  });

  it('reads every day with range=all', async () => {
    const body = await answer('?range=all');
    expect(body.funnel.map((f) => f.reached)).toEqual([7, 4, 2, 1]);
    // Applied: 1, 2, 2, 2.5, 3 and 31 days.
    expect(body.time_in_stage.find((t) => t.stage === 'applied')).toEqual({
      stage: 'applied',
      median_days: 2.3,
      stays: 6,
    });
  });

  it('narrows everything to the jobs a saved query found first', async () => {
    expect(await answer(`?range=7&query=${q2}`)).toEqual({
      funnel: [
        { stage: 'applied', reached: 2 },
        { stage: 'screening', reached: 2 },
        { stage: 'interviewing', reached: 0 },
        { stage: 'offer', reached: 0 },
      ],
      time_in_stage: stays({ saved: [5, 1], applied: [2, 1] }),
      now: counts({ screening: 2, no_answer: 1 }),
    });
    const other = await answer(`?range=7&query=${q1}`);
    expect(other.funnel.map((f) => f.reached)).toEqual([3, 1, 1, 0]);
    expect(other.now).toEqual(counts({ saved: 1, interviewing: 1, accepted: 1, rejected: 1 }));
  });

  it('answers a read-only API token', async () => {
    const created = await server.authed({
      method: 'POST',
      url: '/api/v1/api-tokens',
      payload: { name: 'dashboards', scope: 'read-only' },
    });
    const { token } = z.object({ token: z.string() }).parse(created.json());
    expect((await get('?range=7', token)).status).toBe(200);
  });

  it.each([
    ['?range=14', 400, 'range must be one of 7, 30, 90, all'],
    ['?query=abc', 400, 'query must be a saved query’s id (a positive integer)'],
    ['?days=7', 400, 'unknown parameter days; known: range, query'],
    ['?query=999', 404, 'Query not found'],
  ])('%s → %i', async (search, status, error) => {
    expect(await get(search)).toEqual({ status, body: { error } });
  });
});
