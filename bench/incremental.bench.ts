import fs from 'node:fs';
import type { SqliteFile } from '../src/db/sqlite-file';
import { guestFiltersFromUrl, startSimulator, type Simulator } from '../simulator';
import { normalizeFilters, type SearchFiltersWrite } from '../src/contract/search-filters';
import { createBatchRunner } from '../src/runner';
import { guestFilterParams } from '../src/scraper';
import {
  openTempDatabase,
  recordingLog,
  seedQueries,
  testSiteClient,
} from '../src/runner/runner-test-kit';
import { atMost, context, type BenchFigure, type BenchSuite, round } from './report';

// Issue 10: a simulated week of daily batches. 20 standard queries, the site's catalogue
// growing 5% a day, one batch a day, no interval. Requests are the product's scarcest
// resource: count what each day after the first costs per new job, beside what a full
// re-scan of every query costs; check recall against the simulator's own truth (every job
// posted in the week that a query matches is stored); and turn day 2's request count into
// wall time at the default pace.

const QUERIES = 20;
const DAYS = 7;
const DAILY_GROWTH = 0.05;
const REQUESTS_PER_NEW_JOB_BUDGET = 1.5;
const MISSED_BUDGET = 0;
/** SCRAPE_MIN_INTERVAL_MS's default, and its mean with up to 50% jitter. */
const PACE_S = 3;
const MEAN_GAP_S = PACE_S * 1.25;
const DAY_MS = 86_400_000;

/** The searches of the simulated weeks and months (issue 17's reposts bench runs them too). */
export const WORDS = [
  'python developer',
  'data engineer',
  'product manager',
  'sales executive',
  'ux designer',
  'cloud architect',
  'security analyst',
  'financial analyst',
  'marketing manager',
  'support engineer',
];
export const BERLIN = { locationId: 103035651, displayName: 'Berlin, Germany' };
export const LONDON = { locationId: 102257491, displayName: 'London, England, United Kingdom' };
const placeOf = (i: number) => (i < WORDS.length ? BERLIN : LONDON);
/** A few queries carry filters, so the incremental window meets the operator's own. */
const FILTERS: Record<number, SearchFiltersWrite> = {
  3: { workplace: ['remote', 'hybrid'] },
  7: { job_type: ['full_time'], easy_apply: true },
  11: { posted_within: 'past_month', experience: ['mid_senior', 'director'] },
  15: { posted_within: 'past_24_hours' },
};

export interface WeekResult {
  /** Site requests (searches + details) on days 2–7. */
  laterRequests: number;
  /** Jobs first stored on days 2–7. */
  laterNewJobs: number;
  /** Of those, the ones not hidden (by rules, issue 17's bench): what the operator keeps. */
  laterKeptJobs: number;
  day2Requests: number;
  day2NewJobs: number;
  missed: number;
  postedMatching: number;
  fullDay1Requests: number;
}

/** The week's 20 searches, a few with the operator's filters (the month of re-checks runs them too). */
export function seedWeekQueries(database: Parameters<typeof seedQueries>[0]): void {
  const ids = seedQueries(
    database,
    Array.from({ length: QUERIES }, (_, i) => ({
      jobTitle: WORDS[i % WORDS.length] ?? 'data engineer',
      ...placeOf(i),
    })),
  );
  const setFilters = database.sqlite.prepare('UPDATE queries SET filters = ? WHERE id = ?');
  for (const [index, filters] of Object.entries(FILTERS))
    setFilters.run(JSON.stringify(filters), ids[Number(index)]);
}

/** `prepare` runs on the fresh database before day 1 (the rules bench adds its rules there). */
export async function week(
  incremental: boolean,
  prepare?: (sqlite: SqliteFile) => void,
): Promise<WeekResult> {
  const sim: Simulator = await startSimulator({ dailyGrowth: DAILY_GROWTH });
  const { database, dataDir } = await openTempDatabase();
  const site = testSiteClient(sim.url);
  const runner = createBatchRunner({
    connection: database.connection,
    site,
    now: () => sim.clock.now(),
    log: recordingLog(),
    incremental,
  });
  try {
    seedWeekQueries(database);
    prepare?.(database.sqlite);

    const newOf = database.sqlite
      .prepare('SELECT COUNT(*) FROM jobs WHERE first_seen_batch_id = ?')
      .pluck();
    const keptOf = database.sqlite
      .prepare(`SELECT COUNT(*) FROM jobs WHERE first_seen_batch_id = ? AND state <> 'hidden'`)
      .pluck();
    const batch = async (): Promise<{ requests: number; newJobs: number; kept: number }> => {
      const mark = sim.requests.length;
      const claim = await runner.start('daily');
      if (!claim.claimed) throw new Error('incremental bench: batch did not start');
      await runner.idle();
      const status = database.sqlite
        .prepare('SELECT status FROM batches WHERE id = ?')
        .pluck()
        .get(claim.batch.id);
      if (status !== 'completed') throw new Error(`incremental bench: batch ${String(status)}`);
      return {
        requests: sim.requests.length - mark,
        newJobs: Number(newOf.get(claim.batch.id)),
        kept: Number(keptOf.get(claim.batch.id)),
      };
    };

    const day1 = await batch();
    const weekStart = sim.catalogue.jobs.length;
    let laterRequests = 0;
    let laterNewJobs = 0;
    let laterKeptJobs = 0;
    let day2 = { requests: 0, newJobs: 0 };
    for (let day = 2; day <= DAYS; day += 1) {
      sim.clock.advance(DAY_MS);
      const result = await batch();
      if (day === 2) day2 = result;
      laterRequests += result.requests;
      laterNewJobs += result.newJobs;
      laterKeptJobs += result.kept;
    }

    // The simulator's truth: every posting of the week that a query's search matches.
    const stored = new Set(
      database.sqlite
        .prepare('SELECT id FROM jobs')
        .pluck()
        .all()
        .map((id) => String(id)),
    );
    const posted = new Set(sim.catalogue.jobs.slice(weekStart).map((j) => j.id));
    const wanted = new Set<string>();
    for (let i = 0; i < QUERIES; i += 1) {
      // The operator's filters as the site reads them, without "posted within": a posting
      // matched a 24-hour filter on the day it was new, which is when it was searched.
      const params = guestFilterParams(normalizeFilters(FILTERS[i]), null);
      const filters = guestFiltersFromUrl(new URLSearchParams(params));
      const title = WORDS[i % WORDS.length] ?? '';
      for (const job of sim.search.guest(title, String(placeOf(i).locationId), filters).all)
        if (posted.has(job.id)) wanted.add(job.id);
    }
    const missed = [...wanted].filter((id) => !stored.has(id)).length;
    return {
      laterRequests,
      laterNewJobs,
      laterKeptJobs,
      day2Requests: day2.requests,
      day2NewJobs: day2.newJobs,
      missed,
      postedMatching: wanted.size,
      fullDay1Requests: day1.requests,
    };
  } finally {
    await runner.close();
    await site.close();
    await database.close();
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const hours = (requests: number): number => round((requests * MEAN_GAP_S) / 3600);

async function measure(): Promise<BenchFigure[]> {
  const inc = await week(true);
  const full = await week(false);
  return [
    atMost(
      `week (${QUERIES} queries, +5%/day): requests per new job, days 2–${DAYS}`,
      round(inc.laterRequests / Math.max(1, inc.laterNewJobs)),
      'req/job',
      REQUESTS_PER_NEW_JOB_BUDGET,
    ),
    context(
      `  the same week re-scanned in full: requests per new job`,
      round(full.laterRequests / Math.max(1, full.laterNewJobs)),
      'req/job',
    ),
    atMost(
      `recall: week's matching postings not stored (of ${inc.postedMatching})`,
      inc.missed,
      'jobs',
      MISSED_BUDGET,
    ),
    context(`  full re-scan: matching postings not stored`, full.missed, 'jobs'),
    context(`days 2–${DAYS}: site requests`, inc.laterRequests, 'req'),
    context(`days 2–${DAYS}: new jobs stored`, inc.laterNewJobs, 'jobs'),
    context('day 2 batch: site requests', inc.day2Requests, 'req'),
    context(
      `day 2 batch: wall time at ${PACE_S} s pace (${MEAN_GAP_S} s mean gap)`,
      hours(inc.day2Requests),
      'h',
    ),
    context(`  full re-scan day 2: site requests`, full.day2Requests, 'req'),
    context(`  full re-scan day 2: wall time at the same pace`, hours(full.day2Requests), 'h'),
    context('day 1 (first, full) batch: site requests', inc.fullDay1Requests, 'req'),
  ];
}

export const incrementalSuite: BenchSuite = { name: 'incremental', run: measure };
