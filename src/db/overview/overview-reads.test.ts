import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchStore } from '../../runner/batch-store';
import { seedQueries } from '../../runner/runner-test-kit';
import type { JobCard } from '../../scraper';
import { openDatabase, type OpenedDatabase } from '../database';
import { quantile } from './histogram';
import { compare } from './headlines';
import { OverviewReads } from './overview-reads';

// What the Overview's reads decide beyond the counts its API test checks: which queries get a
// series, the histogram's quartiles, and where a range's days begin in the server's zone.

let dir: string;
let database: OpenedDatabase;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-overview-'));
  database = await openDatabase(dir);
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ZONE = 'America/New_York';
const NOW = Date.parse('2026-11-10T15:00:00Z');
const card = (id: number): JobCard => ({
  jobId: String(id),
  title: `Role ${id}`,
  companyName: `Company ${id}`,
  companySlug: null,
  location: 'New York',
  salary: null,
  postedDate: null,
  postedText: null,
  url: `https://www.linkedin.com/jobs/view/${id}`,
});

/** One batch at `at`: the n-th query stores `counts[n]` new jobs. */
function storeBatch(at: number, counts: readonly number[]): void {
  const store = new BatchStore(database.sqlite);
  const claim = store.claimBatch('manual', at);
  if (!claim.claimed) throw new Error('not claimed');
  let id = 1000 * claim.batch.id;
  for (const count of counts) {
    const query = store.nextQuery(claim.batch.id);
    if (!query) throw new Error('no query left');
    const run = store.createRun(claim.batch.id, query, at);
    const cards = Array.from({ length: count }, () => card((id += 1)));
    store.savePage(run, { start: 0, cards, skippedCards: 0, nextStart: count }, at, ZONE);
    store.finishRun(run.id, 'completed', null, at);
  }
  store.finishBatch(claim.batch.id, 'completed', null, at);
}

describe('OverviewReads', () => {
  it('gives the 8 queries with the most kept jobs a series each, and the others one together', () => {
    seedQueries(
      database,
      Array.from({ length: 10 }, (_, i) => ({
        jobTitle: `Title ${i + 1}`,
        locationId: i + 1,
        displayName: `Place ${i + 1}`,
      })),
    );
    // Query 3 stores the most, then 1 and 2 (a tie, by id), then 4 to 10 fewer and fewer.
    storeBatch(NOW, [9, 9, 12, 7, 6, 5, 4, 3, 2, 1]);
    const reads = new OverviewReads(database.sqlite);
    const answer = reads.newJobs({ range: '7', now: NOW, timeZone: ZONE });
    expect(answer.series.map((s) => [s.query_id, s.label, s.jobs.at(-1)])).toEqual([
      [3, 'Title 3 · Place 3', 12],
      [1, 'Title 1 · Place 1', 9],
      [2, 'Title 2 · Place 2', 9],
      [4, 'Title 4 · Place 4', 7],
      [5, 'Title 5 · Place 5', 6],
      [6, 'Title 6 · Place 6', 5],
      [7, 'Title 7 · Place 7', 4],
      [8, 'Title 8 · Place 8', 3],
      [null, 'Other queries', 3],
    ]);
    expect(answer.total.at(-1)).toBe(58);
  });

  it('begins a range at its first day’s midnight in the server’s zone', () => {
    seedQueries(database, [{ jobTitle: 'Analyst', locationId: 1, displayName: 'New York' }]);
    // 04:59 and 05:00 UTC on 4 November: 23:59 on the 3rd and midnight on the 4th in New York,
    // the first day of the 7 that end on the 10th.
    storeBatch(Date.parse('2026-11-04T04:59:00Z'), [2]);
    storeBatch(Date.parse('2026-11-04T05:00:00Z'), [3]);
    const reads = new OverviewReads(database.sqlite);
    const week = reads.searches({ range: '7', now: NOW, timeZone: ZONE });
    expect(week.days[0]).toBe('2026-11-04');
    expect(week.searches.map((s) => [s.jobs_found, s.new_in_range, s.daily_new[0]])).toEqual([
      [3, 3, 3],
    ]);
    const all = reads.searches({ range: 'all', now: NOW, timeZone: ZONE });
    expect(all.days[0]).toBe('2026-11-03');
    expect(all.searches.map((s) => [s.jobs_found, s.new_in_range, s.new_last_run])).toEqual([
      [5, 5, 3],
    ]);
  });

  it('answers today alone, in zeros, for an empty database', () => {
    const reads = new OverviewReads(database.sqlite);
    expect(reads.triage({ range: 'all', now: NOW, timeZone: ZONE })).toEqual({
      range: 'all',
      query_id: null,
      days: ['2026-11-10'],
      backfills: [0],
      stages: [
        { stage: 'found', jobs: 0 },
        { stage: 'seen', jobs: 0 },
        { stage: 'saved', jobs: 0 },
        { stage: 'applied', jobs: 0 },
      ],
      hidden: 0,
    });
    expect(reads.newJobs({ range: '7', now: NOW, timeZone: ZONE }).series).toEqual([]);
    const headlines = reads.headlines({ range: '7', now: NOW, timeZone: ZONE });
    // Nothing was ever found: no week before to compare with.
    expect([headlines.new_jobs, headlines.requests_per_new_job]).toEqual([
      { value: 0, previous: null, change: null, change_share: null },
      { value: null, previous: null, change: null, change_share: null },
    ]);
    // A change from nothing has no share of it.
    expect(compare(2, 0)).toEqual({ value: 2, previous: 0, change: 2, change_share: null });
    expect(compare(1, 4)).toEqual({ value: 1, previous: 4, change: -3, change_share: -0.75 });
  });
});

describe('quantile', () => {
  it('interpolates between the two nearest values, as PERCENTILE.INC', () => {
    const bins = [
      { value: 10, jobs: 1 },
      { value: 1, jobs: 1 },
      { value: 2, jobs: 1 },
      { value: 3, jobs: 1 },
    ];
    expect(quantile(bins, 0.5)).toBe(2.5);
    expect(quantile(bins, 0.25)).toBe(1.75);
    expect(quantile(bins, 0.75)).toBe(4.75);
    expect(
      quantile(
        [
          { value: 200, jobs: 3 },
          { value: 25, jobs: 1 },
        ],
        0.5,
      ),
    ).toBe(200);
    expect(quantile([{ value: 7, jobs: 1 }], 0.25)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([{ value: 7, jobs: 0 }], 0.5)).toBeNull();
  });
});
