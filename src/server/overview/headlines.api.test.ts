import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  overviewHeadlinesSchema,
  overviewPipelineSchema,
  overviewSearchesSchema,
} from '../../contract';
import type { ApplicationStage } from '../../contract/pipeline';
import { JobStates } from '../../db/jobs/job-states';
import { seedApplications } from '../../db/pipeline/demo-seed';
import { BatchStore, type ActiveQuery } from '../../runner/batch-store';
import { detailsOf, seedQueries } from '../../runner/runner-test-kit';
import { startTestServer, type TestServer } from '../test-harness';
import { jobCard } from './test-cards';

// Issue 39: the Overview's headlines (the range against the range before it) and what the
// Searches table adds per query (unique jobs found, and what its jobs reached on the Pipeline),
// on a history in UTC whose every figure is worked out by hand below. Today is 2026-11-14: the
// last 7 days are the 8th to the 14th, the 7 before them the 1st to the 7th.

let server: TestServer;
let q1 = 0;
let q2 = 0;

const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-11-14T10:00:00Z');

const query = (id: number, isAi = false): ActiveQuery => ({
  id,
  job_title: 'Job',
  display_name: 'Place',
  location_id: id,
  is_ai: isAi ? 1 : 0,
});

/** A batch on `day` (09:00 UTC): each run one page of `ids`; then `requests` site requests. */
function batch(day: string, runs: Array<[ActiveQuery, string[]]>, requests: number): number {
  const store = new BatchStore(server.database.sqlite);
  const when = at(`${day}T09:00:00Z`);
  const claim = store.claimBatch('manual', when);
  if (!claim.claimed) throw new Error('not claimed');
  for (const [q, ids] of runs) {
    const run = store.createRun(claim.batch.id, q, when);
    const cards = ids.map((id) => jobCard(id));
    store.savePage(run, { start: 0, cards, skippedCards: 0, nextStart: cards.length }, when, 'UTC');
    store.finishRun(run.id, 'completed', null, when);
  }
  store.finishBatch(claim.batch.id, 'completed', null, when + 60_000);
  server.database.sqlite
    .prepare(
      `INSERT OR REPLACE INTO batch_site_counts
        (batch_id, requests, rate_limited, retries, pauses, pause_ms, failed_details)
       VALUES (?, ?, 0, 0, 0, 0, 0)`,
    )
    .run(claim.batch.id, requests);
  return claim.batch.id;
}

function seed(): void {
  [q1 = 0, q2 = 0] = seedQueries(server.database, [
    { jobTitle: 'Data Engineer', locationId: 1, displayName: 'Berlin' },
    { jobTitle: 'Data scientist on climate', locationId: 2, displayName: 'London', isAi: true },
  ]);
  const [one, two] = [query(q1), query(q2, true)];
  // Before both ranges: q1's first run stores 1-4 (its backfill, on 20 October).
  batch('2026-10-20', [[one, ['1', '2', '3', '4']]], 9);
  // The range before: q1 stores 5 and 6 and sees 1 again; q2's first run stores 7 and sees 1, 2.
  batch(
    '2026-11-03',
    [
      [one, ['5', '6', '1']],
      [two, ['1', '2', '7']],
    ],
    20,
  );
  // This range: q1 stores 8, 9, 10 and sees 5 again; q2 stores 11 and sees 1, 2, 7 again.
  const store = new BatchStore(server.database.sqlite);
  const current = batch(
    '2026-11-10',
    [
      [one, ['8', '9', '10', '5']],
      [two, ['1', '2', '7', '11']],
    ],
    30,
  );
  // q1's new jobs' details: two fetched, one failed (three site requests of its own).
  const detailsAt = at('2026-11-10T09:30:00Z');
  store.saveDetails(current, detailsOf(jobCard('8'), 'About 8.'), detailsAt);
  store.saveDetails(current, detailsOf(jobCard('9'), 'About 9.'), detailsAt);
  store.saveDetailsError(current, '10', 'Job removed');
  // Two days later both see again what they saw: sightings, no new job.
  batch(
    '2026-11-12',
    [
      [one, ['8']],
      [two, ['1', '2', '7', '11']],
    ],
    10,
  );
  new JobStates(server.database.sqlite).setState(10, 'hidden');

  const history = (...steps: Array<[ApplicationStage, string]>) =>
    steps.map(([stage, day]) => ({ stage, at: at(`${day}T12:00:00Z`) }));
  seedApplications(server.database.sqlite, [
    // Saved and applied before, Screening and Interviewing in this range.
    {
      jobId: '5',
      history: history(
        ['saved', '2026-11-02'],
        ['applied', '2026-11-04'],
        ['screening', '2026-11-10'],
        ['interviewing', '2026-11-12'],
      ),
    },
    // Applied straight away in this range: put on the board and applied.
    { jobId: '8', history: history(['applied', '2026-11-10']) },
    { jobId: '9', history: history(['saved', '2026-11-11']) },
    // Saved long ago, applied in this range.
    { jobId: '1', history: history(['saved', '2026-10-21'], ['applied', '2026-11-09']) },
    // q2's: saved and applied the range before, rejected in this one; one saved now.
    {
      jobId: '7',
      history: history(
        ['saved', '2026-11-05'],
        ['applied', '2026-11-06'],
        ['rejected', '2026-11-13'],
      ),
    },
    { jobId: '11', history: history(['saved', '2026-11-13']) },
  ]);
}

beforeAll(async () => {
  server = await startTestServer();
  await server.ctx.runner.runner.idle();
  seed();
  server.advance(NOW - server.ctx.now());
});
afterAll(async () => {
  await server?.close();
});

async function get<T>(path: string, schema: { parse: (value: unknown) => T }): Promise<T> {
  const res = await server.authed({ method: 'GET', url: `/api/v1/overview/${path}` });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

const figure = (value: number | null, previous: number | null) => ({
  value,
  previous,
  change: value === null || previous === null ? null : value - previous,
  change_share:
    value === null || previous === null || previous === 0 ? null : (value - previous) / previous,
});

describe('GET /overview/headlines', () => {
  it('gives the range’s figures against the 7 days before it, each with its change', async () => {
    const body = await get('headlines?range=7', overviewHeadlinesSchema);
    expect(body).toEqual({
      range: '7',
      query_id: null,
      days: [
        '2026-11-08',
        '2026-11-09',
        '2026-11-10',
        '2026-11-11',
        '2026-11-12',
        '2026-11-13',
        '2026-11-14',
      ],
      backfills: [0, 0, 0, 0, 0, 0, 0],
      previous_days: { first: '2026-11-01', last: '2026-11-07' },
      // 8, 9, 10, 11 against 5, 6, 7.
      new_jobs: { value: 4, previous: 3, change: 1, change_share: 1 / 3 },
      // 10 hidden.
      kept: { value: 3, previous: 3, change: 0, change_share: 0 },
      // On the board: 8, 9, 11 against 5, 7.
      saved: { value: 3, previous: 2, change: 1, change_share: 0.5 },
      // Into Applied or later: 8 and 1 against 5 and 7.
      applied: { value: 2, previous: 2, change: 0, change_share: 0 },
      // The batches' own counts: 30 + 10 against 20.
      site_requests: { value: 40, previous: 20, change: 20, change_share: 1 },
      requests_per_new_job: figure(40 / 4, 20 / 3),
    });
    // Applied is the pipeline funnel's Applied, for the same days.
    const pipeline = await get('pipeline?range=7', overviewPipelineSchema);
    expect(pipeline.funnel[0]).toEqual({ stage: 'applied', reached: body.applied.value });
  });

  it('counts one query’s own site requests: its result pages and its new jobs’ details', async () => {
    const body = await get(`headlines?range=7&query=${q1}`, overviewHeadlinesSchema);
    expect(body).toMatchObject({
      query_id: q1,
      new_jobs: figure(3, 2),
      kept: figure(2, 2),
      saved: figure(2, 1),
      applied: figure(2, 1),
      // Two runs' pages and three details (8, 9 fetched, 10 failed), against one page.
      site_requests: figure(5, 1),
      requests_per_new_job: figure(5 / 3, 1 / 2),
    });
  });

  it('compares with no range before `all`, nor with one before anything was found', async () => {
    const all = await get('headlines?range=all', overviewHeadlinesSchema);
    expect(all.previous_days).toBeNull();
    expect(all.days[0]).toBe('2026-10-20');
    expect(all.new_jobs).toEqual(figure(11, null));
    expect(all.site_requests).toEqual(figure(69, null));
    // The 30 days before the last 30 end on 15 October, before anything was found: no
    // comparison, rather than growth from nothing.
    const month = await get('headlines?range=30', overviewHeadlinesSchema);
    expect(month.previous_days).toEqual({ first: '2026-09-16', last: '2026-10-15' });
    expect(month.new_jobs).toEqual(figure(11, null));
    // q2's history starts on 3 November: the week before the last holds it, and is compared.
    const second = await get(`headlines?range=7&query=${q2}`, overviewHeadlinesSchema);
    expect([second.new_jobs, second.applied]).toEqual([figure(1, 1), figure(0, 1)]);
  });
});

describe('GET /overview/searches: what the Searches table adds (issue 39)', () => {
  it('counts each job a search found once, and what its jobs reached on the Pipeline', async () => {
    const week = await get('searches?range=7', overviewSearchesSchema);
    expect(
      week.searches.map((s) => ({
        id: s.query_id,
        sightings: s.jobs_found,
        unique: s.unique_jobs_found,
        new: s.new_in_range,
        saved: s.saved_in_range,
        applied: s.applied_in_range,
        screening: s.screening_in_range,
        backfill: s.backfill_day,
      })),
    ).toEqual([
      // 8, 9, 10, 5 and 8 again.
      {
        id: q1,
        sightings: 5,
        unique: 4,
        new: 3,
        saved: 2,
        applied: 2,
        screening: 1,
        backfill: '2026-10-20',
      },
      // 1, 2, 7, 11 twice: eight sightings of four jobs, one of them new.
      {
        id: q2,
        sightings: 8,
        unique: 4,
        new: 1,
        saved: 1,
        applied: 0,
        screening: 0,
        backfill: '2026-11-03',
      },
    ]);
    const month = await get('searches?range=30', overviewSearchesSchema);
    expect(month.searches.map((s) => [s.jobs_found, s.unique_jobs_found])).toEqual([
      // 1-4, then 5, 6, 1, then 8, 9, 10, 5, then 8: nine jobs.
      [12, 9],
      [11, 4],
    ]);
    expect(month.backfills?.slice(4, 5)).toEqual([1]);
    // 90 days' sightings are too many to count one by one within the call's time: none.
    const quarter = await get('searches?range=90', overviewSearchesSchema);
    expect(quarter.searches.map((s) => [s.jobs_found, s.unique_jobs_found])).toEqual([
      [12, null],
      [11, null],
    ]);
    expect(month.backfills?.reduce((a, b) => a + b, 0)).toBe(2);
  });
});
