import fs from 'node:fs';
import { z } from 'zod';
import { startSimulator, type Simulator } from '../simulator';
import { RECHECK_EVERY_DAYS_DEFAULT, RECHECK_SETTINGS_DEFAULT } from '../src/contract';
import { PipelineTriage } from '../src/db/pipeline/triage-sync';
import { SETTING_KEYS } from '../src/db/settings';
import { createBatchRunner, dayInZone } from '../src/runner';
import { openTempDatabase, recordingLog, testSiteClient } from '../src/runner/runner-test-kit';
import { seedWeekQueries } from './incremental.bench';
import { atMost, context, round, type BenchFigure, type BenchSuite } from './report';

// Issue 41, round two: a simulated month of daily batches (the week bench's 20 searches, the
// site growing 5 % a day, 40 % of its postings closing at known times on its clock, the
// product's clock the site's), with 300 jobs on the Pipeline board from the first day: 200 at
// Saved and 100 at Applied, 120 of them (40 %) closing during the month. After each completed
// batch the re-checks run as the product runs them (every 3 days, 100 a batch). Checked against
// the site's truth: every closed job is marked within N + 1 days of closing, no open job is ever
// marked closed; and what the re-checks cost: the month's site requests per new job with them
// and without them (the same month, re-checks off).

const DAYS = 30;
const DAY_MS = 86_400_000;
const WATCHED = 300;
const CLOSING = 120;
const APPLIED = 100;
const EVERY_DAYS = RECHECK_EVERY_DAYS_DEFAULT;
const REQUESTS_PER_NEW_JOB_BUDGET = 1.5;
const DETAILS_PREFIX = '/jobs-guest/jobs/api/jobPosting/';

interface MonthResult {
  /** Site requests and new jobs on days 2–30, and on the whole month. */
  laterRequests: number;
  laterNewJobs: number;
  requests: number;
  newJobs: number;
  /** Re-reads of the watched jobs' pages (none are new after day 1). */
  rechecks: number;
  /**
   * The fewest re-reads on days 2–30 that find every closing within N + 1 days, for a schedule
   * that cannot know when a job will close: each watched job read every N + 1 days from day 1
   * until a read finds it closed.
   */
  leastRechecks: number;
  /** Days from closing on the site to marked closed, per watched job found closed. */
  delays: number[];
  /** Watched jobs that closed N + 1 days or more before the last batch and were not marked. */
  missed: number;
  /** Watched jobs that closed later, not marked yet when the month ended. */
  pending: number;
  /** Jobs marked closed while the site still had them open (any job, any day). */
  falseClosures: number;
}

const closedRow = z.object({ id: z.string(), closed_at: z.number() });

/** Picks `count` of `ids` spread evenly over them (the same ones on every run). */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length < count) throw new Error(`rechecks bench: ${items.length} < ${count}`);
  return Array.from(
    { length: count },
    (_, i) => items[Math.floor((i * items.length) / count)],
  ).filter((item): item is T => item !== undefined);
}

/** The 300 jobs the operator keeps on the board: 120 that close this month, 180 that never do. */
function pickWatched(sim: Simulator, stored: readonly string[], monthEnd: number) {
  const now = sim.clock.now();
  const closesAt = (id: string) => sim.catalogue.jobById(id)?.closesAt;
  const closers = stored.filter((id) => {
    const at = closesAt(id);
    return at !== undefined && at > now && at <= monthEnd;
  });
  const open = stored.filter((id) => closesAt(id) === undefined);
  return { closers: spread(closers, CLOSING), open: spread(open, WATCHED - CLOSING) };
}

export async function month(budget: number, everyDays = EVERY_DAYS): Promise<MonthResult> {
  const sim = await startSimulator({ dailyGrowth: 0.05, closeShare: 0.4 });
  const { database, dataDir } = await openTempDatabase();
  const site = testSiteClient(sim.url);
  const now = () => sim.clock.now();
  const runner = createBatchRunner({
    connection: database.connection,
    site,
    now,
    log: recordingLog(),
    timeZone: 'UTC',
  });
  const sqlite = database.sqlite;
  try {
    seedWeekQueries(database);
    sqlite
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?)')
      .run(SETTING_KEYS.rechecks, JSON.stringify({ every_days: everyDays, budget }));
    const newOf = sqlite.prepare('SELECT COUNT(*) FROM jobs WHERE first_seen_batch_id = ?').pluck();
    const watched = new Set<string>();
    const sent = (from: number) =>
      sim.requests.slice(from).filter((r) => !r.path.startsWith('/__'));
    const firstBatch = now();
    let falseClosures = 0;
    const falseSeen = new Set<string>();
    const result = { laterRequests: 0, laterNewJobs: 0, requests: 0, newJobs: 0, rechecks: 0 };

    for (let day = 1; day <= DAYS; day += 1) {
      if (day > 1) sim.clock.advance(DAY_MS);
      const mark = sim.requests.length;
      // As the daily schedule starts it: that day's daily batch, once.
      const claim = await runner.start('daily', dayInZone(now(), 'UTC'));
      if (!claim.claimed) throw new Error('rechecks bench: batch did not start');
      await runner.idle();
      const requests = sent(mark);
      const fresh = Number(newOf.get(claim.batch.id));
      result.requests += requests.length;
      result.newJobs += fresh;
      if (day > 1) {
        result.laterRequests += requests.length;
        result.laterNewJobs += fresh;
      }
      result.rechecks += requests.filter(
        (r) =>
          r.path.startsWith(DETAILS_PREFIX) && watched.has(r.path.slice(DETAILS_PREFIX.length)),
      ).length;
      // Never closed while the site had it open: every job marked so far, against the truth.
      for (const raw of sqlite
        .prepare('SELECT id, closed_at FROM jobs WHERE closed_at IS NOT NULL')
        .all()) {
        const row = closedRow.parse(raw);
        const closesAt = sim.catalogue.jobById(row.id)?.closesAt;
        if ((closesAt === undefined || closesAt > row.closed_at) && !falseSeen.has(row.id)) {
          falseSeen.add(row.id);
          falseClosures += 1;
        }
      }
      if (day === 1) {
        const stored = sqlite
          .prepare('SELECT id FROM jobs ORDER BY CAST(id AS INTEGER)')
          .pluck()
          .all();
        const { closers, open } = pickWatched(sim, stored.map(String), now() + (DAYS - 1) * DAY_MS);
        // As the Jobs screen triages (decision 056): saved and applied jobs enter the board.
        const triage = new PipelineTriage(sqlite);
        const applied = [
          ...spread(closers, (APPLIED * CLOSING) / WATCHED),
          ...spread(open, APPLIED - (APPLIED * CLOSING) / WATCHED),
        ];
        const saved = [...closers, ...open].filter((id) => !applied.includes(id));
        triage.setStates(applied.map(Number), 'applied', now());
        triage.setStates(saved.map(Number), 'saved', now());
        for (const id of [...closers, ...open]) watched.add(id);
      }
    }

    const lastBatch = now();
    const step = (everyDays + 1) * DAY_MS;
    let leastRechecks = 0;
    for (const id of watched) {
      const closesAt = sim.catalogue.jobById(id)?.closesAt ?? Number.POSITIVE_INFINITY;
      for (let at = firstBatch + step; at <= lastBatch; at += step) {
        leastRechecks += 1;
        if (at >= closesAt) break;
      }
    }
    const delays: number[] = [];
    let missed = 0;
    let pending = 0;
    const closedAtOf = sqlite.prepare('SELECT closed_at FROM jobs WHERE id = ?').pluck();
    for (const id of watched) {
      const closesAt = sim.catalogue.jobById(id)?.closesAt;
      if (closesAt === undefined || closesAt > lastBatch) continue;
      const marked = z.number().nullable().parse(closedAtOf.get(id));
      if (marked !== null) delays.push((marked - closesAt) / DAY_MS);
      else if (lastBatch - closesAt >= (everyDays + 1) * DAY_MS) missed += 1;
      else pending += 1;
    }
    return { ...result, leastRechecks, delays, missed, pending, falseClosures };
  } finally {
    await runner.close();
    await site.close();
    await database.close();
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(): Promise<BenchFigure[]> {
  const withRechecks = await month(RECHECK_SETTINGS_DEFAULT.budget);
  const without = await month(0);
  const perNewJob = (requests: number, jobs: number) => round(requests / Math.max(1, jobs));
  const late = withRechecks.delays.filter((d) => d > EVERY_DAYS + 1).length;
  const worst = withRechecks.delays.reduce((a, b) => Math.max(a, b), 0);
  return [
    atMost(
      `month (${DAYS} daily batches, ${WATCHED} on the board): closed jobs marked later than ${EVERY_DAYS + 1} days`,
      late + withRechecks.missed,
      'jobs',
      0,
    ),
    atMost('jobs marked closed while open on the site', withRechecks.falseClosures, 'jobs', 0),
    context(
      `  watched jobs found closed (of ${CLOSING} closing in the month)`,
      withRechecks.delays.length,
      'jobs',
    ),
    context(
      '  closed in the last days, not due yet at the month’s end',
      withRechecks.pending,
      'jobs',
    ),
    context('  longest time from closing to marked', round(worst), 'days'),
    context(
      '  mean time from closing to marked',
      round(
        withRechecks.delays.reduce((a, b) => a + b, 0) / Math.max(1, withRechecks.delays.length),
      ),
      'days',
    ),
    atMost(
      `days 2–${DAYS}: site requests per new job, re-checks included`,
      perNewJob(withRechecks.laterRequests, withRechecks.laterNewJobs),
      'req/job',
      REQUESTS_PER_NEW_JOB_BUDGET,
    ),
    context(
      `  the same month without re-checks`,
      perNewJob(without.laterRequests, without.laterNewJobs),
      'req/job',
    ),
    context(
      `  the least any schedule can spend (each open watched job read every ${EVERY_DAYS + 1} days)`,
      perNewJob(without.laterRequests + withRechecks.leastRechecks, without.laterNewJobs),
      'req/job',
    ),
    context(
      `whole month (day 1's full scan included): with re-checks`,
      perNewJob(withRechecks.requests, withRechecks.newJobs),
      'req/job',
    ),
    context(`  without re-checks`, perNewJob(without.requests, without.newJobs), 'req/job'),
    context('re-checks in the month', withRechecks.rechecks, 'req'),
    context('  the least any schedule can make', withRechecks.leastRechecks, 'req'),
    context(
      `  per new job (days 2–${DAYS})`,
      perNewJob(withRechecks.rechecks, withRechecks.laterNewJobs),
      'req/job',
    ),
    context(`new jobs stored on days 2–${DAYS}`, withRechecks.laterNewJobs, 'jobs'),
  ];
}

export const rechecksSuite: BenchSuite = { name: 'rechecks', run: measure };
